// Fidelity: for every kernel recorded in assets/measurements/*.json, the
// simulator's whole-kernel global sectors per request equal the Nsight Compute
// counters (within 1%; G1-G2 are exact), and shared wavefronts per instruction
// agree within kSharedTolerance. Single-warp probes match S1-S7 exactly, but a
// whole kernel's counter also counts wavefronts lost to other warps' concurrent
// shared and global traffic: recorded on the H100 and H200 it runs up to 14%
// above the per-instruction model (matmul_tiled TILE_WIDTH 32 stores: 1.14 per
// STS; transpose_padded loads: 1.09), never below it. Hence 15%, one-sided
// in spirit; any real model error (a 2-way conflict reads as +100%) still fails.
#include <gtest/gtest.h>

#include <cmath>

#include "ws/kernels/measurements.hpp"

namespace wk = ws::kernels;

namespace {

double metric(const wk::MeasuredKernel& m, const std::string& name) {
  const auto it = m.ncu.find(name);
  return it == m.ncu.end() ? -1.0 : it->second;
}

constexpr double kSharedTolerance = 0.15;
constexpr double kGlobalTolerance = 0.01;

void expect_close(double simulated, double measured, const std::string& what, double tolerance) {
  if (measured < 0) return;
  const double tol = tolerance * std::max(std::fabs(measured), 1e-9);
  EXPECT_LE(std::fabs(simulated - measured), tol) << what << ": simulated " << simulated << ", measured " << measured;
}

}  // namespace

TEST(Fidelity, SimulatedCountersMatchRecordedNcu) {
  const auto files = wk::measurement_files();
  if (files.empty()) GTEST_SKIP() << "no measurement files in " << wk::measurements_dir();
  int compared = 0;
  for (const auto& path : files) {
    const auto loaded = wk::load_measurements(path);
    ASSERT_TRUE(std::holds_alternative<wk::Measurements>(loaded)) << std::get<std::string>(loaded);
    const auto& m = std::get<wk::Measurements>(loaded);
    for (const auto& e : m.kernels) {
      if (e.ncu.empty()) continue;
      const wk::KernelInfo* k = wk::find_kernel(e.kernel);
      ASSERT_NE(k, nullptr) << path << ": unknown kernel " << e.kernel;
      SCOPED_TRACE(path + ": " + e.key);
      const auto sim = wk::simulate_whole_kernel(*k, e.params, ws::default_preset(),
                                                 wk::BlockSampling::EquivalenceClasses);
      wk::Counters sl, ss, gl, gs;
      for (std::size_t i = 0; i < sim.sites.size(); ++i) {
        const auto& s = sim.sites[i];
        const bool load = s.op == ws::Op::Load;
        (s.space == ws::Space::Shared ? (load ? sl : ss) : (load ? gl : gs)).add(sim.counters[i]);
      }
      auto per = [](double a, double b) { return b > 0 ? a / b : 0.0; };
      const double ld_inst = metric(e, "smsp__sass_inst_executed_op_shared_ld.sum") +
                             std::max(0.0, metric(e, "smsp__sass_inst_executed_op_ldsm.sum"));
      if (sl.instructions > 0 && ld_inst > 0)
        expect_close(per(sl.wavefronts, sl.instructions),
                     per(metric(e, "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"), ld_inst),
                     "shared load wavefronts per instruction", kSharedTolerance);
      if (ss.instructions > 0)
        expect_close(per(ss.wavefronts, ss.instructions),
                     per(metric(e, "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"),
                         metric(e, "smsp__sass_inst_executed_op_shared_st.sum")),
                     "shared store wavefronts per instruction", kSharedTolerance);
      if (gl.requests > 0)
        expect_close(per(gl.sectors, gl.requests),
                     per(metric(e, "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"),
                         metric(e, "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum")),
                     "global load sectors per request", kGlobalTolerance);
      if (gs.requests > 0)
        expect_close(per(gs.sectors, gs.requests),
                     per(metric(e, "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum"),
                         metric(e, "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum")),
                     "global store sectors per request", kGlobalTolerance);
      ++compared;
    }
  }
  EXPECT_GT(compared, 0) << "measurement files hold no ncu counters";
}
