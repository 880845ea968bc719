// libFuzzer harness: kernel parameters as the command line (report --rows ...),
// a measurement file or the window hand them over. check_params() must refuse
// every set a kernel cannot run with a message; for a set it accepts,
// launch_config() and the host trace of one warp of one block (what `report`
// and the window's warp stepper start from) must run cleanly. Where the work
// limit (ws/kernels/work.hpp) exists, it must refuse with a message or let the
// whole-kernel report run; on small sizes the report runs, and the one-block-
// per-equivalence-class simulation must count what simulating every block counts.
// Input (FuzzedDataProvider): kernel index, preset index, then per parameter
// either a small value (the usual ranges) or any int, then the block and warp.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstddef>
#include <cstdint>
#include <span>

#include "fuzz_check.hpp"
#include "ws/arch.hpp"
#include "ws/kernels/catalog.hpp"
#if __has_include("ws/kernels/work.hpp")
#include "ws/kernels/work.hpp"
#define WS_FUZZ_HAVE_WORK_LIMIT 1
#endif

namespace {

namespace wk = ws::kernels;

// Whole-kernel simulations cost time per input: only sizes this small run them
// (traced thread accesses, and blocks for the every-block reference).
constexpr std::uint64_t kReportBudget = 20'000;
constexpr int kEveryBlockBudget = 64;

void same_counts(const wk::WholeKernel& fast, const wk::WholeKernel& all) {
  ws::fuzz::require(fast.sites.size() == all.sites.size(), "equivalence classes: a different number of sites");
  ws::fuzz::require(fast.blocks_simulated <= all.blocks_simulated, "equivalence classes: more blocks than the grid");
  for (std::size_t i = 0; i < all.sites.size(); ++i) {
    const wk::Counters &a = fast.counters[i], &b = all.counters[i];
    ws::fuzz::require(a.instructions == b.instructions && a.wavefronts == b.wavefronts &&
                          a.ideal_wavefronts == b.ideal_wavefronts && a.bank_conflicts == b.bank_conflicts &&
                          a.requests == b.requests && a.sectors == b.sectors &&
                          a.bytes_requested == b.bytes_requested && a.bytes_moved == b.bytes_moved &&
                          a.lines == b.lines && a.block_lines == b.block_lines && a.block_sectors == b.block_sectors,
                      "equivalence classes count differently from every block");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const std::span<const wk::KernelDescriptor> kernels = wk::catalog();
  const std::span<const ws::ArchPreset> presets = ws::all_presets();
  const wk::KernelDescriptor& k = kernels[in.ConsumeIntegralInRange<std::size_t>(0, kernels.size() - 1)];
  const ws::ArchPreset& arch = presets[in.ConsumeIntegralInRange<std::size_t>(0, presets.size() - 1)];
  wk::KernelParams p = k.defaults;
  for (const wk::ParamSpec& s : wk::param_specs()) {
    switch (in.ConsumeIntegralInRange<int>(0, 3)) {
      case 0: break;  // the kernel's default
      case 1: p.*s.field = in.ConsumeIntegralInRange<int>(-2, 64); break;
      case 2: p.*s.field = in.ConsumeIntegralInRange<int>(-2, 20000); break;
      default: p.*s.field = in.ConsumeIntegral<int>(); break;
    }
  }
  if (auto err = wk::check_params(k, p, arch)) {
    ws::fuzz::require_message(*err, "check_params: error without a message");
    return 0;
  }
  const wk::LaunchConfig lc = wk::launch_config(k, p);
  ws::fuzz::require(lc.grid.x > 0 && lc.grid.y > 0 && lc.grid.z > 0, "launch_config: empty grid");
  ws::fuzz::require(lc.block.x > 0 && lc.block.y > 0 && lc.block.z > 0, "launch_config: empty block");
  ws::fuzz::require(lc.shared_bytes >= 0 && lc.shared_bytes <= arch.max_shared_per_block,
                    "launch_config: shared bytes outside what check_params allowed");
  const ws::Dim3 block{in.ConsumeIntegralInRange<int>(0, lc.grid.x - 1), in.ConsumeIntegralInRange<int>(0, lc.grid.y - 1),
                       in.ConsumeIntegralInRange<int>(0, lc.grid.z - 1)};
  const int warps = (lc.block.count() + arch.warp_lanes - 1) / arch.warp_lanes;
  const int warp = in.ConsumeIntegralInRange<int>(0, warps - 1);
  (void)wk::trace_warp(k, p, block, warp, arch.warp_lanes);
  (void)wk::entry_name(k, p);
  (void)wk::useful_bytes(k, p);
  (void)wk::flops(k, p);

#ifdef WS_FUZZ_HAVE_WORK_LIMIT
  if (auto too_much = wk::check_work(k, p, arch.warp_lanes)) {
    ws::fuzz::require_message(*too_much, "check_work: refusal without a message");
    return 0;
  }
  if (wk::estimate_work(k, p, arch.warp_lanes).traced_accesses() > kReportBudget) return 0;
#else
  if (static_cast<std::uint64_t>(lc.grid.count()) * lc.block.count() > kReportBudget) return 0;
#endif
  (void)wk::report(k, p, arch, block, warp);
  if (lc.grid.count() <= kEveryBlockBudget)
    same_counts(wk::simulate_whole_kernel(k, p, arch, wk::BlockSampling::EquivalenceClasses),
                wk::simulate_whole_kernel(k, p, arch, wk::BlockSampling::EveryBlock));
  return 0;
}
