// What a kernel body is written in: CUDA. Compiled by nvcc these are CUDA's own
// names; compiled by the host compiler they record every access for the
// simulator (host_recording.hpp), so each body is written once and the tracer
// sees exactly the addresses the GPU computes.
//
//   threadIdx, blockIdx, blockDim, gridDim, __syncthreads(), float2, float4, uint4
//   In<T>, Out<T>                  a kernel's global arrays: const T* / T* on the GPU
//   WS_SHARED(T, name, [R][C])     __shared__ T name[R][C];  (sizes known at compile time)
//   WS_SHARED_DYNAMIC(T, name, R, C)  extern __shared__ T name[]; R x C, indexed name[r * C + c]
//   as_vectors<V>(p)               reinterpret_cast<V*>(p): 8- and 16-byte accesses (S2)
//   ldmatrix_x4(&tile[r][c])       ldmatrix.sync.aligned.m8n8.x4.shared.b16 (S7)
//   WS_FIELDS(S, x, y, ...)        nothing; on the host, particles[i].x records the field's own bytes
//
// A body never uses a loaded value to form an address (the host returns zeros)
// and copies a vector element into a local before reading its fields.
#pragma once

#if defined(__CUDACC__)

#define WS_BODY __device__ inline
// The array's address is formed where it is declared (materialize_shared): an
// edge check before the first access would otherwise let the compiler sink that
// address (S2R SR_CgaCtaId + LEA on sm_90) behind the check and again behind
// __syncthreads(), on the path of every warp; a hand-written kernel without
// checks computes it once, up front. Measured on an H100 at 8192^2: the 32 x 32
// padded transpose 4.0% slower than NVIDIA's sample without it, 1.7% with it.
#define WS_SHARED(T, name, dims) \
  __shared__ T name dims;        \
  ::ws::kernels::materialize_shared(name)
// One dynamic array per kernel, after the static ones (the launch gives its size).
#define WS_SHARED_DYNAMIC(T, name, rows, cols)                     \
  extern __shared__ __align__(16) unsigned char ws_dynamic_smem_[]; \
  T* name = reinterpret_cast<T*>(ws_dynamic_smem_)
// The GPU reads a struct's fields as C++ does; only the tracer needs their names.
#define WS_FIELDS(S, ...) static_assert(sizeof(S) > 0, "fields of a complete struct")

namespace ws::kernels {

template <class T>
using In = const T* __restrict__;
template <class T>
using Out = T* __restrict__;

template <class V, class T>
__device__ inline const V* as_vectors(const T* p) {
  return reinterpret_cast<const V*>(p);
}
template <class V, class T>
__device__ inline V* as_vectors(T* p) {
  return reinterpret_cast<V*>(p);
}

// S7: each lane gives one 16-byte row address; lane l receives row l / 4,
// 16-bit columns 2 (l % 4) and 2 (l % 4) + 1 of each of the four 8 x 8 matrices.
__device__ inline uint4 ldmatrix_x4(const void* row) {
  const unsigned addr = static_cast<unsigned>(__cvta_generic_to_shared(row));
  uint4 r;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r.x), "=r"(r.y), "=r"(r.z), "=r"(r.w)
               : "r"(addr)
               : "memory");
  return r;
}

// An empty asm that takes the array's generic address: computed here, kept in a
// register for every later access (no instruction of its own).
__device__ __forceinline__ void materialize_shared(const void* array) { asm volatile("" ::"l"(array)); }

}  // namespace ws::kernels

#else  // the host compiler: the recording build

#include "ws/kernels/host_recording.hpp"

#define WS_BODY inline
#define WS_SHARED(T, name, dims) \
  using name##_layout_ = T dims; \
  auto name = ::ws::kernels::shared_array<name##_layout_>(#name)
#define WS_SHARED_DYNAMIC(T, name, rows, cols) auto name = ::ws::kernels::dynamic_shared_array<T>(#name, rows, cols)

#endif
