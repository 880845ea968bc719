// A variant's GPU side in a build without the CUDA toolkit: the source can be
// shown, nothing compiles or runs, and every call says why.
#include "ws/kernels/variant_gpu.hpp"

namespace ws::kernels {

Result<CompiledVariant> compile_variant(const KernelVariant&, int, int) {
  return Error{"warpscope was built without the CUDA toolkit: no NVRTC to compile the variant"};
}

std::variant<KernelDescriptor, GpuError> load_variant(const KernelVariant&, const CompiledVariant&) {
  GpuError e;
  e.no_gpu = true;
  e.what = "no GPU here: warpscope was built without a CUDA compiler (simulation and recorded timings only)";
  return e;
}

}  // namespace ws::kernels
