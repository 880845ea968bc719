// What a JSON value is, in the words a message about a bad field uses: the
// measurement files (measurements.cpp) and the lessons (app/lessons) both say
// "kernels.copy.median_ms: is a string, not a number".
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace ws::kernels {

inline std::string kind_of(const nlohmann::json& v) {
  using value_t = nlohmann::json::value_t;
  switch (v.type()) {
    case value_t::null: return "null";
    case value_t::object: return "an object";
    case value_t::array: return "an array";
    case value_t::string: return "a string";
    case value_t::boolean: return "a boolean";
    case value_t::number_integer:
    case value_t::number_unsigned: return "an integer";
    case value_t::number_float: return "a number";
    default: return "not a value";
  }
}

}  // namespace ws::kernels
