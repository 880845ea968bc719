// The GPU execution context: threadIdx, real pointers, dynamic __shared__.
// Sites compile away; 8- and 16-byte accesses go through int2/int4 so that the
// instruction width is the one the tracer records (LDS.64/.128, LDG.E.128, S2).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "ws/kernels/context.hpp"

namespace ws::kernels {

// ReadOnly: the array is const for the whole kernel, so the load may use the
// non-coherent path (LDG.E.CONSTANT) and be hoisted above stores to other arrays.
template <class V, bool ReadOnly = false>
__device__ inline V load_bits(const void* p) {
  static_assert(sizeof(V) == 4 || sizeof(V) == 8 || sizeof(V) == 16 || sizeof(V) == 2 || sizeof(V) == 1);
  V v;
  if constexpr (sizeof(V) == 16) {
    const int4 t = ReadOnly ? __ldg(static_cast<const int4*>(p)) : *static_cast<const int4*>(p);
    std::memcpy(&v, &t, 16);
  } else if constexpr (sizeof(V) == 8) {
    const int2 t = ReadOnly ? __ldg(static_cast<const int2*>(p)) : *static_cast<const int2*>(p);
    std::memcpy(&v, &t, 8);
  } else if constexpr (sizeof(V) == 4) {
    const int t = ReadOnly ? __ldg(static_cast<const int*>(p)) : *static_cast<const int*>(p);
    std::memcpy(&v, &t, 4);
  } else {
    v = *static_cast<const V*>(p);
  }
  return v;
}

template <class V>
__device__ inline void store_bits(void* p, const V& v) {
  if constexpr (sizeof(V) == 16) {
    int4 t;
    std::memcpy(&t, &v, 16);
    *static_cast<int4*>(p) = t;
  } else if constexpr (sizeof(V) == 8) {
    int2 t;
    std::memcpy(&t, &v, 8);
    *static_cast<int2*>(p) = t;
  } else {
    *static_cast<V*>(p) = v;
  }
}

template <class T>
struct DeviceArray {
  using Elem = std::remove_const_t<T>;
  static constexpr bool kReadOnly = std::is_const_v<T>;
  T* p;

  __device__ Elem load(Site, long long i) const { return load_bits<Elem, kReadOnly>(p + i); }
  __device__ void store(Site, long long i, const Elem& v) const { store_bits<Elem>(const_cast<Elem*>(p + i), v); }
  template <class V>
  __device__ V load_vec(Site, long long i) const {
    return load_bits<V, kReadOnly>(p + i);
  }
  template <class V>
  __device__ void store_vec(Site, long long i, const V& v) const {
    store_bits<V>(const_cast<Elem*>(p + i), v);
  }
};

struct DeviceCtx {
  static constexpr int kMaxGlobals = 4;
  void* globals[kMaxGlobals];
  int next_global = 0;
  unsigned next_shared = 0;

  __device__ Idx3 thread_idx() const { return {int(threadIdx.x), int(threadIdx.y), int(threadIdx.z)}; }
  __device__ Idx3 block_idx() const { return {int(blockIdx.x), int(blockIdx.y), int(blockIdx.z)}; }
  __device__ Idx3 block_dim() const { return {int(blockDim.x), int(blockDim.y), int(blockDim.z)}; }
  __device__ Idx3 grid_dim() const { return {int(gridDim.x), int(gridDim.y), int(gridDim.z)}; }

  template <class T>
  __device__ DeviceArray<T> global(const char*, int, int, int) {
    return {static_cast<T*>(globals[next_global++])};
  }
  // Shared arrays are carved from the dynamic allocation in declaration order,
  // 16-byte aligned, exactly as AccessRecorder lays them out from address 0.
  template <class T>
  __device__ DeviceArray<T> shared(const char*, int rows, int, int pitch) {
    extern __shared__ __align__(16) unsigned char ws_dynamic_smem[];
    const unsigned offset = (next_shared + 15u) & ~15u;
    next_shared = offset + unsigned(rows) * unsigned(pitch) * unsigned(sizeof(T));
    return {reinterpret_cast<T*>(ws_dynamic_smem + offset)};
  }
  __device__ void sync() { __syncthreads(); }

  // S7: each lane gives one 16-byte row address; lane l receives row l/4,
  // 16-bit columns 2*(l%4) and 2*(l%4)+1 of each of the four 8x8 matrices.
  template <class T>
  __device__ U32x4 ldmatrix_x4(Site, const DeviceArray<T>& tile, long long i) {
    const unsigned addr = static_cast<unsigned>(__cvta_generic_to_shared(tile.p + i));
    U32x4 r;
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r.v[0]), "=r"(r.v[1]), "=r"(r.v[2]), "=r"(r.v[3])
                 : "r"(addr)
                 : "memory");
    return r;
  }
};

}  // namespace ws::kernels
