// A variant on this machine's GPU: compile (NVRTC), load, check and time. Built
// everywhere: without CUDA each step's stub says why it cannot run.
#include <fmt/format.h>

#include "ws/kernels/variant_gpu.hpp"

namespace ws::kernels {

std::set<std::string> traced_access_kinds(const KernelDescriptor& k, const KernelParams& p) {
  std::set<std::string> kinds;
  const WarpTrace w = trace_warp(k, p, Dim3{0, 0, 0}, 0);
  for (const SiteInfo& s : w.sites) {
    if (s.ldmatrix != Ldmatrix::None)
      kinds.insert(fmt::format("shared ldmatrix.x{}", static_cast<int>(s.ldmatrix)));
    else
      kinds.insert(fmt::format("{} {} {}", to_string(s.space), to_string(s.op), s.bytes));
  }
  return kinds;
}

std::variant<VariantRun, VariantRunError> run_variant(const KernelVariant& v, const BenchOptions& options,
                                                      const BenchProgress& progress) {
  VariantRun run;
  auto info = gpu_info();
  if (auto* e = std::get_if<GpuError>(&info)) return VariantRunError{e->describe(), e->no_gpu};
  run.gpu = std::get<GpuInfo>(info);
  if (progress) progress(0.0, "compiling with NVRTC");
  auto compiled = compile_variant(v, run.gpu.cc_major, run.gpu.cc_minor);
  if (!compiled) return VariantRunError{compiled.error().message, false};
  run.compiled = std::move(*compiled);
  run.traced_kinds = traced_access_kinds(v.descriptor(), v.params());
  run.widths_match = run.traced_kinds == run.compiled.access_kinds;
  auto loaded = load_variant(v, run.compiled);
  if (auto* e = std::get_if<GpuError>(&loaded)) return VariantRunError{e->describe(), e->no_gpu};
  BenchOptions o = options;
  o.twin = false;
  auto timed = bench_kernel(std::get<KernelDescriptor>(loaded), v.params(), o, progress);
  if (auto* e = std::get_if<GpuError>(&timed)) return VariantRunError{e->describe(), e->no_gpu};
  run.bench = std::move(std::get<BenchResult>(timed));
  return run;
}

}  // namespace ws::kernels
