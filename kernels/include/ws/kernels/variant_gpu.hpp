// The GPU side of a student's variant (variant.hpp): its CUDA source, compiled at
// run time with NVRTC, loaded on this machine's GPU.
//
// The source is the catalog's own body headers (embedded at build time from the
// files nvcc compiles: kernels/include/ws/kernels/*.hpp, never a second copy)
// plus a few generated lines: the `at` functor whose one expression is the
// parsed tree printed back as C (Expr::to_c), and a __global__ entry passing the
// arrays in the order the host trace declares them. Compiling needs only
// libnvrtc (CI has it: no GPU, no driver); running needs a GPU.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <variant>

#include "ws/kernels/bench.hpp"
#include "ws/kernels/variant.hpp"

namespace ws::kernels {

// The entry NVRTC compiles: extern "C", so its PTX name is this.
inline constexpr std::string_view kVariantEntry = "ws_variant";

// The whole .cu text NVRTC compiles (the body headers are #included by name).
std::string variant_source(const KernelVariant& v);
// The body headers the source includes: include name -> text, as built in.
const std::map<std::string, std::string_view>& variant_headers();

struct CompiledVariant {
  std::string arch;  // "compute_90"
  std::string ptx;
  std::string log;   // NVRTC's warnings, if any
  // "shared load 4", "global store 16", ...: the PTX's accesses of the entry.
  std::set<std::string> access_kinds;
};

// Compiles with NVRTC for compute capability cc_major.cc_minor; on failure, one
// message with NVRTC's log (a compile error is shown, never thrown).
Result<CompiledVariant> compile_variant(const KernelVariant& v, int cc_major, int cc_minor);

// Entry name (as in PTX, mangled) -> its accesses: "shared load 4", "global
// store 16", "shared ldmatrix.x4". ld/st.{global,shared}[.nc][.v2|.v4].<type>.
std::map<std::string, std::set<std::string>> ptx_access_kinds(std::string_view ptx);

// The variant's descriptor with code.gpu launching the compiled PTX, loaded on
// the current GPU (the library stays loaded while a copy of the descriptor lives):
// bench_kernel() times and checks it like any catalog kernel.
std::variant<KernelDescriptor, GpuError> load_variant(const KernelVariant& v, const CompiledVariant& compiled);

// The access kinds the tracer records for a kernel (the sites of block 0's warp 0,
// every site a variant has), in ptx_access_kinds()'s spelling.
std::set<std::string> traced_access_kinds(const KernelDescriptor& k, const KernelParams& p);

// A variant compiled, loaded and timed on this machine's GPU.
struct VariantRun {
  GpuInfo gpu;
  CompiledVariant compiled;
  std::set<std::string> traced_kinds;  // what the simulator saw; equals compiled.access_kinds when widths_match
  bool widths_match = false;
  BenchResult bench;  // median of options.repeat launches, checked against the CPU reference
};
struct VariantRunError {
  std::string message;  // one line: the NVRTC log, the CUDA error
  bool no_gpu = false;  // exit 3 / the Run button's reason
};
// Compiles for the GPU's compute capability, loads, checks and times like `bench`
// (no twin). Progress as bench_kernel's, with "compiling" first.
std::variant<VariantRun, VariantRunError> run_variant(const KernelVariant& v, const BenchOptions& options,
                                                      const BenchProgress& progress = {});

}  // namespace ws::kernels
