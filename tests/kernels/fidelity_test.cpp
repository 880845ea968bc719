// Fidelity: for every kernel recorded in assets/measurements/*.json, the
// simulator's whole-kernel counters against Nsight Compute's:
//   global sectors per request: within 1% (G1-G2 are exact);
//   shared wavefronts per instruction: within 5% (whole-kernel noise, see
//   "Real kernels on a real GPU" in docs/hardware-model.md), except the entries
//   of kKnownDeviations below, each held just above its recorded deviation.
// Single-warp probes match S1-S7 exactly. A whole kernel's counter also counts
// wavefronts replayed when other warps' shared and global traffic competes for
// the L1 data pipe, so it runs a few percent above the per-instruction model,
// never below it; a real model error (a missed 2-way conflict) reads as +100%.
// WARPSCOPE_FIDELITY_PRINT=1 prints every comparison (to refresh the table after a
// re-measurement: scripts/gpu-measure.sh, scripts/make_measurements.py).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "ws/kernels/measurements.hpp"

namespace wk = ws::kernels;

namespace {

constexpr double kSharedTolerance = 0.05;
constexpr double kGlobalTolerance = 0.01;

// Whole-kernel shared counters known to run more than 5% above the model, with
// the ratio measured / simulated recorded on the H100 and the H200
// (assets/measurements, 2026-11-25/26: every tile shape compiled, matmul's row
// read as LDS.128) and the tolerance allowed: the larger deviation plus about
// 1.5% for run-to-run noise. Each is L1 contention, not a bank conflict the
// model misses: the same instruction alone in a probe matches S4, instruction
// counts match exactly, and the ratio moves with the block shape and the
// schedule (how much global traffic lands beside the shared accesses), not
// with the access pattern.
struct KnownDeviation {
  std::string_view kernel;
  int tile, block_rows;      // the block shape it holds for (sizes do not matter: the contention is per block)
  std::string_view counter;  // "shared load" or "shared store"
  double h100, h200;         // measured / simulated, the larger over the recorded sizes
  double tolerance;          // allowed |measured / simulated - 1|
  double alone = 0;          // measured / simulated with the kernel launched as one block; 0: not probed
};
// Transposes at 8192^2 (defaults), 2048^2 and 16384 x 4096; matmuls at 1024^2, 2048^2, 4096^2.
constexpr KnownDeviation kKnownDeviations[] = {
    // The shared transposes at 32 x 8, 32 x 16 and 16 x 16 are within 5% since
    // their tile is filled and emptied in straight runs (reads first) where it is inside, 2026-11-26:
    // the padded 32 x 16 column reads 1.026 / 1.027 (were 1.109 / 1.107), its
    // row stores 1.021 / 1.028 (1.053 / 1.067), the plain tile's row stores at
    // 32 x 8 1.016 / 1.017 (1.084 / 1.094) and at 16 x 16 1.033 / 1.037 (1.049 / 1.054).
    // Each phase's Mds/Nds stores land while the block's threads still read
    // the previous tiles; with TILE_WIDTH 32, 1024 threads of them.
    {"matmul_tiled", 16, 8, "shared store", 1.068, 1.068, 0.085},
    {"matmul_tiled", 8, 8, "shared store", 1.073, 1.073, 0.09},
    {"matmul_tiled", 32, 8, "shared store", 1.144, 1.153, 0.17},
    // The twins' extra shapes and transpose_fast's, counted on 2026-11-26.
    // Launched as one block, each matches the model exactly on both GPUs, and
    // the whole 8192^2 kernel reproduces its excess
    // (scripts/probes/one-block-counters.sh, runs/{h100,h200}-one-block-counters-2026-11-26.txt):
    // without other blocks' traffic, no extra wavefronts.
    {"transpose_fast", 64, 8, "shared load", 1.275, 1.278, 0.295, 1.0},
    {"transpose_fast", 64, 8, "shared store", 1.063, 1.085, 0.10, 1.0},
    {"transpose_fast", 256, 32, "shared load", 1.137, 1.169, 0.185, 1.0},
    {"transpose_fast", 256, 32, "shared store", 1.059, 1.080, 0.095, 1.0},
    {"transpose_padded", 16, 16, "shared load", 1.066, 1.072, 0.09, 1.0},
    {"transpose_padded", 32, 32, "shared store", 1.059, 1.063, 0.08, 1.0},
    {"transpose_rotated", 16, 16, "shared load", 1.135, 1.147, 0.165, 1.0},
    {"transpose_rotated", 16, 4, "shared load", 1.067, 1.075, 0.09, 1.0},
    {"transpose_rotated", 32, 32, "shared store", 1.060, 1.062, 0.08, 1.0},
    {"transpose_shared", 32, 32, "shared store", 1.070, 1.078, 0.095, 1.0},
    {"transpose_shared", 64, 16, "shared store", 1.071, 1.072, 0.09, 1.0},
    {"transpose_xor", 16, 16, "shared load", 1.136, 1.149, 0.165, 1.0},
    {"transpose_xor", 16, 4, "shared load", 1.067, 1.075, 0.09, 1.0},
    {"transpose_xor", 32, 32, "shared store", 1.060, 1.063, 0.08, 1.0},
};

const KnownDeviation* known(std::string_view kernel, const wk::KernelParams& p, std::string_view counter) {
  for (const auto& d : kKnownDeviations)
    if (d.kernel == kernel && d.tile == p.tile && d.block_rows == p.block_rows && d.counter == counter) return &d;
  return nullptr;
}

double metric(const wk::MeasuredKernel& m, const std::string& name) {
  const auto it = m.ncu.find(name);
  return it == m.ncu.end() ? -1.0 : it->second;
}

struct Comparison {
  std::string file, key, kernel, counter;
  wk::KernelParams params;
  double simulated, measured;
  double deviation() const { return std::fabs(measured / simulated - 1.0); }
};

// The simulator's whole-kernel counters summed per space and op: shared load,
// shared store, global load, global store. Each file records the same kernels
// at the same parameters, so each is simulated once (the sanitizer build runs
// these tests too).
struct SpaceCounters {
  wk::Counters shared_load, shared_store, global_load, global_store;
};
SpaceCounters simulated(const wk::KernelDescriptor& k, const wk::KernelParams& p) {
  static std::vector<std::tuple<std::string, wk::KernelParams, SpaceCounters>> done;
  for (const auto& [name, params, counters] : done)
    if (name == k.name && params == p) return counters;
  const auto sim = wk::simulate_whole_kernel(k, p, ws::default_preset(), wk::BlockSampling::EquivalenceClasses);
  SpaceCounters c;
  for (std::size_t i = 0; i < sim.sites.size(); ++i) {
    const auto& s = sim.sites[i];
    const bool load = s.op == ws::Op::Load;
    (s.space == ws::Space::Shared ? (load ? c.shared_load : c.shared_store)
                                  : (load ? c.global_load : c.global_store)).add(sim.counters[i]);
  }
  done.emplace_back(std::string(k.name), p, c);
  return c;
}

// Every comparison the recorded files allow (a counter missing from a file is
// skipped); with only_known, those of the kernels and shapes kKnownDeviations
// names (tracing every recorded kernel takes a minute under the sanitizers).
std::vector<Comparison> comparisons(bool only_known = false) {
  std::vector<Comparison> out;
  for (const auto& path : wk::measurement_files()) {
    const auto loaded = wk::load_measurements(path);
    if (!loaded) {
      ADD_FAILURE() << loaded.error().message;
      continue;
    }
    const auto& m = loaded.value();
    const std::string file = std::filesystem::path(path).filename().string();
    for (const auto& e : m.kernels) {
      if (e.ncu.empty()) continue;
      if (only_known && !known(e.kernel, e.params, "shared load") && !known(e.kernel, e.params, "shared store")) continue;
      const wk::KernelDescriptor* k = wk::find_kernel(e.kernel);
      if (!k) {
        ADD_FAILURE() << path << ": unknown kernel " << e.kernel;
        continue;
      }
      const auto [sl, ss, gl, gs] = simulated(*k, e.params);
      auto add = [&](const char* counter, double sim_num, double sim_den, const char* num, double den) {
        const double n = metric(e, num);
        if (sim_den <= 0 || n < 0 || den <= 0) return;
        out.push_back({file, e.key, e.kernel, counter, e.params, sim_num / sim_den, n / den});
      };
      const double ld_inst = metric(e, "smsp__sass_inst_executed_op_shared_ld.sum") +
                             std::max(0.0, metric(e, "smsp__sass_inst_executed_op_ldsm.sum"));
      add("shared load", double(sl.wavefronts), double(sl.instructions),
          "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", ld_inst);
      add("shared store", double(ss.wavefronts), double(ss.instructions),
          "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum", metric(e, "smsp__sass_inst_executed_op_shared_st.sum"));
      add("global load", double(gl.sectors), double(gl.requests), "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
          metric(e, "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"));
      add("global store", double(gs.sectors), double(gs.requests), "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
          metric(e, "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum"));
    }
  }
  return out;
}

}  // namespace

