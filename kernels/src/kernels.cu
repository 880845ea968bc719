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

// Copy, naive and tiled transposes: one run-time entry ws_<name> (T and BR
// read from Shape) and one per WS_FIXED_TILES shape, ws_<name>_<T>x<BR>, whose
// row loops unroll completely (TileRows). Fn::run<T, BR> calls the body.
template <class Elem>
struct CopyFn {
  template <int T, int BR>
  __device__ static void run(DeviceCtx& c, const Shape& s) { copy_body<DeviceCtx, Elem, T, BR>(c, s); }
};
template <class Elem>
struct NaiveFn {
  template <int T, int BR>
  __device__ static void run(DeviceCtx& c, const Shape& s) { transpose_naive_body<DeviceCtx, Elem, T, BR>(c, s); }
};
template <class Elem, class Layout>
struct TiledFn {
  template <int T, int BR>
  __device__ static void run(DeviceCtx& c, const Shape& s) {
    transpose_tiled_body<DeviceCtx, Elem, Layout, T, BR>(c, s, Layout{T > 0 ? T : s.tile});
  }
};
using PlainFn = TiledFn<float, PlainTile>;
using PaddedFn = TiledFn<float, PaddedTile>;
using RotatedFn = TiledFn<float, RotatedTile>;
using XorFn = TiledFn<float, XorTile>;
using PaddedIntFn = TiledFn<int, PaddedTile>;
}  // namespace

#define WS_FIXED_ENTRY(T, BR, name, Elem, Fn)                                 \
  __global__ void ws_##name##_##T##x##BR(const Elem* in, Elem* out, Shape s) { \
    DeviceCtx ctx = make_ctx(in, out);                                         \
    Fn::template run<T, BR>(ctx, s);                                           \
  }
#define WS_TILED_ENTRIES(name, Elem, Fn)                          \
  __global__ void ws_##name(const Elem* in, Elem* out, Shape s) { \
    DeviceCtx ctx = make_ctx(in, out);                            \
    Fn::template run<0, 0>(ctx, s);                               \
  }                                                               \
  WS_FIXED_TILES(WS_FIXED_ENTRY, name, Elem, Fn)

extern "C" {
WS_TILED_ENTRIES(copy, float, CopyFn<float>)
WS_TILED_ENTRIES(transpose_naive, float, NaiveFn<float>)
WS_TILED_ENTRIES(transpose_shared, float, PlainFn)
WS_TILED_ENTRIES(transpose_padded, float, PaddedFn)
WS_TILED_ENTRIES(transpose_rotated, float, RotatedFn)
WS_TILED_ENTRIES(transpose_xor, float, XorFn)
WS_TILED_ENTRIES(transpose_nonsquare_int, int, PaddedIntFn)
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
  // The compile-time entry when the shape is one of WS_FIXED_TILES (the same
  // test as entry_name()), else the run-time one.
#define WS_FIXED_CASE(T, BR, name, Elem) \
  if (s.tile == T && s.block_rows == BR) \
    return launch(ws_##name##_##T##x##BR, g, b, smem, st, static_cast<const Elem*>(a[0]), static_cast<Elem*>(a[1]), s);
#define WS_LAUNCH_TILED(name, Elem)          \
  WS_FIXED_TILES(WS_FIXED_CASE, name, Elem) \
  return launch(ws_##name, g, b, smem, st, static_cast<const Elem*>(a[0]), static_cast<Elem*>(a[1]), s)
  switch (id) {
    case KernelId::Copy: WS_LAUNCH_TILED(copy, float);
    case KernelId::TransposeNaive: WS_LAUNCH_TILED(transpose_naive, float);
    case KernelId::TransposeShared: WS_LAUNCH_TILED(transpose_shared, float);
    case KernelId::TransposePadded: WS_LAUNCH_TILED(transpose_padded, float);
    case KernelId::TransposeRotated: WS_LAUNCH_TILED(transpose_rotated, float);
    case KernelId::TransposeXor: WS_LAUNCH_TILED(transpose_xor, float);
    case KernelId::TransposeNonsquareInt: WS_LAUNCH_TILED(transpose_nonsquare_int, int);
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
