#include "ws/access.hpp"

namespace ws {

std::string_view to_string(Space s) { return s == Space::Shared ? "shared" : "global"; }
std::string_view to_string(Op o) { return o == Op::Load ? "load" : "store"; }

}  // namespace ws
