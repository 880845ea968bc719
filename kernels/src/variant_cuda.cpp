// Compiling a variant with NVRTC and loading it on the GPU (built only with CUDA).
//   Nvrtc          libnvrtc opened at run time (dlopen), so warpscope starts, and
//                  everything else works, where the toolkit's libraries are absent
//   compile_variant()   source + embedded body headers -> PTX for compute_XY
//   load_variant()      PTX -> a loaded library (cudaLibraryLoadData, the runtime's
//                       face of the driver's cuLibraryLoadData) -> a descriptor
//                       whose code.gpu launches its kernel
#include <cuda_runtime.h>
#include <dlfcn.h>
#include <fmt/format.h>
#include <nvrtc.h>

#include <mutex>
#include <vector>

#include "cuda_error.hpp"
#include "gpu.hpp"
#include "ws/kernels/variant_gpu.hpp"

#ifndef WS_NVRTC_LIBRARY_DIR
#define WS_NVRTC_LIBRARY_DIR ""
#endif

namespace ws::kernels {
namespace {

// The NVRTC calls warpscope makes, looked up once.
struct Nvrtc {
  decltype(&nvrtcCreateProgram) create = nullptr;
  decltype(&nvrtcCompileProgram) compile = nullptr;
  decltype(&nvrtcGetProgramLogSize) log_size = nullptr;
  decltype(&nvrtcGetProgramLog) log = nullptr;
  decltype(&nvrtcGetPTXSize) ptx_size = nullptr;
  decltype(&nvrtcGetPTX) ptx = nullptr;
  decltype(&nvrtcDestroyProgram) destroy = nullptr;
  decltype(&nvrtcGetErrorString) error_string = nullptr;
  std::string missing;  // why it could not be opened; empty when it was
};

template <class F>
bool bind(void* lib, const char* name, F& f) {
  f = reinterpret_cast<F>(dlsym(lib, name));
  return f != nullptr;
}

const Nvrtc& nvrtc() {
  static const Nvrtc n = [] {
    Nvrtc r;
    // The toolkit's soname first (ld.so's search path), then the directory the build found it in.
    const std::string sonames[] = {fmt::format("libnvrtc.so.{}", CUDART_VERSION / 1000),
                                   std::string(WS_NVRTC_LIBRARY_DIR) + "/libnvrtc.so", "libnvrtc.so"};
    void* lib = nullptr;
    for (const std::string& s : sonames)
      if ((lib = dlopen(s.c_str(), RTLD_NOW | RTLD_LOCAL))) break;
    if (!lib) {
      r.missing = fmt::format("NVRTC (libnvrtc.so.{}) is not installed here: {}", CUDART_VERSION / 1000, dlerror());
      return r;
    }
    if (!(bind(lib, "nvrtcCreateProgram", r.create) && bind(lib, "nvrtcCompileProgram", r.compile) &&
          bind(lib, "nvrtcGetProgramLogSize", r.log_size) && bind(lib, "nvrtcGetProgramLog", r.log) &&
          bind(lib, "nvrtcGetPTXSize", r.ptx_size) && bind(lib, "nvrtcGetPTX", r.ptx) &&
          bind(lib, "nvrtcDestroyProgram", r.destroy) && bind(lib, "nvrtcGetErrorString", r.error_string)))
      r.missing = "NVRTC is installed but lacks a function warpscope calls";
    return r;
  }();
  return n;
}

// A loaded library, unloaded when the last descriptor copy holding it goes.
struct LoadedVariant {
  cudaLibrary_t library = nullptr;
  cudaKernel_t kernel = nullptr;
  ~LoadedVariant() {
    if (library) cudaLibraryUnload(library);
  }
};

}  // namespace

Result<CompiledVariant> compile_variant(const KernelVariant& v, int cc_major, int cc_minor) {
  const Nvrtc& n = nvrtc();
  if (!n.missing.empty()) return Error{n.missing};
  const std::string source = variant_source(v);
  std::vector<const char*> names, texts;
  std::vector<std::string> owned;  // NVRTC wants NUL-terminated header texts
  owned.reserve(variant_headers().size());
  for (const auto& [name, text] : variant_headers()) {
    owned.emplace_back(text);
    names.push_back(name.c_str());
    texts.push_back(owned.back().c_str());
  }
  nvrtcProgram prog = nullptr;
  nvrtcResult r = n.create(&prog, source.c_str(), "variant.cu", static_cast<int>(names.size()), texts.data(),
                           names.data());
  if (r != NVRTC_SUCCESS) return Error{fmt::format("NVRTC could not take the variant's source: {}", n.error_string(r))};
  CompiledVariant out;
  out.arch = fmt::format("compute_{}{}", cc_major, cc_minor);
  const std::string arch_option = "--gpu-architecture=" + out.arch;
  const char* options[] = {arch_option.c_str(), "-std=c++20", "-lineinfo"};
  r = n.compile(prog, 3, options);
  std::size_t log_size = 0;
  n.log_size(prog, &log_size);
  out.log.assign(log_size, '\0');
  if (log_size) n.log(prog, out.log.data());
  while (!out.log.empty() && (out.log.back() == '\0' || out.log.back() == '\n')) out.log.pop_back();
  if (r != NVRTC_SUCCESS) {
    n.destroy(&prog);
    return Error{fmt::format("NVRTC could not compile the variant ({}): {}", n.error_string(r), out.log)};
  }
  std::size_t ptx_size = 0;
  n.ptx_size(prog, &ptx_size);
  out.ptx.assign(ptx_size, '\0');
  n.ptx(prog, out.ptx.data());
  n.destroy(&prog);
  while (!out.ptx.empty() && out.ptx.back() == '\0') out.ptx.pop_back();
  const auto kinds = ptx_access_kinds(out.ptx);
  if (auto it = kinds.find(std::string(kVariantEntry)); it != kinds.end()) out.access_kinds = it->second;
  return out;
}

std::variant<KernelDescriptor, GpuError> load_variant(const KernelVariant& v, const CompiledVariant& compiled) {
  auto loaded = std::make_shared<LoadedVariant>();
  cudaError_t e = cudaLibraryLoadData(&loaded->library, compiled.ptx.c_str(), nullptr, nullptr, 0, nullptr, nullptr, 0);
  if (e != cudaSuccess) return cuda_error(e, "cudaLibraryLoadData(variant PTX)");
  e = cudaLibraryGetKernel(&loaded->kernel, loaded->library, std::string(kVariantEntry).c_str());
  if (e != cudaSuccess) return cuda_error(e, "cudaLibraryGetKernel(ws_variant)");
  KernelDescriptor k = v.descriptor();
  k.code.gpu = [loaded](const GpuLaunch& l) {
    // The entry's arguments: the arrays in declaration order, then the parameters.
    void* in = l.arrays.p[0];
    void* out = l.arrays.p[1];
    KernelParams p = l.params;
    void* args[] = {&in, &out, &p};
    const cudaError_t err = cudaLaunchKernel(reinterpret_cast<const void*>(loaded->kernel),
                                             dim3(l.grid.x, l.grid.y, l.grid.z), dim3(l.block.x, l.block.y, l.block.z),
                                             args, static_cast<std::size_t>(l.dynamic_shared_bytes),
                                             static_cast<cudaStream_t>(l.stream));
    return static_cast<int>(err != cudaSuccess ? err : cudaGetLastError());
  };
  return k;
}

}  // namespace ws::kernels
