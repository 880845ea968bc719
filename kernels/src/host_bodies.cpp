// The host instantiation of every catalog body with the recording context.
// kernels.cu instantiates the very same templates with the device context.
#include "host_bodies.hpp"

#include "ws/kernels/matmul.hpp"
#include "ws/kernels/smem_patterns.hpp"
#include "ws/kernels/transpose.hpp"

namespace ws::kernels {

void run_host_body(KernelId id, RecordingCtx& ctx, const Shape& s) {
  using C = RecordingCtx;
  switch (id) {
    case KernelId::Copy: return copy_body<C, float>(ctx, s);
    case KernelId::TransposeNaive: return transpose_naive_body<C, float>(ctx, s);
    case KernelId::TransposeShared: return transpose_tiled_body<C, float>(ctx, s, PlainTile{s.tile});
    case KernelId::TransposePadded: return transpose_tiled_body<C, float>(ctx, s, PaddedTile{s.tile});
    case KernelId::TransposeRotated: return transpose_tiled_body<C, float>(ctx, s, RotatedTile{s.tile});
    case KernelId::TransposeXor: return transpose_tiled_body<C, float>(ctx, s, XorTile{s.tile});
    case KernelId::TransposeNonsquareInt: return transpose_tiled_body<C, int>(ctx, s, PaddedTile{s.tile});
    case KernelId::TransposeFast:
      return s.swizzle ? transpose_fast_staged_body<C>(ctx, s) : transpose_fast_body<C>(ctx, s);
    case KernelId::MatmulNaive: return matmul_naive_body<C>(ctx, s);
    case KernelId::MatmulTiled: return matmul_tiled_body<C>(ctx, s);
    case KernelId::SmemStride:
      if (s.bytes == 8) return smem_stride_body<C, Float2>(ctx, s);
      if (s.bytes == 16) return smem_stride_body<C, Float4>(ctx, s);
      return smem_stride_body<C, float>(ctx, s);
    case KernelId::SmemBroadcast: return smem_broadcast_body<C>(ctx, s);
    case KernelId::LdmatrixSwizzle: return ldmatrix_swizzle_body<C>(ctx, s);
    case KernelId::Count: break;
  }
}

}  // namespace ws::kernels
