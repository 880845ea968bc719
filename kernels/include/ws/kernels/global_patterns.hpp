// Global-memory access patterns: what a warp's addresses cost in sectors (G1, G2).
// One thread per element, 256 threads per block, no reuse: every kernel here is
// bound by DRAM, so its time follows the bytes it makes DRAM move.
//   strided_read   out[i] = in[i * stride]: a warp spans 32 x stride floats, so
//                  stride s costs min(4s, 32) sectors a request for 4 sectors' worth of data
//   offset_read    out[i] = in[i + offset]: shifted off the 128-byte line, a warp's
//                  128 bytes straddle two lines: 5 sectors instead of 4, unless offset % 8 == 0
//   aos_field      out[i] = particles[i].x of a 12- or 16-byte struct: the field sits
//                  3 or 4 floats apart, a strided read by another name
//   soa_field      out[i] = x[i]: the same field as its own array (a structure of arrays), coalesced
#pragma once

#include "ws/kernels/cuda_like.hpp"

namespace ws::kernels {

inline constexpr int kPatternBlockThreads = 256;  // 8 warps: the course's one-element-per-thread block

WS_BODY void strided_read(In<float> in, Out<float> out, int n, int stride) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i * stride];  // lanes 4 x stride bytes apart (G2)
}

WS_BODY void offset_read(In<float> in, Out<float> out, int n, int offset) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i + offset];  // the warp's 128 bytes start `offset` floats into a line
}

// An array of structures: a particle's coordinates together.
struct Particle12 {
  float x, y, z;
};
WS_FIELDS(Particle12, x, y, z);
// The same padded to 16 bytes (a float4's size, as for vector loads).
struct Particle16 {
  float x, y, z, w;
};
WS_FIELDS(Particle16, x, y, z, w);

template <class Particle>
WS_BODY void aos_field(In<Particle> particles, Out<float> out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = particles[i].x;  // lanes sizeof(Particle) bytes apart: only x is loaded
}

// A structure of arrays, struct { float *x, *y, *z; }: each coordinate its own
// array. Reading the x's needs only x; y and z are allocations this kernel never sees.
WS_BODY void soa_field(In<float> x, Out<float> out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = x[i];  // consecutive floats: 4 sectors a request
}

}  // namespace ws::kernels
