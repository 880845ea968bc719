// Copy and transpose kernels, written once for the GPU and the tracer, as the
// course writes them (NVIDIA's transpose sample, PMPP chapter 5): plain loops
// over the rows j a thread moves, bounds checked with plain ifs so that any
// size works.
//   copy                      the bandwidth ceiling: same loop, no transpose
//   transpose_naive           coalesced reads, strided writes (G2: 32 sectors per store)
//   transpose_shared          through tile[T][T]: the column read is a 32-way conflict (S4)
//   transpose_padded          tile[T][T + 1]: row r starts r banks further on
//   transpose_rotated         tile[r][(c + r) % T]: the padding's banks without the padding
//   transpose_xor             tile[r][c ^ r]: rows and columns both conflict-free
//   transpose_layout          a student's layout: tile word at(r, c) (warpscope variant)
//   transpose_fast            16-byte vectors, 4 x 4 elements per thread, no shared memory
//   transpose_fast_staged     the same, regrouped through an XOR-swizzled shared tile
// Input is height x width, output width x height, row-major. A block of TILE x
// BLOCK_ROWS threads moves a TILE x TILE tile: thread row y visits rows y + j,
// j = 0, BLOCK_ROWS, ... Size is int; in blocks wholly inside the matrix the
// GPU build passes a type whose comparisons the compiler knows are true, so
// that those blocks run with no check (tile_bounds.hpp: the launch adapter's
// business, not the body's).
#pragma once

#include "ws/kernels/cuda_like.hpp"

namespace ws::kernels {

template <int TILE, int BLOCK_ROWS, class T, class Size>
WS_BODY void copy(In<T> in, Out<T> out, Size width, Size height) {
  const int x = blockIdx.x * TILE + threadIdx.x;
  const int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += BLOCK_ROWS)
    if (x < width && y + j < height)
      out[(y + j) * width + x] = in[(y + j) * width + x];
}

template <int TILE, int BLOCK_ROWS, class T, class Size>
WS_BODY void transpose_naive(In<T> in, Out<T> out, Size width, Size height) {
  const int x = blockIdx.x * TILE + threadIdx.x;  // input column
  const int y = blockIdx.y * TILE + threadIdx.y;  // input row
  for (int j = 0; j < TILE; j += BLOCK_ROWS)
    if (x < width && y + j < height)
      out[x * height + (y + j)] = in[(y + j) * width + x];  // lanes a row apart
}

// The four shared-memory transposes differ only in where element (r, c) of the
// tile lives; each spells its own index so the code view shows the difference.

template <int TILE, int BLOCK_ROWS, class T, class Size>
WS_BODY void transpose_shared(In<T> in, Out<T> out, Size width, Size height) {
  WS_SHARED(T, tile, [TILE][TILE]);
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += BLOCK_ROWS)
    if (x < width && y + j < height)
      tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;  // output column = input row
  y = blockIdx.x * TILE + threadIdx.y;  // output row = input column
  for (int j = 0; j < TILE; j += BLOCK_ROWS)
    if (x < height && y + j < width)
      out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];  // a column
}

template <int TILE, int BLOCK_ROWS, class T, class Size>
WS_BODY void transpose_padded(In<T> in, Out<T> out, Size width, Size height) {
  WS_SHARED(T, tile, [TILE][TILE + 1]);  // bank of (r, c) is (r + c) % 32
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += BLOCK_ROWS)
    if (x < width && y + j < height)
      tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += BLOCK_ROWS)
    if (x < height && y + j < width)
      out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

template <int TILE, int BLOCK_ROWS, class T, class Size>
WS_BODY void transpose_rotated(In<T> in, Out<T> out, Size width, Size height) {
  WS_SHARED(T, tile, [TILE][TILE]);  // (r, c) at column (c + r) % TILE: rows and columns conflict-free
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += BLOCK_ROWS) {
    const int r = threadIdx.y + j, c = threadIdx.x;
    if (x < width && y + j < height)
      tile[r][(c + r) % TILE] = in[(y + j) * width + x];
  }
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += BLOCK_ROWS) {
    const int r = threadIdx.x, c = threadIdx.y + j;
    if (x < height && y + j < width)
      out[(y + j) * height + x] = tile[r][(c + r) % TILE];
  }
}

template <int TILE, int BLOCK_ROWS, class T, class Size>
WS_BODY void transpose_xor(In<T> in, Out<T> out, Size width, Size height) {
  WS_SHARED(T, tile, [TILE][TILE]);  // (r, c) at column c ^ r (TILE a power of two): a permutation per row
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += BLOCK_ROWS) {
    const int r = threadIdx.y + j, c = threadIdx.x;
    if (x < width && y + j < height)
      tile[r][c ^ r] = in[(y + j) * width + x];
  }
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += BLOCK_ROWS) {
    const int r = threadIdx.x, c = threadIdx.y + j;
    if (x < height && y + j < width)
      out[(y + j) * height + x] = tile[r][c ^ r];
  }
}

