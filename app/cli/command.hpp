// Shared pieces of the warpscope subcommands: exit codes and the usage error
// that carries a one-line message to stderr.
#pragma once

#include <stdexcept>
#include <string>

namespace ws::cli {

enum ExitCode : int { kOk = 0, kFailure = 1, kUsage = 2, kNoGpu = 3 };

// Thrown for bad input; main prints "warpscope: <message>" and exits with 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace ws::cli
