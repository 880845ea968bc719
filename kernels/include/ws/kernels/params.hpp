// The parameters every catalog kernel is launched with: one plain struct that
// the host fills from flags, JSON or the window and the GPU receives by value.
// Each kernel reads the fields its descriptor lists (catalog.hpp); what each
// field means, its flag and its JSON key are in one table (param_specs()).
#pragma once

#include "ws/hd.hpp"

namespace ws::kernels {

struct KernelParams {
  int rows = 8192;       // matrix rows (transpose input; matmul M)
  int cols = 8192;       // matrix columns (transpose input; matmul N)
  int inner = 0;         // matmul K (0 = same as cols)
  int tile = 32;         // tile edge T (transposes), TILE_WIDTH (matmul), rows per block (transpose_fast)
  int block_rows = 8;    // threads per block in y for the transposes
  int stride = 1;        // smem_stride: elements between lanes; smem_broadcast: distinct words
  int bytes = 4;         // smem_stride: access width 4, 8 or 16
  int swizzle = 1;       // ldmatrix_swizzle and transpose_fast: 1 = XOR-swizzled shared tile
  int repeats = 1024;    // smem_stride, smem_broadcast, ldmatrix_swizzle: shared reads per thread (long enough to time)
  int offset = 0;        // offset_read: elements every read is shifted by (0: each warp's reads start on a line)
  bool operator==(const KernelParams&) const = default;
};

// The largest matrix a kernel accepts (rows x cols, check_params): element
// indices in the bodies are int, and 2^28 leaves room below 2^31.
inline constexpr long long kMaxElements = 1ll << 28;

// matmul's K as the bodies use it.
WS_HD constexpr int inner_or_cols(const KernelParams& p) { return p.inner > 0 ? p.inner : p.cols; }

}  // namespace ws::kernels
