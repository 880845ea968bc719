// A Source page in ncu's CSV format (the columns of the recorded probe,
// assets/measurements/runs/ncu-source-probe-2026-11-27/) written from the
// simulator's own counts of a kernel: what ncu would export if every count
// agreed. Tests change one number of it and check what reconcile says. Built
// from the current trace, so the source lines follow the bodies as they move.
#pragma once

#include <fmt/format.h>

#include <filesystem>
#include <map>
#include <string>
#include <tuple>

#include "ws/kernels/catalog.hpp"

namespace ws::test {

struct SourceLineEdit {  // multiplies one counter of one line's group: {line, space, op} -> factor
  int line = 0;
  Space space = Space::Shared;
  Op op = Op::Load;
  std::string column;  // "L1 Wavefronts Shared", "Instructions Executed", ...
  double factor = 1.0;
};

inline std::string simulated_source_page(const kernels::KernelDescriptor& k, const kernels::KernelParams& p,
                                         const std::vector<SourceLineEdit>& edits = {}) {
  const kernels::WholeKernel w =
      kernels::simulate_whole_kernel(k, p, default_preset(), kernels::BlockSampling::EquivalenceClasses);
  std::map<std::tuple<int, Space, Op>, std::pair<kernels::Counters, int>> groups;  // counters, widest bytes
  std::map<std::tuple<int, Space, Op>, bool> ldmatrix;                              // an LDSM group
  for (std::size_t i = 0; i < w.sites.size(); ++i) {
    auto& [c, bytes] = groups[{w.sites[i].line, w.sites[i].space, w.sites[i].op}];
    c.add(w.counters[i]);
    bytes = std::max(bytes, w.sites[i].bytes);
    if (w.sites[i].ldmatrix != Ldmatrix::None) ldmatrix[{w.sites[i].line, w.sites[i].space, w.sites[i].op}] = true;
  }
  std::string out = fmt::format("\"File Path\",\"/build/{}\"\n\"Function Name\",\"void ws_kernel<{}>(float *)\"\n",
                                std::filesystem::path(std::string(k.source_path)).filename().string(),
                                kernels::entry_name(k, p));
  out += R"("Line No","Source","Address","Source","Instructions Executed","Thread Instructions Executed",)"
         R"("Address Space","Access Operation","Access Size","L1 Tag Requests Global","L1 Conflicts Shared N-Way",)"
         R"("L1 Wavefronts Shared Excessive","L1 Wavefronts Shared","L1 Wavefronts Shared Ideal",)"
         R"("L2 Theoretical Sectors Global Excessive","L2 Theoretical Sectors Global",)"
         R"("L2 Theoretical Sectors Global Ideal")"
         "\n";
  int address = 0x100;
  for (const auto& [key, value] : groups) {
    const auto& [line, space, op] = key;
    const kernels::Counters& c = value.first;
    auto edited = [&](const char* column, double v) {
      for (const SourceLineEdit& e : edits)
        if (e.line == line && e.space == space && e.op == op && e.column == column) v *= e.factor;
      return fmt::format("{:.0f}", v);
    };
    const bool shared = space == Space::Shared;
    const std::uint64_t ideal_sectors = c.ideal_sectors;  // G4
    out += fmt::format("\"{}\",\"...\",\"-\",\"-\",\"0\",\"0\",\"-\",\"-\",\"-\",\"0\",\"0\",\"0\",\"0\",\"0\",\"0\",\"0\",\"0\"\n",
                       line);
    out += fmt::format(
        "\"\",\"\",\"0x{:x}\",\"      {}\",\"{}\",\"{}\",\"{}\",\"{}\",\"{}\",\"{}\",\"0\",\"{}\",\"{}\",\"{}\",\"0\","
        "\"{}\",\"{}\"\n",
        address += 0x10, ldmatrix.contains(key) ? "LDSM.16.M88.4" : shared ? "LDS" : "LDG", edited("Instructions Executed", double(c.instructions)),
        edited("Thread Instructions Executed", double(c.instructions) * 32), shared ? "Shared" : "Global",
        op == Op::Load ? "Load" : "Store", value.second * 8, edited("L1 Tag Requests Global", double(c.lines)),
        c.wavefronts - c.ideal_wavefronts, edited("L1 Wavefronts Shared", double(c.wavefronts)),
        edited("L1 Wavefronts Shared Ideal", double(c.ideal_wavefronts)),
        edited("L2 Theoretical Sectors Global", double(c.sectors)),
        edited("L2 Theoretical Sectors Global Ideal", double(ideal_sectors)));
  }
  return out;
}

}  // namespace ws::test
