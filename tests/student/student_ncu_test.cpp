// The classic kernels against Nsight Compute on the GPU (scripts/student-ncu.sh,
// assets/measurements/student-kernels/: the machine, driver and command are in
// machine.txt). Instructions, requests and sectors must be equal; shared
// wavefronts and bank conflicts equal, or above by the same amount in both
// (L1 contention: docs/ncu.md's rule, at most 30% of the wavefronts).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "student/student_trace.hpp"
#include "ws/kernels/ncu_csv.hpp"
#include "ws/kernels/reconcile.hpp"

namespace ws::test {
namespace {

namespace fs = std::filesystem;
using kernels::Counters;

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<std::string> recorded_kernels() {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(WS_NCU_RECORDS)) {
    const std::string f = e.path().filename().string();
    if (f.size() > 12 && f.ends_with(".metrics.csv")) names.push_back(f.substr(0, f.size() - 12));
  }
  std::sort(names.begin(), names.end());
  return names;
}

struct Totals {
  std::map<std::string, double> sim, ncu;
};

Totals totals(const std::string& name, bool read_sass) {
  Totals t;
  const std::string path = kernel_file(name);
  Loaded l = load_kernel(path, launch_line(path));
  if (!l.kernel) {
    ADD_FAILURE() << name << ": " << l.error;
    return t;
  }
  if (read_sass) l.kernel->apply_sass(read_text(fs::path(WS_NCU_RECORDS) / (name + ".sass.txt")));
  const auto r = kernels::report(l.kernel->descriptor(), kernels::KernelParams{}, default_preset(), Dim3{0, 0, 0}, 0);
  for (Space s : {Space::Shared, Space::Global})
    for (Op o : {Op::Load, Op::Store}) {
      const Counters& c = s == Space::Shared ? (o == Op::Load ? r.shared_load : r.shared_store)
                                             : (o == Op::Load ? r.global_load : r.global_store);
      t.sim[kernels::ncu_metric(s, o, "instructions")] = double(c.instructions);
      t.sim[kernels::ncu_metric(s, o, s == Space::Shared ? "wavefronts" : "requests")] =
          double(s == Space::Shared ? c.wavefronts : c.requests);
      t.sim[kernels::ncu_metric(s, o, s == Space::Shared ? "bank_conflicts" : "sectors")] =
          double(s == Space::Shared ? c.bank_conflicts : c.sectors);
    }
  auto parsed = kernels::read_ncu_csv((fs::path(WS_NCU_RECORDS) / (name + ".metrics.csv")).string());
  if (!parsed || parsed->kernels.empty()) {
    ADD_FAILURE() << name << ": the recorded CSV does not parse";
    return t;
  }
  t.ncu = parsed->kernels.front().metrics;
  return t;
}

TEST(StudentKernelNcu, AtLeastFiveKernelsAreRecorded) { EXPECT_GE(recorded_kernels().size(), 5u); }

TEST(StudentKernelNcu, EveryRecordedKernelCountsAsNsightComputeCounts) {
  for (const std::string& name : recorded_kernels()) {
    SCOPED_TRACE(name);
    const Totals t = totals(name, true);
    for (const auto& [metric, sim] : t.sim) {
      ASSERT_TRUE(t.ncu.count(metric)) << metric;
      if (metric.find("wavefronts") != std::string::npos || metric.find("bank_conflicts") != std::string::npos) continue;
      EXPECT_EQ(sim, t.ncu.at(metric)) << metric;
    }
    for (const char* op : {"ld", "st"}) {
      const std::string wf = std::string("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_") + op + ".sum";
      const std::string bc = std::string("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_") + op + ".sum";
      const double extra = t.ncu.at(wf) - t.sim.at(wf);
      // Equal, or L1 contention: as many more conflicts as more wavefronts, a bounded share.
      EXPECT_GE(extra, 0) << wf;
      EXPECT_EQ(extra, t.ncu.at(bc) - t.sim.at(bc)) << wf;
      EXPECT_LE(extra, 0.3 * t.sim.at(wf)) << wf;
    }
  }
}

TEST(StudentKernelNcu, MostRecordedKernelsMatchAllThirteenCountersExactly) {
  int exact = 0;
  for (const std::string& name : recorded_kernels()) {
    const Totals t = totals(name, true);
    bool all = !t.sim.empty();
    for (const auto& [metric, sim] : t.sim) all = all && t.ncu.count(metric) && t.ncu.at(metric) == sim;
    exact += all;
  }
  EXPECT_GE(exact, 5);
}

TEST(StudentKernelNcu, TheSassIsWhatMakesTheTiledMatmulsSharedLoadsExact) {
  const std::string metric = "smsp__sass_inst_executed_op_shared_ld.sum";
  const Totals source = totals("matmul_tiled_rect", false);
  const Totals sass = totals("matmul_tiled_rect", true);
  EXPECT_NE(source.sim.at(metric), source.ncu.at(metric));  // nvcc reads As[ty][k] as LDS.128
  EXPECT_EQ(sass.sim.at(metric), sass.ncu.at(metric));
}

}  // namespace
}  // namespace ws::test
