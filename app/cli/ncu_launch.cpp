#include "cli/ncu_launch.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "cli/command.hpp"
#include "ws/kernels/input_file.hpp"
#include "ws/kernels/ncu_csv.hpp"

namespace ws::cli {

namespace wk = ws::kernels;
namespace fs = std::filesystem;

const char* const kNcuMetrics =
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,"
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,"
    "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,"
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,"
    "smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum,"
    "smsp__sass_inst_executed_op_global_ld.sum,smsp__sass_inst_executed_op_global_st.sum,"
    "smsp__sass_inst_executed_op_ldsm.sum";

std::string param_flags(const wk::KernelDescriptor& k, const wk::KernelParams& p) {
  std::string out;
  for (const wk::ParamSpec& s : wk::param_specs())
    if (k.reads(s.field)) out += fmt::format("{}{} {}", out.empty() ? "" : " ", s.flag(), p.*s.field);
  return out;
}

std::string kernel_flags(const wk::KernelDescriptor& k, const wk::KernelParams& p) {
  const std::string params = param_flags(k, p);
  return fmt::format("--kernel {}{}{}", k.name, params.empty() ? "" : " ", params);
}

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::optional<std::string> ncu_on_path() {
  const char* path = std::getenv("PATH");
  if (!path) return std::nullopt;
  std::string_view rest = path;
  while (!rest.empty()) {
    const std::size_t colon = rest.find(':');
    const fs::path dir(std::string(rest.substr(0, colon)));
    std::error_code ec;
    const fs::path ncu = dir / "ncu";
    if (!dir.empty() && fs::is_regular_file(ncu, ec) && access(ncu.c_str(), X_OK) == 0) return ncu.string();
    if (colon == std::string_view::npos) break;
    rest.remove_prefix(colon + 1);
  }
  return std::nullopt;
}

std::string own_path() {
  std::error_code ec;
  const std::string self = fs::read_symlink("/proc/self/exe", ec).string();
  if (ec) throw std::runtime_error("cannot find this program's own path to run it under ncu");
  return self;
}

std::string ncu_metrics_export(const std::string& prefix) {
  return fmt::format("ncu --import {}.ncu-rep --page raw --csv > {}-metrics.csv", prefix, prefix);
}

std::string ncu_source_export(const std::string& prefix) {
  return fmt::format("ncu --import {}.ncu-rep --page source --csv --print-source cuda,sass > {}-source.csv", prefix,
                     prefix);
}

namespace {

// The last line of ncu's log that says something ("==ERROR== ..."), or why there is none.
std::string last_line_of(const std::string& log) {
  const auto text = wk::read_input_file(log, 16u << 20, [](std::uintmax_t) { return std::string(); });
  if (!text) return "it wrote no message";
  std::string_view rest = *text;
  const std::size_t end = rest.find_last_not_of(" \r\n\t");
  if (end == std::string_view::npos) return "it wrote no message";
  rest = rest.substr(0, end + 1);
  const std::size_t start = rest.find_last_of('\n');
  return std::string(start == std::string_view::npos ? rest : rest.substr(start + 1));
}

}  // namespace

wk::NcuEvidence profile_now(const std::function<std::string(const std::string&)>& profile, bool with_source_page,
                            const wk::KernelDescriptor& k, const wk::KernelParams& p, const std::string& label) {
  // Not /tmp/warpscope-ncu-<pid>: a link planted at that predictable name sent the exports into its target.
  std::error_code ec;
  std::string made = (fs::temp_directory_path(ec) / "warpscope-ncu-XXXXXX").string();
  if (::mkdtemp(made.data()) == nullptr)
    throw std::runtime_error(fmt::format("cannot create {}: {}", made, std::strerror(errno)));
  const fs::path dir = made;
  struct RemovedOnExit {
    fs::path dir;
    ~RemovedOnExit() {
      std::error_code ignored;
      fs::remove_all(dir, ignored);
    }
  } removed_on_exit{dir};
  const std::string prefix = (dir / k.name).string();
  const std::string quoted = shell_quote(prefix);
  std::vector<std::string> commands = {profile(quoted), ncu_metrics_export(quoted)};
  if (with_source_page) commands.push_back(ncu_source_export(quoted));
  const std::string log = prefix + "-ncu.log";
  for (const std::string& c : commands) {
    std::fprintf(stderr, "warpscope: %s\n", c.c_str());
    // The profiled program's and ncu's own output go to the log, never into this command's --json.
    const std::string to_log = c == commands.front() ? " >>" + shell_quote(log) + " 2>&1" : " 2>>" + shell_quote(log);
    if (std::system((c + to_log).c_str()) != 0) throw ProfilerError("ncu failed: " + last_line_of(log));
  }
  std::vector<std::string> files = {prefix + "-metrics.csv"};
  if (with_source_page) files.push_back(prefix + "-source.csv");
  auto exported = wk::read_ncu_csvs(files);
  if (!exported) throw std::runtime_error(fmt::format("reading ncu's export: {}", exported.error().message));
  auto e = wk::evidence_from_export(*exported, k, p, label);
  if (!e) throw std::runtime_error(fmt::format("ncu's export: {}", e.error().message));
  return std::move(*e);
}

}  // namespace ws::cli
