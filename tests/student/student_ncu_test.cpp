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

// Shared atomics (scripts/probes/shared_atomics.cu, assets/measurements/shared-atomics/):
// one ATOMS per warp, served by the banks as a load of the same words is; the
// same update written as a load and a store, for comparison. Every launch's
// shared counters as recorded, the atomic's under ncu's op_atom metrics.
TEST(StudentKernelNcu, SharedAtomicsCountAsNsightComputeCountsThem) {
  const fs::path dir = fs::path(WS_NCU_RECORDS).parent_path() / "shared-atomics";
  auto recorded = kernels::read_ncu_csv((dir / "shared_atomics.ncu.csv").string());
  ASSERT_TRUE(recorded) << recorded.error().message;
  const int strides[] = {0, 1, 2, 4, 8, 16, 32};
  ASSERT_EQ(recorded->kernels.size(), 14u);
  const std::string probe = (fs::path(WS_PROBES) / "shared_atomics.cu").string();
  for (std::size_t i = 0; i < recorded->kernels.size(); ++i) {
    const std::string entry = i % 2 ? "plain_add" : "atomic_add";
    const int stride = strides[i / 2];
    SCOPED_TRACE(entry + " at stride " + std::to_string(stride));
    const auto& ncu = recorded->kernels[i].metrics;
    kernels::StudentLaunch l = launch_of(1, 32);
    l.args = {{"stride", std::to_string(stride)}};
    Loaded k = load_kernel(probe, l, entry);
    ASSERT_TRUE(k.kernel) << k.error;
    const auto r = kernels::report(k.kernel->descriptor(), kernels::KernelParams{}, default_preset(), Dim3{0, 0, 0}, 0);
    Counters atom, load = r.shared_load;
    for (const auto& site : r.sites)
      if (site.site.space == Space::Shared && k.kernel->is_atomic(site.site.line, site.site.column)) {
        atom.add(site.kernel);
        load.instructions -= site.kernel.instructions;
        load.wavefronts -= site.kernel.wavefronts;
        load.bank_conflicts -= site.kernel.bank_conflicts;
      }
    EXPECT_EQ(double(atom.instructions), ncu.at("smsp__sass_inst_executed_op_shared_atom.sum"));
    EXPECT_EQ(double(atom.wavefronts), ncu.at("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum"));
    EXPECT_EQ(double(atom.bank_conflicts), ncu.at("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum"));
    EXPECT_EQ(double(load.instructions), ncu.at("smsp__sass_inst_executed_op_shared_ld.sum"));
    EXPECT_EQ(double(load.wavefronts), ncu.at("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"));
    EXPECT_EQ(double(r.shared_store.instructions), ncu.at("smsp__sass_inst_executed_op_shared_st.sum"));
    EXPECT_EQ(double(r.shared_store.wavefronts), ncu.at("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"));
  }
}

}  // namespace
}  // namespace ws::test