TEST(Fidelity, SimulatedCountersMatchRecordedNcu) {
  if (wk::measurement_files().empty()) GTEST_SKIP() << "no measurement files in " << wk::measurements_dir();
  const auto all = comparisons();
  ASSERT_FALSE(all.empty()) << "measurement files hold no ncu counters";
  const bool print = std::getenv("WARPSCOPE_FIDELITY_PRINT") != nullptr;
  for (const auto& c : all) {
    const bool global = c.counter.starts_with("global");
    const KnownDeviation* d = global ? nullptr : known(c.kernel, c.params, c.counter);
    const double tolerance = global ? kGlobalTolerance : d ? d->tolerance : kSharedTolerance;
    if (print)
      std::printf("%-9s %-42s %-12s simulated %8.4f measured %8.4f ratio %.3f%s\n", c.file.c_str(), c.key.c_str(),
                  c.counter.c_str(), c.simulated, c.measured, c.measured / c.simulated, d ? " (known)" : "");
    EXPECT_LE(c.deviation(), tolerance) << c.file << ": " << c.key << ", " << c.counter << " per instruction: simulated "
                                        << c.simulated << ", measured " << c.measured
                                        << (d ? " (over its known deviation)" : "");
  }
}

// Each exception names a comparison that exists and that needs it on at least
// one GPU: one back within 5% everywhere (or renamed away) must leave the table,
// so that it cannot hide a new deviation of that kernel later.
TEST(Fidelity, KnownDeviationsAreAllStillNeeded) {
  if (wk::measurement_files().empty()) GTEST_SKIP() << "no measurement files in " << wk::measurements_dir();
  const auto all = comparisons(/*only_known=*/true);
  for (const auto& d : kKnownDeviations) {
    const std::string what = fmt::format("{} {}x{}, {}", d.kernel, d.tile, d.block_rows, d.counter);
    double worst = -1;
    for (const auto& c : all)
      if (known(c.kernel, c.params, c.counter) == &d) worst = std::max(worst, c.deviation());
    EXPECT_GE(worst, 0.0) << what << ": no such recorded comparison";
    if (worst >= 0) {
      EXPECT_GT(worst, kSharedTolerance) << what << ": within 5% now; remove it";
    }
    // A 2-way conflict in every other instruction would add 50%; stay well
    // below, and below 50% even where the kernel launched as one block matched
    // the model exactly (the excess is then other blocks' traffic).
    EXPECT_TRUE(d.alone == 0 || d.alone == 1.0) << what << ": alone it did not match the model";
    EXPECT_LT(d.tolerance, d.alone == 1.0 ? 0.5 : 0.25) << what << ": an exception this wide would hide a conflict";
  }
}
