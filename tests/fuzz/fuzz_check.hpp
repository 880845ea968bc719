// Shared by the fuzz harnesses: what counts as a finding besides a crash or a
// sanitizer report. A returned error is the right answer to bad input; an
// error without a message, or two analyses that disagree, is a bug.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace ws::fuzz {

[[noreturn]] inline void finding(std::string_view what) {
  std::fprintf(stderr, "FUZZ FINDING: %.*s\n", static_cast<int>(what.size()), what.data());
  std::abort();
}

inline void require(bool ok, std::string_view what) {
  if (!ok) finding(what);
}

// An error the user sees: a non-empty message.
inline void require_message(std::string_view message, std::string_view where) {
  if (message.empty()) finding(where);
}

}  // namespace ws::fuzz
