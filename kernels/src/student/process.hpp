// Runs a program with arguments (no shell), feeding it text and taking its
// output, with a time limit: the compiler and the symbolizer of a student's kernel.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <string_view>
#include <optional>
#include <string>
#include <vector>

namespace ws::kernels::student {

struct ProcessResult {
  int exit_code = -1;   // -1: it could not start, or was killed
  bool timed_out = false;
  std::string output;   // stdout and stderr together
};
// `with_stderr` false: stderr goes to /dev/null (a program printing CSV on stdout).
ProcessResult run_process(const std::vector<std::string>& argv, std::chrono::seconds limit, bool with_stderr = true);

// Where compiled kernels are kept: WS_CACHE_DIR, else $XDG_CACHE_HOME/warpscope,
// else ~/.cache/warpscope; "kernels" under it.
std::filesystem::path kernel_cache_dir();

// FNV-1a over the strings: a cache key.
std::uint64_t content_hash(std::initializer_list<std::string_view> parts);

// The first of `names` found on PATH (an absolute path as given), or nothing.
std::optional<std::string> find_program(const std::vector<std::string>& names);

// A program kept running: one request line in, one answer out (up to a blank line).
class Conversation {
 public:
  explicit Conversation(const std::vector<std::string>& argv);
  ~Conversation();
  Conversation(const Conversation&) = delete;
  Conversation& operator=(const Conversation&) = delete;
  bool running() const { return pid_ > 0; }
  // The lines answered to `request`, up to the first empty one; nothing if it stopped.
  std::optional<std::vector<std::string>> ask(const std::string& request);

 private:
  int pid_ = -1, to_ = -1, from_ = -1;
  std::string pending_;
};

}  // namespace ws::kernels::student
