// Files that are not regular files, planted where warpscope reads its inputs
// (issue 37): a FIFO, which blocks a plain open() until a writer comes, and a
// link to /dev/zero, which a plain read fills memory from. Each call runs in a
// child process with a deadline, so a read that blocks fails the test instead
// of hanging it.
#pragma once

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <thread>

namespace ws::test {

inline void make_fifo(const std::filesystem::path& p) {
  ASSERT_EQ(::mkfifo(p.c_str(), 0600), 0) << p;
}

inline void link_to_dev_zero(const std::filesystem::path& p) {
  std::filesystem::create_symlink("/dev/zero", p);
}

// Runs `call` in a child: true when it returned within `seconds` (its result
// checked there: the child exits 0 only when `call` returns true).
inline bool returns_in_time(const std::function<bool()>& call, double seconds = 5) {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(call() ? 0 : 1);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  int status = 0;
  while (std::chrono::steady_clock::now() < deadline) {
    if (::waitpid(child, &status, WNOHANG) == child) return WIFEXITED(status) && WEXITSTATUS(status) == 0;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::kill(child, SIGKILL);
  ::waitpid(child, &status, 0);
  ADD_FAILURE() << "still reading after " << seconds << " s";
  return false;
}

}  // namespace ws::test
