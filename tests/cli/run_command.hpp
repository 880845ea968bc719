// Runs the warpscope binary and captures exit code, stdout and stderr.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace ws::test {

struct CommandResult {
  int exit_code = -1;
  std::string out, err;
};

inline std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) {
    if (c == '\'') q.append("'\\''");
    else q.push_back(c);
  }
  q.push_back('\'');
  return q;
}

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// `stdout_to`: where the shell sends stdout instead of a capture file, e.g.
// ">/dev/full" or ">&-" (closed); `env`: assignments put before the command.
inline CommandResult run_warpscope_with(const std::vector<std::string>& args, const std::string& stdout_to,
                                        const std::string& env = "") {
  const auto dir = std::filesystem::temp_directory_path();
  const std::string tag = std::to_string(::getpid()) + "_" + std::to_string(std::rand());
  const auto out = dir / ("ws_out_" + tag), err = dir / ("ws_err_" + tag);
  std::string cmd = env.empty() ? "" : env + " ";
  // $WARPSCOPE_EXE overrides the built path: test binaries carried to another machine (the GPU one).
  const char* exe = std::getenv("WARPSCOPE_EXE");
  cmd += shell_quote(exe && *exe ? exe : WARPSCOPE_EXE);
  for (const auto& a : args) cmd += " " + shell_quote(a);
  cmd += " " + (stdout_to.empty() ? ">" + out.string() : stdout_to) + " 2>" + err.string() + " </dev/null";
  const int status = std::system(cmd.c_str());
  CommandResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  if (stdout_to.empty()) r.out = slurp(out);
  r.err = slurp(err);
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return r;
}

inline CommandResult run_warpscope(const std::vector<std::string>& args) { return run_warpscope_with(args, ""); }

// True when this warpscope was built with the window (its help lists `screenshot`).
inline bool screenshot_built() { return run_warpscope({"--help"}).out.find("screenshot") != std::string::npos; }

}  // namespace ws::test
