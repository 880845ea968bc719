// The GPU instantiation of every catalog body with the device context.
// extern "C" keeps the entry names readable in PTX and SASS (ws_<kernel>),
// which the width tests match against the tracer's sites.
#include "gpu_launch.hpp"
#include "ws/kernels/device_context.cuh"
#include "ws/kernels/matmul.hpp"
#include "ws/kernels/smem_patterns.hpp"
#include "ws/kernels/transpose.hpp"

using namespace ws::kernels;

namespace {
__device__ inline DeviceCtx make_ctx(const void* a, void* b, void* c = nullptr) {
  return DeviceCtx{{const_cast<void*>(a), b, c, nullptr}};
}
}  // namespace

extern "C" {
__global__ void ws_copy(const float* in, float* out, Shape s) {
  DeviceCtx ctx = make_ctx(in, out);
  copy_body<DeviceCtx, float>(ctx, s);
}
__global__ void ws_transpose_naive(const float* in, float* out, Shape s) {
  DeviceCtx ctx = make_ctx(in, out);
  transpose_naive_body<DeviceCtx, float>(ctx, s);
}
__global__ void ws_transpose_shared(const float* in, float* out, Shape s) {
  DeviceCtx ctx = make_ctx(in, out);
  transpose_tiled_body<DeviceCtx, float>(ctx, s, PlainTile{s.tile});
}
__global__ void ws_transpose_padded(const float* in, float* out, Shape s) {
  DeviceCtx ctx = make_ctx(in, out);
  transpose_tiled_body<DeviceCtx, float>(ctx, s, PaddedTile{s.tile});
}
__global__ void ws_transpose_rotated(const float* in, float* out, Shape s) {
  DeviceCtx ctx = make_ctx(in, out);
  transpose_tiled_body<DeviceCtx, float>(ctx, s, RotatedTile{s.tile});
}
__global__ void ws_transpose_xor(const float* in, float* out, Shape s) {
  DeviceCtx ctx = make_ctx(in, out);
  transpose_tiled_body<DeviceCtx, float>(ctx, s, XorTile{s.tile});
}
__global__ void ws_transpose_nonsquare_int(const int* in, int* out, Shape s) {
  DeviceCtx ctx = make_ctx(in, out);
  transpose_tiled_body<DeviceCtx, int>(ctx, s, PaddedTile{s.tile});
}
__global__ void ws_transpose_fast(const float* in, float* out, Shape s) {
  DeviceCtx ctx = make_ctx(in, out);
  transpose_fast_body<DeviceCtx>(ctx, s);
}
__global__ void ws_transpose_fast_staged(const float* in, float* out, Shape s) {
  DeviceCtx ctx = make_ctx(in, out);
  transpose_fast_staged_body<DeviceCtx>(ctx, s);
}
__global__ void ws_matmul_naive(const float* A, const float* B, float* C, Shape s) {
  DeviceCtx ctx = make_ctx(A, const_cast<float*>(B), C);
  matmul_naive_body<DeviceCtx>(ctx, s);
}
__global__ void ws_matmul_tiled(const float* A, const float* B, float* C, Shape s) {
  DeviceCtx ctx = make_ctx(A, const_cast<float*>(B), C);
  matmul_tiled_body<DeviceCtx>(ctx, s);
}
__global__ void ws_smem_stride_4(const float* in, float* out, Shape s) {
  DeviceCtx ctx = make_ctx(in, out);
  smem_stride_body<DeviceCtx, float>(ctx, s);
}
__global__ void ws_smem_stride_8(const Float2* in, Float2* out, Shape s) {
  DeviceCtx ctx = make_ctx(in, out);
  smem_stride_body<DeviceCtx, Float2>(ctx, s);
}
__global__ void ws_smem_stride_16(const Float4* in, Float4* out, Shape s) {
  DeviceCtx ctx = make_ctx(in, out);
  smem_stride_body<DeviceCtx, Float4>(ctx, s);
}
__global__ void ws_smem_broadcast(const float* in, float* out, Shape s) {
  DeviceCtx ctx = make_ctx(in, out);
  smem_broadcast_body<DeviceCtx>(ctx, s);
}
__global__ void ws_ldmatrix_swizzle(const std::uint16_t* in, std::uint16_t* out, Shape s) {
  DeviceCtx ctx = make_ctx(in, out);
  ldmatrix_swizzle_body<DeviceCtx>(ctx, s);
}
}  // extern "C"

namespace ws::kernels {
namespace {

template <class... Args>
cudaError_t launch(void (*kernel)(Args...), dim3 grid, dim3 block, int smem, cudaStream_t st, Args... args) {
  if (smem > 48 * 1024) {
    const cudaError_t e = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
    if (e != cudaSuccess) return e;
  }
  kernel<<<grid, block, static_cast<size_t>(smem), st>>>(args...);
  return cudaGetLastError();
}

}  // namespace

cudaError_t launch_catalog_kernel(KernelId id, const Shape& s, dim3 g, dim3 b, int smem, void* const* a,
                                  cudaStream_t st) {
  auto f = [&](int i) { return static_cast<float*>(a[i]); };
  switch (id) {
    case KernelId::Copy: return launch(ws_copy, g, b, smem, st, (const float*)f(0), f(1), s);
    case KernelId::TransposeNaive: return launch(ws_transpose_naive, g, b, smem, st, (const float*)f(0), f(1), s);
    case KernelId::TransposeShared: return launch(ws_transpose_shared, g, b, smem, st, (const float*)f(0), f(1), s);
    case KernelId::TransposePadded: return launch(ws_transpose_padded, g, b, smem, st, (const float*)f(0), f(1), s);
    case KernelId::TransposeRotated: return launch(ws_transpose_rotated, g, b, smem, st, (const float*)f(0), f(1), s);
    case KernelId::TransposeXor: return launch(ws_transpose_xor, g, b, smem, st, (const float*)f(0), f(1), s);
    case KernelId::TransposeNonsquareInt:
      return launch(ws_transpose_nonsquare_int, g, b, smem, st, (const int*)a[0], (int*)a[1], s);
    case KernelId::TransposeFast:
      if (s.swizzle) return launch(ws_transpose_fast_staged, g, b, smem, st, (const float*)f(0), f(1), s);
      return launch(ws_transpose_fast, g, b, smem, st, (const float*)f(0), f(1), s);
    case KernelId::MatmulNaive:
      return launch(ws_matmul_naive, g, b, smem, st, (const float*)f(0), (const float*)f(1), f(2), s);
    case KernelId::MatmulTiled:
      return launch(ws_matmul_tiled, g, b, smem, st, (const float*)f(0), (const float*)f(1), f(2), s);
    case KernelId::SmemStride:
      if (s.bytes == 8) return launch(ws_smem_stride_8, g, b, smem, st, (const Float2*)a[0], (Float2*)a[1], s);
      if (s.bytes == 16) return launch(ws_smem_stride_16, g, b, smem, st, (const Float4*)a[0], (Float4*)a[1], s);
      return launch(ws_smem_stride_4, g, b, smem, st, (const float*)f(0), f(1), s);
    case KernelId::SmemBroadcast: return launch(ws_smem_broadcast, g, b, smem, st, (const float*)f(0), f(1), s);
    case KernelId::LdmatrixSwizzle:
      return launch(ws_ldmatrix_swizzle, g, b, smem, st, (const std::uint16_t*)a[0], (std::uint16_t*)a[1], s);
    case KernelId::Count: break;
  }
  return cudaErrorInvalidValue;
}

}  // namespace ws::kernels
