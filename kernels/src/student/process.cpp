#include "process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>

namespace ws::kernels::student {
namespace {

std::vector<char*> c_argv(const std::vector<std::string>& argv) {
  std::vector<char*> v;
  for (const std::string& a : argv) v.push_back(const_cast<char*>(a.c_str()));
  v.push_back(nullptr);
  return v;
}

}  // namespace

ProcessResult run_process(const std::vector<std::string>& argv, std::chrono::seconds limit, bool with_stderr) {
  ProcessResult r;
  int out[2];
  if (pipe2(out, O_CLOEXEC) != 0) return r;
  std::vector<char*> args = c_argv(argv);
  const pid_t pid = fork();
  if (pid < 0) {
    close(out[0]);
    close(out[1]);
    return r;
  }
  if (pid == 0) {
    dup2(out[1], 1);
    const int devnull = open("/dev/null", O_RDWR);
    dup2(with_stderr ? out[1] : devnull, 2);
    if (devnull >= 0) dup2(devnull, 0);
    execvp(args[0], args.data());
    _exit(127);
  }
  close(out[1]);
  const auto deadline = std::chrono::steady_clock::now() + limit;
  char buf[4096];
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      r.timed_out = true;
      kill(pid, SIGKILL);
      break;
    }
    pollfd p{out[0], POLLIN, 0};
    if (poll(&p, 1, static_cast<int>(std::min<long long>(left.count(), 1000))) <= 0) continue;
    const ssize_t n = read(out[0], buf, sizeof buf);
    if (n <= 0) break;
    r.output.append(buf, static_cast<std::size_t>(n));
  }
  close(out[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (!r.timed_out && WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  return r;
}

std::optional<std::string> find_program(const std::vector<std::string>& names) {
  namespace fs = std::filesystem;
  const char* path = std::getenv("PATH");
  for (const std::string& name : names) {
    if (name.empty()) continue;
    if (name.find('/') != std::string::npos) {
      if (access(name.c_str(), X_OK) == 0) return name;
      continue;
    }
    std::stringstream dirs(path ? path : "/usr/bin:/bin");
    for (std::string dir; std::getline(dirs, dir, ':');) {
      const fs::path candidate = fs::path(dir.empty() ? "." : dir) / name;
      if (access(candidate.c_str(), X_OK) == 0) return candidate.string();
    }
  }
  return std::nullopt;
}

Conversation::Conversation(const std::vector<std::string>& argv) {
  int in[2], out[2];
  if (pipe2(in, O_CLOEXEC) != 0) return;
  if (pipe2(out, O_CLOEXEC) != 0) {
    close(in[0]);
    close(in[1]);
    return;
  }
  std::vector<char*> args = c_argv(argv);
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(in[0], 0);
    dup2(out[1], 1);
    const int devnull = open("/dev/null", O_WRONLY);
    if (devnull >= 0) dup2(devnull, 2);
    execvp(args[0], args.data());
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  if (pid < 0) {
    close(in[1]);
    close(out[0]);
    return;
  }
  pid_ = pid;
  to_ = in[1];
  from_ = out[0];
}

Conversation::~Conversation() {
  if (pid_ <= 0) return;
  close(to_);
  close(from_);
  kill(pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
}

std::optional<std::vector<std::string>> Conversation::ask(const std::string& request) {
  if (pid_ <= 0) return std::nullopt;
  const std::string line = request + "\n";
  if (write(to_, line.data(), line.size()) != static_cast<ssize_t>(line.size())) return std::nullopt;
  std::vector<std::string> lines;
  char buf[4096];
  for (;;) {
    std::size_t nl;
    while ((nl = pending_.find('\n')) != std::string::npos) {
      std::string l = pending_.substr(0, nl);
      pending_.erase(0, nl + 1);
      if (l.empty()) return lines;
      lines.push_back(std::move(l));
    }
    pollfd p{from_, POLLIN, 0};
    if (poll(&p, 1, 10000) <= 0) return std::nullopt;  // 10 s without an answer: it hangs
    const ssize_t n = read(from_, buf, sizeof buf);
    if (n <= 0) return std::nullopt;
    pending_.append(buf, static_cast<std::size_t>(n));
  }
}

}  // namespace ws::kernels::student
