// KernelParams as JSON, through the one parameter table (param_specs()):
// {"rows": 8192, "cols": 8192, ..., "block_rows": 8, ...}. Used by report and
// bench --json, the measurement files and the window's recorded timings.
#pragma once

#include <nlohmann/json.hpp>

#include "ws/kernels/catalog.hpp"

namespace ws::kernels {

inline nlohmann::json params_to_json(const KernelParams& p) {
  nlohmann::json j = nlohmann::json::object();
  for (const ParamSpec& s : param_specs()) j[std::string(s.key)] = p.*s.field;
  return j;
}

// Keys present with an integer value override `base`; other keys are left alone.
inline KernelParams params_from_json(const nlohmann::json& j, KernelParams base) {
  if (!j.is_object()) return base;
  for (const ParamSpec& s : param_specs()) {
    const auto it = j.find(std::string(s.key));
    if (it != j.end() && it->is_number_integer()) base.*s.field = it->get<int>();
  }
  return base;
}

}  // namespace ws::kernels
