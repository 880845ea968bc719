// Nsight Compute on a student's kernel: `command` (warpscope kernel ... --run
// --repeat 1, run in-process so ncu sees the launch) profiled for the entry's
// first launch, the raw page exported as CSV and read back.
#include <fmt/format.h>
#include <stdlib.h>

#include "process.hpp"
#include "ws/kernels/ncu_csv.hpp"
#include "ws/kernels/student.hpp"

namespace ws::kernels {

std::variant<std::map<std::string, double>, StudentGpuError> ncu_counters(const StudentKernel& kernel,
                                                                          const std::vector<std::string>& command,
                                                                          const std::string& metrics) {
  namespace fs = std::filesystem;
  const auto ncu = student::find_program({"ncu", "/usr/local/cuda/bin/ncu"});
  if (!ncu) return StudentGpuError{"--ncu: Nsight Compute (ncu) is not on the PATH", true};
  std::string dir_template = (fs::temp_directory_path() / "warpscope-ncu-XXXXXX").string();
  if (!mkdtemp(dir_template.data())) return StudentGpuError{"--ncu: cannot make a temporary folder", false};
  const fs::path dir = dir_template;
  struct Remove {
    fs::path d;
    ~Remove() {
      std::error_code ec;
      fs::remove_all(d, ec);
    }
  } remove{dir};
  const std::string base = kernel.source().entry.substr(0, kernel.source().entry.find('<'));
  std::vector<std::string> argv{*ncu, "--metrics", metrics, "--kernel-name", "regex:^" + base + "$", "--launch-count", "1",
                                "-o", (dir / "profile").string()};
  argv.insert(argv.end(), command.begin(), command.end());
  setenv("WS_KERNEL_IN_PROCESS", "1", 1);
  const student::ProcessResult profiled = student::run_process(argv, std::chrono::seconds(600));
  unsetenv("WS_KERNEL_IN_PROCESS");
  if (profiled.exit_code != 0 || !fs::exists(dir / "profile.ncu-rep")) {
    std::string last = profiled.output;
    while (!last.empty() && last.back() == '\n') last.pop_back();
    last = last.substr(last.rfind('\n') == std::string::npos ? 0 : last.rfind('\n') + 1);
    return StudentGpuError{fmt::format("--ncu: ncu failed: {}", last), false};
  }
  const student::ProcessResult exported = student::run_process(
      {*ncu, "--import", (dir / "profile.ncu-rep").string(), "--page", "raw", "--csv"}, std::chrono::seconds(120), false);
  auto parsed = parse_ncu_csv(exported.output, "ncu's export");
  if (!parsed) return StudentGpuError{"--ncu: " + parsed.error().message, false};
  if (parsed->kernels.empty()) return StudentGpuError{"--ncu: ncu profiled no launch of " + base, false};
  return parsed->kernels.front().metrics;
}

}  // namespace ws::kernels