// A student's tile layout (`warpscope variant --layout`): element (r, c) of the
// tile is word at(r, c) of a tile of TILE rows x at.pitch words. On the host `at`
// evaluates the typed expression; for the GPU the same expression, printed as C
// by the parser that accepted it, is compiled into `at` at run time (NVRTC).
template <int TILE, int BLOCK_ROWS, class T, class Size, class Layout>
WS_BODY void transpose_layout(In<T> in, Out<T> out, Size width, Size height, Layout at) {
  WS_SHARED_DYNAMIC(T, tile, TILE, at.pitch);
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += BLOCK_ROWS) {
    const int r = threadIdx.y + j, c = threadIdx.x;
    if (x < width && y + j < height)
      tile[at(r, c)] = in[(y + j) * width + x];
  }
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += BLOCK_ROWS) {
    const int r = threadIdx.x, c = threadIdx.y + j;
    if (x < height && y + j < width)
      out[(y + j) * height + x] = tile[at(r, c)];
  }
}

// Element i of a 4 x 4 block's column: rows v[0..3], component i.
WS_BODY float4 column_of(const float4 (&v)[4], int i) {
  if (i == 0) return float4{v[0].x, v[1].x, v[2].x, v[3].x};
  if (i == 1) return float4{v[0].y, v[1].y, v[2].y, v[3].y};
  if (i == 2) return float4{v[0].z, v[1].z, v[2].z, v[3].z};
  return float4{v[0].w, v[1].w, v[2].w, v[3].w};
}

// Each thread moves 4 x 4 blocks: four 16-byte row loads, a transpose in
// registers, four 16-byte row stores. A block of 16 x block_rows threads covers
// 64 columns x rows_per_block rows, two 4 x 4 blocks at a time with all eight loads
// issued before the first store. A warp is two thread rows of 16: lanes tx and
// tx + 16 hold input rows 4 apart, so each store fills whole sectors (G2).
// width and height are multiples of 4.
inline constexpr int kFastTileCols = 64;

WS_BODY void transpose_fast(In<float> in, Out<float> out, int width, int height, int rows_per_block,
                            int block_rows) {
  const auto in4 = as_vectors<float4>(in);
  const auto out4 = as_vectors<float4>(out);
  const int c0 = blockIdx.x * kFastTileCols + 4 * threadIdx.x;
  if (c0 >= width) return;
  for (int j = threadIdx.y; 4 * j < rows_per_block; j += 2 * block_rows) {
    float4 v[2][4];
    int r0[2];
    bool live[2];
#pragma unroll
    for (int q = 0; q < 2; ++q) {
      const int jq = j + q * block_rows;
      r0[q] = blockIdx.y * rows_per_block + 4 * jq;
      live[q] = 4 * jq < rows_per_block && r0[q] < height;
      if (live[q]) {
#pragma unroll
        for (int i = 0; i < 4; ++i) v[q][i] = in4[((r0[q] + i) * width + c0) / 4];
      }
    }
#pragma unroll
    for (int q = 0; q < 2; ++q) {
      if (!live[q]) continue;
#pragma unroll
      for (int i = 0; i < 4; ++i) out4[((c0 + i) * height + r0[q]) / 4] = column_of(v[q], i);
    }
  }
}

// The same 4 x 4 blocks regrouped through a shared tile so that the stores,
// like the loads, are 256-byte row segments. The tile holds the block's 64
// output rows of rows_per_block floats; 16-byte chunk k of row r is stored at chunk
// k ^ ((r / 4) % 8), so the 8 lanes of a quarter warp hit 8 different 4-bank
// groups both when they store 8 rows and when they read one (S2-S4).
WS_BODY void transpose_fast_staged(In<float> in, Out<float> out, int width, int height, int rows_per_block,
                                   int block_rows) {
  WS_SHARED_DYNAMIC(float, tile, kFastTileCols, rows_per_block);
  const auto in4 = as_vectors<float4>(in);
  const auto out4 = as_vectors<float4>(out);
  const auto tile4 = as_vectors<float4>(tile);
  const int chunks = rows_per_block / 4;  // 16-byte chunks per tile row
  const int col_base = blockIdx.x * kFastTileCols, row_base = blockIdx.y * rows_per_block;
  const int c0 = col_base + 4 * threadIdx.x;
  for (int j = threadIdx.y; 4 * j < rows_per_block; j += block_rows) {  // phase 0: 4 x 4 blocks into tile rows
    const int r0 = row_base + 4 * j;
    if (c0 >= width || r0 >= height) continue;
    float4 v[4];
#pragma unroll
    for (int i = 0; i < 4; ++i) v[i] = in4[((r0 + i) * width + c0) / 4];
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const int r = 4 * threadIdx.x + i;
      tile4[r * chunks + (j ^ ((r >> 2) & 7))] = column_of(v, i);
    }
  }
  __syncthreads();
  const int threads = 16 * block_rows;
#pragma unroll 4
  for (int idx = threadIdx.y * 16 + threadIdx.x; idx < kFastTileCols * chunks; idx += threads) {  // phase 1
    const int r = idx / chunks, k = idx % chunks;
    if (col_base + r >= width || row_base + 4 * k >= height) continue;
    out4[((col_base + r) * height + row_base + 4 * k) / 4] = tile4[r * chunks + (k ^ ((r >> 2) & 7))];
  }
}

}  // namespace ws::kernels
