// One warp-level memory instruction as the simulator sees it: space, op, width,
// one byte address per lane and the active mask.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace ws {

inline constexpr int kMaxWarpLanes = 32;

enum class Space : std::uint8_t { Shared, Global };
enum class Op : std::uint8_t { Load, Store };
// ldmatrix is its own instruction kind (S7): 1, 2 or 4 matrices of 8 rows of 16 bytes.
enum class Ldmatrix : std::uint8_t { None = 0, X1 = 1, X2 = 2, X4 = 4 };

struct WarpAccess {
  Space space = Space::Shared;
  Op op = Op::Load;
  std::uint8_t bytes = 4;                 // width of the machine instruction: 1, 2, 4, 8, 16 (S2)
  Ldmatrix ldmatrix = Ldmatrix::None;     // shared loads only
  std::uint32_t active_mask = 0xffffffffu;
  std::array<std::uint64_t, kMaxWarpLanes> address{};  // byte address per lane

  bool active(int lane) const { return (active_mask >> lane) & 1u; }
};

std::string_view to_string(Space s);
std::string_view to_string(Op o);

}  // namespace ws
