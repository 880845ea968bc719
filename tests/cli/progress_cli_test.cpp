// Issue 37: commands that run for seconds (`compare` 7 s, `export --deck` 52 s
// for the default deck) said nothing until the end. On a terminal they show one
// line of progress on stderr, saying what they do ("slide 2 of 3"), redrawn in
// place and erased at the end; with stderr not a terminal, nothing.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "run_command.hpp"

namespace ws::test {
namespace {

namespace fs = std::filesystem;

struct TerminalRun {
  int exit_code = -1;
  std::string terminal;  // what the command wrote to its terminal (stderr)
  std::string out;       // stdout, sent to a file
};

// Runs warpscope with stderr (and stdin) on a pseudo-terminal, stdout to a
// file, DISPLAY unset; gives up after `seconds`.
TerminalRun run_on_terminal(const std::vector<std::string>& args, int seconds = 120) {
  const fs::path out = fs::temp_directory_path() / ("ws_pty_out_" + std::to_string(::getpid()));
  const char* env_exe = std::getenv("WARPSCOPE_EXE");
  const std::string exe = env_exe && *env_exe ? env_exe : WARPSCOPE_EXE;
  int master = -1;
  const pid_t child = ::forkpty(&master, nullptr, nullptr, nullptr);
  if (child == 0) {
    const int fd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd < 0 || ::dup2(fd, STDOUT_FILENO) < 0) ::_exit(126);
    ::unsetenv("DISPLAY");
    ::unsetenv("WAYLAND_DISPLAY");
    std::vector<char*> argv{const_cast<char*>(exe.c_str())};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(exe.c_str(), argv.data());
    ::_exit(127);
  }
  TerminalRun r;
  if (child < 0) return r;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  char buffer[4096];
  bool closed = false;  // the child closed its terminal (read gives EIO): it is exiting
  while (!closed && std::chrono::steady_clock::now() < deadline) {
    pollfd p{master, POLLIN, 0};
    if (::poll(&p, 1, 1000) <= 0) continue;
    const ssize_t got = ::read(master, buffer, sizeof buffer);
    if (got <= 0) closed = true;
    else r.terminal.append(buffer, static_cast<std::size_t>(got));
  }
  int status = 0;
  if (!closed) {
    ::kill(child, SIGKILL);
    ADD_FAILURE() << "still running after " << seconds << " s";
  }
  ::waitpid(child, &status, 0);
  ::close(master);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = slurp(out);
  fs::remove(out);
  return r;
}

bool export_built() { return run_warpscope({"--help"}).out.find("export") != std::string::npos; }

TEST(Progress, CompareSaysWhichKernelItPredictsOnATerminalOnly) {
  const TerminalRun t = run_on_terminal({"compare", "--gpu", "h100"});
  ASSERT_EQ(t.exit_code, 0) << t.terminal;
  EXPECT_NE(t.terminal.find("\rwarpscope: compare: predicting kernel 1 of "), std::string::npos) << t.terminal;
  EXPECT_NE(t.terminal.find("predicting kernel 2 of "), std::string::npos) << t.terminal;
  // Erased at the end: the terminal's last characters are spaces and a carriage return.
  EXPECT_EQ(t.terminal.back(), '\r');
  EXPECT_EQ(t.terminal.find('\n'), std::string::npos) << "progress is redrawn in place, never a line of its own";
  EXPECT_NE(t.out.find("measured vs predicted"), std::string::npos);

  const CommandResult piped = run_warpscope({"compare", "--gpu", "h100"});
  EXPECT_EQ(piped.exit_code, 0);
  EXPECT_EQ(piped.err, "") << "stderr not a terminal: no progress";
  EXPECT_EQ(piped.out, t.out) << "stdout is the same either way";
}

TEST(Progress, DeckExportCountsItsSlidesOnATerminalOnly) {
  if (!export_built()) GTEST_SKIP() << "built without the window";
  const fs::path dir = fs::temp_directory_path() / ("ws_progress_deck_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  // toy's step 2 asks nothing (one slide), step 3 asks (its question and its reveal): 3 slides.
  std::ofstream(dir / "three.json") << R"({"title": "Three", "lessons": [{"lesson": "toy", "steps": [2, 3]}]})";
  const TerminalRun t =
      run_on_terminal({"export", "--deck", (dir / "three.json").string(), "--out", (dir / "tty").string()});
  ASSERT_EQ(t.exit_code, 0) << t.terminal;
  for (const char* line : {"\rwarpscope: export: slide 1 of 3 (01-toy-s02-question)",
                           "\rwarpscope: export: slide 2 of 3 (01-toy-s03-question)",
                           "\rwarpscope: export: slide 3 of 3 (01-toy-s03-reveal)"})
    EXPECT_NE(t.terminal.find(line), std::string::npos) << line << " in " << t.terminal;
  EXPECT_EQ(t.terminal.find('\n'), std::string::npos) << t.terminal;

  const CommandResult piped = run_warpscope_with(
      {"export", "--deck", (dir / "three.json").string(), "--out", (dir / "piped").string()}, "",
      "env -u DISPLAY -u WAYLAND_DISPLAY");
  EXPECT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_EQ(piped.err, "") << "stderr not a terminal: no progress";
  fs::remove_all(dir);
}

}  // namespace
}  // namespace ws::test
