// A student's kernel run once in a child process before the window loads it
// into itself: a crash, an endless loop or a refused trace ends the child, and
// the window shows the message instead of going down with it.
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>

#include "ws/kernels/student.hpp"

namespace ws::kernels {

std::optional<std::string> rehearse_student(const StudentSource& src, const CompiledStudent& lib,
                                            const StudentLaunch& launch, std::chrono::seconds limit) {
  int fds[2];
  if (pipe(fds) != 0) return std::string("cannot start the rehearsal (pipe failed)");
  const pid_t child = fork();
  if (child < 0) {
    close(fds[0]);
    close(fds[1]);
    return std::string("cannot start the rehearsal (fork failed)");
  }
  if (child == 0) {
    close(fds[0]);
    std::string message;
    try {
      auto loaded = StudentKernel::load(src, lib, launch);
      if (auto* e = std::get_if<std::string>(&loaded)) {
        message = *e;
      } else {
        StudentKernel& k = *std::get<std::unique_ptr<StudentKernel>>(loaded);
        auto checked = k.check();
        if (auto* e = std::get_if<std::string>(&checked)) message = *e;
        else report(k.descriptor(), KernelParams{}, default_preset(), Dim3{0, 0, 0}, 0);
      }
    } catch (const std::exception& e) {
      message = e.what();
    }
    if (!message.empty()) (void)!write(fds[1], message.data(), message.size());
    _exit(message.empty() ? 0 : 2);
  }
  close(fds[1]);
  std::string message;
  const auto deadline = std::chrono::steady_clock::now() + limit;
  bool timed_out = false;
  char buf[4096];
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      timed_out = true;
      kill(child, SIGKILL);
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    if (poll(&p, 1, static_cast<int>(std::min<long long>(left.count(), 200))) <= 0) continue;
    const ssize_t n = read(fds[0], buf, sizeof buf);
    if (n <= 0) break;
    message.append(buf, static_cast<std::size_t>(n));
  }
  close(fds[0]);
  int status = 0;
  waitpid(child, &status, 0);
  if (timed_out)
    return fmt::format("{}: tracing ran past {} s and was stopped: a loop that never ends, or a launch too large",
                       src.path.string(), limit.count());
  if (WIFSIGNALED(status))
    return fmt::format("{}: the kernel crashed while it was traced ({}): an invalid pointer, or an index far out of "
                       "range", src.path.string(), strsignal(WTERMSIG(status)));
  if (!message.empty()) return message;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return fmt::format("{}: the trace failed", src.path.string());
  return std::nullopt;
}

}  // namespace ws::kernels
