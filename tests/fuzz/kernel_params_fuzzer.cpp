// libFuzzer harness: kernel parameters as the command line (report --rows ...),
// a measurement file or the window hand them over. check_params() must refuse
// every set a kernel cannot run with a message; for a set it accepts,
// launch_config() and the host trace of one warp of one block (what `report`
// and the window's warp stepper start from) must run cleanly.
// Input (FuzzedDataProvider): kernel index, preset index, then per parameter
// either a small value (the usual ranges) or any int, then the block and warp.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstddef>
#include <cstdint>
#include <span>

#include "fuzz_check.hpp"
#include "ws/arch.hpp"
#include "ws/kernels/catalog.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace wk = ws::kernels;
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
  return 0;
}
