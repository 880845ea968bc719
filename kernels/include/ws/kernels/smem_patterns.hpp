// Shared-memory patterns.
//   smem_stride       lane i reads element i * stride of V-wide elements, over and over (S2-S4)
//   smem_broadcast    lanes read k distinct words: a word read by several lanes is sent once (S1)
//   smem_pattern      a student's pattern: lane reads element at(lane, i) in iteration i (warpscope variant)
//   ldmatrix_swizzle  a 32 x 128-byte tile of 16-byte chunks, stored with the 128B
//                     XOR swizzle (TMA layout) or plainly, read with ldmatrix.x4 (S7)
#pragma once

#if defined(__CUDACC_RTC__)
namespace std {
using uint16_t = unsigned short;  // NVRTC (warpscope variant) has no <cstdint>
}
#else
#include <cstdint>
#endif

#include "ws/kernels/cuda_like.hpp"

namespace ws::kernels {

// The stride and broadcast kernels are shared-bound: 4096 blocks of 8 warps,
// each lane reads its shared element `repeats` times, so that the time is the
// shared-memory wavefronts and not the launch (>= 100 us at repeats 1024).
inline constexpr int kPatternBlocks = 4096;
inline constexpr int kPatternThreads = 256;  // 8 warps per block

WS_BODY float add(float a, float b) { return a + b; }
WS_BODY float2 add(float2 a, float2 b) { return float2{a.x + b.x, a.y + b.y}; }
WS_BODY float4 add(float4 a, float4 b) { return float4{a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w}; }

template <class V>
WS_BODY void smem_stride(In<V> in, Out<V> out, int stride, int repeats) {
  WS_SHARED_DYNAMIC(V, buf, 32, stride);  // lane l's element opens row l
  const int lane = threadIdx.x % 32;
  if (threadIdx.x < 32) buf[lane * stride] = in[blockIdx.x * 32 + lane];
  __syncthreads();
  V sum{};
  for (int i = 0; i < repeats; ++i) {
    const V v = buf[lane * stride];  // every warp: lanes `stride` elements apart
    sum = add(sum, v);
    __syncwarp();  // the compiler may not reuse the value: one read per iteration
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

WS_BODY void smem_broadcast(In<float> in, Out<float> out, int distinct_words, int repeats) {
  WS_SHARED(float, buf, [32]);
  const int lane = threadIdx.x % 32;
  if (threadIdx.x < 32) buf[lane] = in[blockIdx.x * 32 + lane];
  __syncthreads();
  float sum = 0.0f;
  for (int i = 0; i < repeats; ++i) {
    sum += buf[lane % distinct_words];  // consecutive words: distinct banks, one wavefront (S1, S4)
    __syncwarp();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

// A student's access pattern (`warpscope variant --pattern`): in iteration i
// lane `lane` reads element at(lane, i) of a buffer of at.elements V-wide
// elements, which the block first fills from global memory. Shaped like
// smem_stride (same blocks, warps and repeats), so the two time alike. On the
// GPU `at` is the typed expression compiled at run time (NVRTC).
template <class V, class Pattern>
WS_BODY void smem_pattern(In<V> in, Out<V> out, int repeats, Pattern at) {
  WS_SHARED_DYNAMIC(V, buf, 1, at.elements);
  const int lane = threadIdx.x % 32;
  for (int e = threadIdx.x; e < at.elements; e += blockDim.x) buf[e] = in[blockIdx.x * at.elements + e];
  __syncthreads();
  V sum{};
  for (int i = 0; i < repeats; ++i) {
    const V v = buf[at(lane, i)];  // the typed pattern
    sum = add(sum, v);
    __syncwarp();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

// Copies a rows x 64 matrix of 16-bit values through shared memory: 128
// threads store 32 rows as 16-byte chunks, then each warp reads its 8 rows as
// four 8 x 8 matrices per ldmatrix.x4, `repeats` times, and writes the sum of
// its fragments back out (each 32-bit word of out is `repeats` times that word
// of in: a copy at one read). Swizzled, 16-byte chunk c of row r sits at chunk
// c ^ (r % 8) (TMA's 128B mode). The repeats make it shared-bound, like
// smem_stride (>= 100 us at 1024); with one read it is a copy, bound by global
// memory, where the swizzle cannot matter.
WS_BODY void ldmatrix_swizzle(In<std::uint16_t> in, Out<std::uint16_t> out, bool swizzled, int repeats) {
  WS_SHARED(std::uint16_t, tile, [32][64]);
  const auto in4 = as_vectors<uint4>(in);
  const auto tile4 = as_vectors<uint4>(&tile[0][0]);
  const int t = threadIdx.x;
  const int row0 = blockIdx.x * 32;
#pragma unroll
  for (int i = 0; i < 2; ++i) {
    const int r = (t + 128 * i) / 8, c = (t + 128 * i) % 8;
    tile4[r * 8 + (swizzled ? c ^ (r % 8) : c)] = in4[(row0 + r) * 8 + c];
  }
  __syncthreads();
  const int warp = t / 32, lane = t % 32;
#pragma unroll
  for (int half = 0; half < 2; ++half) {
    // Lanes 8m .. 8m + 7 give the rows of matrix m: chunk 4 half + m of rows 8 warp + 0..7.
    const int r = 8 * warp + lane % 8, c = 4 * half + lane / 8;
    const auto row = &tile[r][8 * (swizzled ? c ^ (r % 8) : c)];
    uint4 f = ldmatrix_x4(row);
    for (int i = 1; i < repeats; ++i) {
      __syncwarp();  // the compiler may not reuse the value, and sums it: one read per iteration
      const uint4 g = ldmatrix_x4(row);
      f = uint4{f.x + g.x, f.y + g.y, f.z + g.z, f.w + g.w};
    }
    const unsigned part[4] = {f.x, f.y, f.z, f.w};
#pragma unroll
    for (int m = 0; m < 4; ++m) {
      const int o = (row0 + 8 * warp + lane / 4) * 64 + (4 * half + m) * 8 + 2 * (lane % 4);
      as_vectors<unsigned>(out)[o / 2] = part[m];
    }
  }
}

}  // namespace ws::kernels
