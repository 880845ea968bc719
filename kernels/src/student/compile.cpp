// The host compiler turns a student's file into a shared object warpscope loads:
// g++ -O0 (each access of the source stays one access) with -fsanitize=thread
// (a hook before every load and store; the prelude defines the hooks, the
// sanitizer's runtime is never linked). Objects are cached by content: an edit
// that changes only the launch compiles nothing.
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <sstream>

#include "process.hpp"
#include "student_prelude.hpp"
#include "ws/kernels/student.hpp"

namespace ws::kernels {
namespace fs = std::filesystem;
namespace {

// The CUDA headers a homework includes: empty, the prelude has what they declare.
constexpr const char* kCudaHeaders[] = {"cuda_runtime.h", "cuda_runtime_api.h", "cuda.h", "device_launch_parameters.h",
                                        "device_functions.h", "cuda_device_runtime_api.h", "helper_cuda.h"};

std::string hex(std::uint64_t v) { return fmt::format("{:016x}", v); }
std::uint64_t fnv(std::initializer_list<std::string_view> parts) { return student::content_hash(parts); }

bool write_file(const fs::path& p, std::string_view text) {
  const fs::path tmp = p.string() + fmt::format(".tmp{}", getpid());
  {
    std::ofstream out(tmp, std::ios::binary);
    if (!out) return false;
    out << text;
    if (!out) return false;
  }
  std::error_code ec;
  fs::rename(tmp, p, ec);
  return !ec;
}

// The compiler's errors about the student's file (and the entry line) as
// "FILE:LINE:COL: error: ...", at most `limit` of them; its whole output otherwise.
std::string compiler_errors(const std::string& output, const StudentSource& src, int limit = 6) {
  std::stringstream lines(output);
  std::vector<std::string> kept;
  for (std::string l; std::getline(lines, l);) {
    if (l.find(": error:") == std::string::npos && l.find(": fatal error:") == std::string::npos) continue;
    if (l.find("<warpscope entry>") != std::string::npos)
      l = fmt::format("{}:{}: error: the entry {} cannot be called with its parameters as declared ({})",
                      src.path.string(), src.entry_line, src.entry, l.substr(l.find("error:") + 7));
    kept.push_back(l);
    if (static_cast<int>(kept.size()) == limit) break;
  }
  if (kept.empty()) return output.substr(0, 2000);
  return fmt::format("{}", fmt::join(kept, "\n"));
}

}  // namespace

namespace student {

fs::path kernel_cache_dir() {
  if (const char* d = std::getenv("WS_CACHE_DIR"); d && *d) return fs::path(d) / "kernels";
  if (const char* d = std::getenv("XDG_CACHE_HOME"); d && *d) return fs::path(d) / "warpscope" / "kernels";
  if (const char* h = std::getenv("HOME"); h && *h) return fs::path(h) / ".cache" / "warpscope" / "kernels";
  return fs::temp_directory_path() / "warpscope-cache" / "kernels";
}

std::uint64_t content_hash(std::initializer_list<std::string_view> parts) {
  std::uint64_t h = 1469598103934665603ull;
  for (std::string_view p : parts) {
    for (unsigned char c : p) h = (h ^ c) * 1099511628211ull;
    h = (h ^ 0xff) * 1099511628211ull;
  }
  return h;
}

}  // namespace student

std::variant<CompiledStudent, std::string> compile_student(const StudentSource& src) {
  const char* chosen = std::getenv("WS_KERNEL_CXX");
  const std::optional<std::string> cxx =
      student::find_program({chosen ? chosen : "", "g++", "c++"});
  if (!cxx) return std::string("no C++ compiler found (g++): warpscope compiles a kernel file with it "
                               "(scripts/install-deps.sh installs it; WS_KERNEL_CXX names another)");
  struct stat st {};
  stat(cxx->c_str(), &st);
  const std::string compiler_id = fmt::format("{} {} {}", *cxx, st.st_size, st.st_mtime);
  const std::uint64_t key = fnv({kStudentPrelude, src.translation_unit, compiler_id});
  const fs::path dir = student::kernel_cache_dir();
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return fmt::format("cannot create the kernel cache {}: {}", dir.string(), ec.message());
  CompiledStudent out;
  out.library = dir / (hex(key) + ".so");
  if (fs::exists(out.library, ec)) {
    out.from_cache = true;
    return out;
  }
  // The prelude and the empty CUDA headers, in a folder named by the prelude's own hash.
  const fs::path include = dir / ("include-" + hex(fnv({kStudentPrelude})));
  if (!fs::exists(include / "ws_student_prelude.h", ec)) {
    fs::create_directories(include, ec);
    for (const char* h : kCudaHeaders)
      write_file(include / h, "// warpscope: CUDA's declarations come from its prelude (ws_student_prelude.h)\n");
    if (!write_file(include / "ws_student_prelude.h", kStudentPrelude))
      return fmt::format("cannot write the prelude into {}", include.string());
  }
  const fs::path unit = dir / (hex(key) + ".cpp");
  const fs::path object = dir / (hex(key) + fmt::format(".{}.o", getpid()));
  const fs::path library_tmp = dir / (hex(key) + fmt::format(".{}.so", getpid()));
  if (!write_file(unit, src.translation_unit)) return fmt::format("cannot write {}", unit.string());
  const auto start = std::chrono::steady_clock::now();
  const student::ProcessResult compiled = student::run_process(
      {*cxx, "-std=c++17", "-O0", "-g", "-fPIC", "-fsanitize=thread", "-w", "-fno-diagnostics-color",
       "-I", include.string(), "-include", "ws_student_prelude.h", "-x", "c++", "-c", unit.string(), "-o",
       object.string()},
      std::chrono::seconds(120));
  if (compiled.timed_out) return fmt::format("{}: the compiler ran for over 2 minutes and was stopped", src.path.string());
  if (compiled.exit_code != 0) {
    fs::remove(object, ec);
    return compiler_errors(compiled.output, src);
  }
  const student::ProcessResult linked = student::run_process(
      {*cxx, "-shared", "-o", library_tmp.string(), object.string()}, std::chrono::seconds(60));
  fs::remove(object, ec);
  if (linked.exit_code != 0) {
    fs::remove(library_tmp, ec);
    return fmt::format("{}: linking the kernel failed:\n{}", src.path.string(), linked.output.substr(0, 2000));
  }
  fs::rename(library_tmp, out.library, ec);
  if (ec) return fmt::format("cannot write {}: {}", out.library.string(), ec.message());
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace ws::kernels
