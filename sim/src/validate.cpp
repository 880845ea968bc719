#include "ws/validate.hpp"

#include <fmt/format.h>

namespace ws {

std::optional<std::string> validate_access(const WarpAccess& a, const ArchPreset& arch) {
  const int b = a.bytes;
  if (b != 1 && b != 2 && b != 4 && b != 8 && b != 16)
    return fmt::format("width {} bytes is not one of 1, 2, 4, 8, 16", b);
  if (a.ldmatrix != Ldmatrix::None) {
    if (a.space != Space::Shared || a.op != Op::Load)
      return std::string("ldmatrix is a shared-memory load; use --space shared --op load");
    if (b != 16) return fmt::format("ldmatrix rows are 16 bytes wide, not {}", b);
    if (!arch.has_ldmatrix) return fmt::format("ldmatrix needs sm_75 or newer; preset {} has none", arch.name);
  }
  if (a.space == Space::Shared && !arch.allows_width(b))
    return fmt::format("width {} bytes is not allowed in shared memory on preset {}", b, arch.name);
  for (int lane = 0; lane < arch.warp_lanes; ++lane) {
    if (!a.active(lane)) continue;
    if (a.address[lane] % b != 0)
      return fmt::format("lane {}: address {:#x} is not aligned to the {}-byte width", lane,
                         a.address[lane], b);
  }
  return std::nullopt;
}

}  // namespace ws
