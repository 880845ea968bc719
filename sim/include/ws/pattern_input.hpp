// Turns user text into a warp's addresses: an address list (one entry per lane,
// '-' for an inactive lane) or an expression in `lane`. Used by the command line
// and by the window's own-pattern editor; messages name the lane and the token.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "ws/access.hpp"

namespace ws {

struct LaneAddresses {
  std::array<std::uint64_t, kMaxWarpLanes> address{};
  std::uint32_t active_mask = 0;
};

struct InputError {
  std::string message;
};

std::variant<LaneAddresses, InputError> parse_address_list(std::string_view text, int warp_lanes);
std::variant<LaneAddresses, InputError> addresses_from_expr(std::string_view expr, int warp_lanes);
// "0xffff0000" or decimal; must fit the warp.
std::variant<std::uint32_t, InputError> parse_mask(std::string_view text, int warp_lanes);

}  // namespace ws
