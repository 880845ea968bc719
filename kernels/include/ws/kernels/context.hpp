// What every kernel body sees, whichever context runs it: access sites, the
// kernel's shape arguments, small vector types, and the WS_BODY marker.
//
// A body is a function template over an execution context Ctx. Ctx provides
//   ctx.thread_idx(), ctx.block_idx(), ctx.block_dim(), ctx.grid_dim()  -> Idx3
//   ctx.template global<T>(name, rows, cols, pitch)  -> array handle (global memory)
//   ctx.template shared<T>(name, rows, cols, pitch)  -> array handle (__shared__, dynamic)
//   ctx.sync()                                         -> __syncthreads()
//   ctx.ldmatrix_x4(site, shared_handle, elem_index)  -> U32x4 (ldmatrix.x4, S7)
// and every handle provides
//   h.load(site, i), h.store(site, i, v)                  one T at element i
//   h.template load_vec<V>(site, i), h.store_vec(site, i, v)  sizeof(V) bytes at element i
// The device context (device_context.cuh) maps these to real memory; the
// recording context (recording_context.hpp) logs them for the simulator.
#pragma once

#include <cstdint>

#include "ws/hd.hpp"

// Kernel bodies are device-only under nvcc (never instantiated for the host
// there) and plain inline functions for the host compiler's recording build.
#if defined(__CUDACC__)
#define WS_BODY __device__ inline
#else
#define WS_BODY inline
#endif

// Loop unrolling is the GPU compiler's business; the host build ignores it.
#if defined(__CUDACC__)
#define WS_UNROLL _Pragma("unroll")
#define WS_UNROLL4 _Pragma("unroll 4")  // runtime trip count: batch four iterations' loads
#else
#define WS_UNROLL
#define WS_UNROLL4
#endif

namespace ws::kernels {

// One memory access site: a short name and the source line of the access.
struct Site {
  const char* name;
  int line;
};

// Marks an access site; the line is the line of the access in the body header.
#define WS_SITE(name) ::ws::kernels::Site{name, __LINE__}

struct Idx3 {
  int x = 0, y = 0, z = 0;
};

// The largest matrix a body accepts (rows x cols, check_params): element
// indices of the copy and tiled transposes are int, and 2^28 leaves room below 2^31.
inline constexpr long long kMaxElements = 1ll << 28;
static_assert(kMaxElements <= 0x7fffffffll, "int element indices would overflow");

// The integer arguments every body receives (a POD, passed to kernels by value).
struct Shape {
  int rows = 0, cols = 0, inner = 0;
  int tile = 32, block_rows = 8;
  int stride = 1, bytes = 4;
  int swizzle = 1;
};

// Vector types whose size is the width of one machine instruction (S2):
// loaded and stored whole, they become LDS.64/.128, LDG.E.128 and so on.
struct alignas(8) Float2 {
  float v[2];
};
struct alignas(16) Float4 {
  float v[4];
};
struct alignas(16) U32x4 {
  std::uint32_t v[4];
};

}  // namespace ws::kernels
