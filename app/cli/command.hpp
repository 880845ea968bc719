// Shared pieces of the warpscope subcommands: exit codes, the usage error
// that carries a one-line message to stderr, how numbers on the command line
// are read, and the check of an output path before any work is done.
#pragma once

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>

namespace ws::cli {

// The contract (README "Exit codes"): 0 success, 2 bad input (a flag, a value,
// an expression, a file), 3 no GPU where one is needed, 1 an internal error or
// output that could not be written.
enum ExitCode : int { kOk = 0, kFailure = 1, kUsage = 2, kNoGpu = 3 };

// Thrown for bad input; main prints "warpscope: <message>" and exits with 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// An integer as the README promises it: decimal (leading zeros are still
// decimal: "010" is ten) or 0x hex, with an optional sign. Rewrites `text` as
// plain decimal; returns why not otherwise. CLI11 alone would read "010" as
// octal 8 (strtoll with base 0).
inline std::string canonical_integer(std::string& text) {
  std::string_view t = text;
  bool negative = false;
  if (!t.empty() && (t.front() == '-' || t.front() == '+')) {
    negative = t.front() == '-';
    t.remove_prefix(1);
  }
  int base = 10;
  if (t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
    base = 16;
    t.remove_prefix(2);
  }
  const std::string why = fmt::format("'{}' is not a whole number (decimal, or hex with 0x)", text);
  if (t.empty()) return why;
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v, base);
  if (ec == std::errc::result_out_of_range || (ec == std::errc() && end == t.data() + t.size() &&
                                               v > static_cast<std::uint64_t>(INT64_MAX) + (negative ? 1 : 0)))
    return fmt::format("'{}' is too large", text);
  if (ec != std::errc() || end != t.data() + t.size()) return why;
  text = (negative && v != 0 ? "-" : "") + std::to_string(v);
  return {};
}

// A finite real number ("nan", "inf" and hex floats are refused).
inline std::string finite_number(std::string& text) {
  const char* begin = text.c_str();
  char* end = nullptr;
  const double v = std::strtod(begin, &end);
  const bool hex = text.find_first_of("xX") != std::string::npos;
  if (text.empty() || end != begin + text.size() || hex || std::isspace(static_cast<unsigned char>(text[0])))
    return fmt::format("'{}' is not a number", text);
  if (!std::isfinite(v)) return fmt::format("'{}' is not a finite number", text);
  return {};
}

// For a text option whose empty value would read as "not given" (`--show ''`
// printing the list, `--lesson ''` the plain window): '' is bad input instead.
inline CLI::Validator non_empty(const std::string& what = "") {
  // No description: the help keeps showing TEXT.
  return CLI::Validator(
      [what](std::string& s) { return !s.empty() ? std::string() : what.empty() ? "is empty" : "is empty (give " + what + ")"; },
      "", "non-empty");
}

// Every integer and real option of `app` and its subcommands reads its value
// through canonical_integer() / finite_number(), and every text option refuses
// an empty value (non_empty()); call once after adding them.
inline void harden_number_options(CLI::App& app) {
  for (CLI::Option* opt : app.get_options()) {
    const std::string type = opt->get_type_name();
    if (type == "INT" || type == "UINT")
      opt->transform(CLI::Validator(canonical_integer, "", "decimal or 0x hex"));
    else if (type == "FLOAT")
      opt->transform(CLI::Validator(finite_number, "", "finite number"));
    else if (type == "TEXT")
      opt->check(non_empty());  // '' is bad input everywhere, never "not given" (--site '', --gpu '')
  }
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) harden_number_options(*sub);
}

// An output file named by `flag` must be writable before any work is done: not
// a directory, in a folder that exists. Bad paths are bad input (exit 2).
inline void check_output_path(const char* flag, const std::string& path) {
  namespace fs = std::filesystem;
  if (path.empty()) throw UsageError(fmt::format("{}: the file name is empty", flag));
  std::error_code ec;
  const fs::path p(path);
  if (fs::is_directory(p, ec)) throw UsageError(fmt::format("{}: {} is a directory, not a file", flag, path));
  const fs::path parent = p.parent_path().empty() ? fs::path(".") : p.parent_path();
  if (!fs::is_directory(parent, ec))
    throw UsageError(fmt::format("{}: cannot write {}: folder {} does not exist", flag, path, parent.string()));
}

}  // namespace ws::cli
