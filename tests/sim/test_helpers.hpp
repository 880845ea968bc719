// Builders for warp accesses used across the simulator tests.
#pragma once

#include <functional>

#include "ws/access.hpp"

namespace ws::test {

inline WarpAccess make_access(Space space, Op op, int bytes, const std::function<std::uint64_t(int)>& addr,
                              std::uint32_t mask = 0xffffffffu) {
  WarpAccess a;
  a.space = space;
  a.op = op;
  a.bytes = static_cast<std::uint8_t>(bytes);
  a.active_mask = mask;
  for (int i = 0; i < kMaxWarpLanes; ++i) a.address[i] = addr(i);
  return a;
}

inline WarpAccess shared_load(int bytes, const std::function<std::uint64_t(int)>& addr,
                              std::uint32_t mask = 0xffffffffu) {
  return make_access(Space::Shared, Op::Load, bytes, addr, mask);
}

inline WarpAccess global_load(int bytes, const std::function<std::uint64_t(int)>& addr,
                              std::uint32_t mask = 0xffffffffu) {
  return make_access(Space::Global, Op::Load, bytes, addr, mask);
}

}  // namespace ws::test
