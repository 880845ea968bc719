// Checks a warp access against a preset before analysis; the message names the
// lane or the parameter that is wrong.
#pragma once

#include <optional>
#include <string>

#include "ws/access.hpp"
#include "ws/arch.hpp"

namespace ws {

// Returns an error message, or nothing when the access is valid.
std::optional<std::string> validate_access(const WarpAccess& access, const ArchPreset& arch);

}  // namespace ws
