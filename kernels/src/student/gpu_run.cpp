// A student's file on this machine's GPU: nvcc compiles the file itself (host
// code and all, as the student would), the cubin is loaded with the runtime's
// library API and the entry launched with the trace's launch, arrays as large as
// --size or as the trace touched them, filled with random non-zero numbers.
// Timed like `bench`: a warm-up, then CUDA events around each launch, the median.
#include <cxxabi.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <random>

#include "elf_symbols.hpp"
#include "nvcc.hpp"
#include "process.hpp"
#include "ws/kernels/median.hpp"
#include "ws/kernels/student.hpp"

#if WS_HAVE_CUDA
#include <cuda_runtime.h>
#endif

namespace ws::kernels {

#if WS_HAVE_CUDA
namespace {
namespace fs = std::filesystem;

StudentGpuError failed(cudaError_t e, const char* what) {
  (void)cudaGetLastError();
  return StudentGpuError{fmt::format("{}: {}", what, cudaGetErrorString(e)),
                         e == cudaErrorNoDevice || e == cudaErrorInsufficientDriver};
}

struct DeviceBuffers {
  std::vector<void*> pointers;
  ~DeviceBuffers() {
    for (void* p : pointers) cudaFree(p);
  }
};

}  // namespace

std::variant<StudentGpuRun, StudentGpuError> run_student_on_gpu(const StudentKernel& kernel, int repeat) {
  int devices = 0;
  if (cudaError_t e = cudaGetDeviceCount(&devices); e != cudaSuccess || devices == 0)
    return StudentGpuError{e == cudaSuccess ? std::string("no CUDA GPU here") : failed(e, "cudaGetDeviceCount").message, true};
  cudaDeviceProp prop{};
  if (cudaError_t e = cudaGetDeviceProperties(&prop, 0); e != cudaSuccess) return failed(e, "cudaGetDeviceProperties");
  const StudentSource& src = kernel.source();
  auto compiled = student::nvcc_cubin(src, prop.major * 10 + prop.minor);
  if (auto* e = std::get_if<std::string>(&compiled)) return StudentGpuError{*e, false};
  const fs::path cubin = std::get<fs::path>(compiled);

  std::string error;
  std::string mangled;
  for (const student::ElfObject& o : student::elf_objects(cubin, error)) {
    if (!o.function) continue;
    int status = 0;
    char* d = abi::__cxa_demangle(o.mangled.c_str(), nullptr, nullptr, &status);
    const std::string name = status == 0 && d ? d : o.mangled;
    std::free(d);
    if (student::names_entry(name, src.entry) || o.mangled == src.entry) mangled = o.mangled;
  }
  if (mangled.empty()) return StudentGpuError{fmt::format("{}: nvcc's cubin has no kernel {}", src.path.string(), src.entry), false};

  std::ifstream in(cubin, std::ios::binary);
  const std::string image((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  cudaLibrary_t library = nullptr;
  if (cudaError_t e = cudaLibraryLoadData(&library, image.data(), nullptr, nullptr, 0, nullptr, nullptr, 0); e != cudaSuccess)
    return failed(e, "cudaLibraryLoadData(cubin)");
  struct Unload {
    cudaLibrary_t l;
    ~Unload() { cudaLibraryUnload(l); }
  } unload{library};
  cudaKernel_t entry = nullptr;
  if (cudaError_t e = cudaLibraryGetKernel(&entry, library, mangled.c_str()); e != cudaSuccess)
    return failed(e, "cudaLibraryGetKernel");

  // Arguments: a device array per pointer, random non-zero; scalars as --arg gave them.
  const std::vector<StudentParameter> params = kernel.parameters();
  DeviceBuffers buffers;
  std::vector<std::vector<unsigned char>> storage(params.size());
  std::vector<void*> args;
  std::mt19937_64 rng(2026);
  for (std::size_t i = 0; i < params.size(); ++i) {
    const StudentParameter& p = params[i];
    if (!p.pointer) {
      storage[i] = p.value;
      args.push_back(storage[i].data());
      continue;
    }
    const std::uint64_t bytes = std::max<std::uint64_t>(256, (p.bytes + 255) / 256 * 256);
    std::vector<unsigned char> host(bytes);
    for (std::uint64_t b = 0; b + p.element_bytes <= bytes; b += static_cast<std::uint64_t>(p.element_bytes)) {
      const double u = std::uniform_real_distribution<double>(1.0, 2.0)(rng);
      if (p.floating && p.element_bytes == 4) {
        const float f = static_cast<float>(u);
        std::memcpy(&host[b], &f, 4);
      } else if (p.floating && p.element_bytes == 8) {
        std::memcpy(&host[b], &u, 8);
      } else {
        const std::uint64_t v = 1 + rng() % 64;  // small positive integers
        std::memcpy(&host[b], &v, std::min<std::size_t>(8, static_cast<std::size_t>(p.element_bytes)));
      }
    }
    void* d = nullptr;
    if (cudaError_t e = cudaMalloc(&d, bytes); e != cudaSuccess) return failed(e, "cudaMalloc");
    buffers.pointers.push_back(d);
    if (cudaError_t e = cudaMemcpy(d, host.data(), bytes, cudaMemcpyHostToDevice); e != cudaSuccess) return failed(e, "cudaMemcpy");
    storage[i].resize(sizeof(void*));
    std::memcpy(storage[i].data(), &d, sizeof(void*));
    args.push_back(storage[i].data());
  }
  const StudentLaunch& l = kernel.launch();
  const dim3 grid(l.grid.x, l.grid.y, l.grid.z), block(l.block.x, l.block.y, l.block.z);
  const auto dynamic = static_cast<std::size_t>(l.dynamic_shared_bytes);
  if (dynamic > 48 * 1024)
    if (cudaError_t e = cudaFuncSetAttribute(reinterpret_cast<const void*>(entry), cudaFuncAttributeMaxDynamicSharedMemorySize,
                                             static_cast<int>(dynamic));
        e != cudaSuccess)
      return failed(e, "cudaFuncSetAttribute(dynamic shared memory)");
  auto launch = [&] {
    return cudaLaunchKernel(reinterpret_cast<const void*>(entry), grid, block, args.data(), dynamic, nullptr);
  };
  for (int i = 0; i < 3; ++i)
    if (cudaError_t e = launch(); e != cudaSuccess) return failed(e, "the kernel's launch");
  if (cudaError_t e = cudaDeviceSynchronize(); e != cudaSuccess) return failed(e, "the kernel");
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  std::vector<double> ms;
  for (int i = 0; i < repeat; ++i) {
    cudaEventRecord(start);
    launch();
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    float t = 0;
    cudaEventElapsedTime(&t, start, stop);
    ms.push_back(t);
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  if (cudaError_t e = cudaGetLastError(); e != cudaSuccess) return failed(e, "the timed launches");
  StudentGpuRun out;
  out.gpu = prop.name;
  out.launches = repeat;
  out.median_ms = median(ms);
  out.min_ms = *std::min_element(ms.begin(), ms.end());
  out.max_ms = *std::max_element(ms.begin(), ms.end());
  out.cubin = cubin.string();
  return out;
}

#else

std::variant<StudentGpuRun, StudentGpuError> run_student_on_gpu(const StudentKernel&, int) {
  return StudentGpuError{"this warpscope was built without CUDA: --run needs a build with nvcc, on a machine with a GPU",
                         true};
}

#endif

}  // namespace ws::kernels
