// Copy and transpose kernels, written once for the GPU and the tracer.
//   tile_rows                 the row loop of copy and the naive transpose (interior and edge paths)
//   TileInside, BlockInside   whether a block's whole tile is inside: the transposes' bounds checks
//   rows_into_tile            their first phase: global rows into the tile
//   tile_into_rows            their second phase: tile columns out to global rows
//   copy                      the bandwidth ceiling: same tile loop, no transpose
//   transpose_naive           coalesced reads, strided writes (G2: 32 sectors per store)
//   transpose_shared          through tile[T][T]: the column read is a 32-way conflict (S4)
//   transpose_padded          tile[T][T + 1]: row r starts r banks further on
//   transpose_rotated         tile[r][(c + r) % T]: the padding's banks without the padding
//   transpose_xor             tile[r][c ^ r]: rows and columns both conflict-free
//   transpose_layout          a student's layout: tile word at(r, c) (warpscope variant)
//   transpose_fast            16-byte vectors, 4 x 4 elements per thread, no shared memory
//   transpose_fast_staged     the same, regrouped through an XOR-swizzled shared tile
// Input is height x width, output width x height, row-major, any size.
#pragma once

#include "ws/kernels/cuda_like.hpp"

namespace ws::kernels {

// Thread row y of a TILE x BLOCK_ROWS block visits rows y + j, j = 0, BLOCK_ROWS,
// ..., TILE - BLOCK_ROWS, while y + j < height; threads whose column is outside
// the matrix do nothing. A thread whose whole column of the tile is inside (every
// thread of an interior block) runs the unrolled loop with no bounds check: its
// TILE / BLOCK_ROWS loads are issued back to back and are in flight together.
// The compiler emits that path and the checked edge path as separate code, so a
// warp with lanes on both issues each access twice: code_path tells the tracer.
template <int TILE, int BLOCK_ROWS, class Row>
WS_BODY void tile_rows(bool column_inside, int y, int height, Row row) {
  if (!column_inside) return;
  if (y + TILE - BLOCK_ROWS < height) {
    code_path(1);
#pragma unroll
    for (int j = 0; j < TILE; j += BLOCK_ROWS) row(j);
  } else {
    code_path(2);
#pragma unroll
    for (int j = 0; j < TILE && y + j < height; j += BLOCK_ROWS) row(j);
  }
  code_path(0);
}

template <int TILE, int BLOCK_ROWS, class T>
WS_BODY void copy(In<T> in, Out<T> out, int width, int height) {
  const int x = blockIdx.x * TILE + threadIdx.x;
  const int y = blockIdx.y * TILE + threadIdx.y;
  tile_rows<TILE, BLOCK_ROWS>(x < width, y, height, [&](int j) {
    out[(y + j) * width + x] = in[(y + j) * width + x];
  });
}

template <int TILE, int BLOCK_ROWS, class T>
WS_BODY void transpose_naive(In<T> in, Out<T> out, int width, int height) {
  const int x = blockIdx.x * TILE + threadIdx.x;  // input column
  const int y = blockIdx.y * TILE + threadIdx.y;  // input row
  tile_rows<TILE, BLOCK_ROWS>(x < width, y, height, [&](int j) {
    out[x * height + (y + j)] = in[(y + j) * width + x];  // lanes a whole output row apart
  });
}

// Whether a shared-memory transpose's block has its whole tile inside the matrix
// (every block but the last row and column of blocks), as its body knows it:
// where the answer is TileInside, at compile time, the compiler emits a copy of
// the body with no bounds check; a BlockInside is told at run time. The launch
// adapter decides once per block with tell_inside (tile_inside: a condition of blockIdx and
// the sizes only, the same for every thread of the block):
//   up to 4 rows per thread: TileInside for inside blocks, BlockInside{false}
//     for the others. The inside copy is NVIDIA's sample, loads, a barrier, then
//     tile reads and stores in one straight run; checking per thread instead
//     cost up to 6% at 32 x 16 and 64 x 16 on an H200.
//   more rows per thread: BlockInside{tile_inside(...)}, one copy of the body
//     checking the flag; two copies were up to 20% slower there.
// (scripts/probes/uniform_tile_probe.cu; runs/h200-uniform-tile-probe-2026-11-26-run*.txt)
struct TileInside {
  static constexpr bool value = true;
};
struct BlockInside {
  bool value;
};

template <int TILE>
WS_BODY bool tile_inside(int width, int height) {
  return int(blockIdx.x + 1) * TILE <= width && int(blockIdx.y + 1) * TILE <= height;
}

// Whether the build has the unchecked copy (TileInside) of a TILE x BLOCK_ROWS
// body. The GPU's does up to 4 rows per thread. The host tracer's does not: its
// TileInside and BlockInside{true} run the same code paths and record the same
// accesses, so one copy of each body is enough there.
template <int TILE, int BLOCK_ROWS>
inline constexpr bool kUncheckedCopy =
#if defined(__CUDACC__)
    TILE / BLOCK_ROWS <= 4;
#else
    false;
#endif

// Calls body(inside) with what this block is told: TileInside where the build has
// the unchecked copy and the tile is inside, else BlockInside{inside}. The launch
// adapters call it; the NVRTC source of a student's layout spells the same out
// (variant_source.cpp), since a lambda there would be a host function.
template <int TILE, int BLOCK_ROWS, class Body>
WS_BODY void tell_inside(int width, int height, Body body) {
  const bool inside = tile_inside<TILE>(width, height);
  if constexpr (kUncheckedCopy<TILE, BLOCK_ROWS>) {
    if (inside) {
      body(TileInside{});
      return;
    }
  }
  body(BlockInside{inside});
}

// Before the barrier, thread row y of the shared-memory transposes moves input
// rows y + j into the tile: read(j) from global memory, store(j, value) into the
// tile, both the body's own. In a block whose tile is inside, each thread reads
// every row before it stores any, as the sample compiles to (storing each row as
// it arrived was 2-4% slower with 16 rows per thread); elsewhere each row is
// checked, as in tile_rows' edge path. The two are separate code on the GPU, so
// code_path tells the tracer which one a lane ran.
template <int TILE, int BLOCK_ROWS, class T, class Checks, class Read, class Store>
WS_BODY void rows_into_tile(Checks tile, bool column_inside, int y, int height, Read read, Store store) {
  if (tile.value) {
    code_path(1);
    T v[TILE / BLOCK_ROWS];
#pragma unroll
    for (int j = 0; j < TILE; j += BLOCK_ROWS) v[j / BLOCK_ROWS] = read(j);
#pragma unroll
    for (int j = 0; j < TILE; j += BLOCK_ROWS) store(j, v[j / BLOCK_ROWS]);
  } else if (column_inside) {
    code_path(2);
#pragma unroll
    for (int j = 0; j < TILE && y + j < height; j += BLOCK_ROWS) store(j, read(j));
  }
  code_path(0);
}

// After the barrier, thread row y writes rows y + j of its output column: read(j)
// from the tile (always inside it), store(j, value) to global memory. It reads
// the tile words of READ_AHEAD rows, then stores those inside the matrix, and so
// on down the column: the whole column where the reads are conflict-free, as the
// sample compiles to (groups of 4 to 16 were 3-4% slower at 64 x 2 on an H200);
// four where each read is a 32-way conflict (transpose_shared: its whole column
// first kept the stores waiting, 14% slower at 32 x 1). Reading before the
// store's check matters: otherwise the compiler issues the reads, and the index
// arithmetic before them, after the check (3-4% slower at 32 x 32), and would
// skip reads the tracer records at an edge; reads are volatile_read so that it
// cannot.
template <int TILE, int BLOCK_ROWS, int READ_AHEAD, class Checks, class Read, class Store>
WS_BODY void tile_into_rows(Checks tile, bool column_inside, int y, int height, Read read, Store store) {
  constexpr int kRows = TILE / BLOCK_ROWS, kGroup = kRows < READ_AHEAD ? kRows : READ_AHEAD;
#pragma unroll
  for (int j0 = 0; j0 < TILE; j0 += kGroup * BLOCK_ROWS) {
    decltype(read(0)) v[kGroup];
#pragma unroll
    for (int k = 0; k < kGroup; ++k) v[k] = read(j0 + k * BLOCK_ROWS);
#pragma unroll
    for (int k = 0; k < kGroup; ++k)
      if (tile.value || (column_inside && y + j0 + k * BLOCK_ROWS < height)) store(j0 + k * BLOCK_ROWS, v[k]);
  }
}

// The four shared-memory transposes differ only in where element (r, c) of the
// tile lives; each spells its own index so the code view shows the difference.
// inside: whether the block's tile is inside the matrix (TileInside or BlockInside).

template <int TILE, int BLOCK_ROWS, class T, class Checks>
WS_BODY void transpose_shared(In<T> in, Out<T> out, int width, int height, Checks inside) {
  WS_SHARED(T, tile, [TILE][TILE]);
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  rows_into_tile<TILE, BLOCK_ROWS, T>(inside, x < width, y, height,
      [&](int j) { return in[(y + j) * width + x]; },
      [&](int j, T v) { tile[threadIdx.y + j][threadIdx.x] = v; });
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;  // output column = input row
  y = blockIdx.x * TILE + threadIdx.y;  // output row = input column
  tile_into_rows<TILE, BLOCK_ROWS, 4>(inside, x < height, y, width,  // 4 rows ahead: each read conflicts
      [&](int j) { return volatile_read(tile[threadIdx.x][threadIdx.y + j]); },  // a column: one bank
      [&](int j, T v) { out[(y + j) * height + x] = v; });
}

template <int TILE, int BLOCK_ROWS, class T, class Checks>
WS_BODY void transpose_padded(In<T> in, Out<T> out, int width, int height, Checks inside) {
  WS_SHARED(T, tile, [TILE][TILE + 1]);  // bank of (r, c) is (r + c) % 32
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  rows_into_tile<TILE, BLOCK_ROWS, T>(inside, x < width, y, height,
      [&](int j) { return in[(y + j) * width + x]; },
      [&](int j, T v) { tile[threadIdx.y + j][threadIdx.x] = v; });
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  tile_into_rows<TILE, BLOCK_ROWS, TILE / BLOCK_ROWS>(inside, x < height, y, width,  // the whole column ahead
      [&](int j) { return volatile_read(tile[threadIdx.x][threadIdx.y + j]); },
      [&](int j, T v) { out[(y + j) * height + x] = v; });
}

template <int TILE, int BLOCK_ROWS, class T, class Checks>
WS_BODY void transpose_rotated(In<T> in, Out<T> out, int width, int height, Checks inside) {
  WS_SHARED(T, tile, [TILE][TILE]);  // (r, c) at column (c + r) % TILE: rows and columns conflict-free
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  rows_into_tile<TILE, BLOCK_ROWS, T>(inside, x < width, y, height,
      [&](int j) { return in[(y + j) * width + x]; },
      [&](int j, T v) {
        const int r = threadIdx.y + j, c = threadIdx.x;
        tile[r][(c + r) % TILE] = v;
      });
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  tile_into_rows<TILE, BLOCK_ROWS, TILE / BLOCK_ROWS>(inside, x < height, y, width,  // the whole column ahead
      [&](int j) {
        const int r = threadIdx.x, c = threadIdx.y + j;
        return volatile_read(tile[r][(c + r) % TILE]);
      },
      [&](int j, T v) { out[(y + j) * height + x] = v; });
}

template <int TILE, int BLOCK_ROWS, class T, class Checks>
WS_BODY void transpose_xor(In<T> in, Out<T> out, int width, int height, Checks inside) {
  WS_SHARED(T, tile, [TILE][TILE]);  // (r, c) at column c ^ r (TILE a power of two): a permutation per row
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  rows_into_tile<TILE, BLOCK_ROWS, T>(inside, x < width, y, height,
      [&](int j) { return in[(y + j) * width + x]; },
      [&](int j, T v) {
        const int r = threadIdx.y + j, c = threadIdx.x;
        tile[r][c ^ r] = v;
      });
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  tile_into_rows<TILE, BLOCK_ROWS, TILE / BLOCK_ROWS>(inside, x < height, y, width,  // the whole column ahead
      [&](int j) {
        const int r = threadIdx.x, c = threadIdx.y + j;
        return volatile_read(tile[r][c ^ r]);
      },
      [&](int j, T v) { out[(y + j) * height + x] = v; });
}

// A student's tile layout (`warpscope variant --layout`): element (r, c) of the
// tile is word at(r, c) of a tile of TILE rows x at.pitch words. On the host `at`
// evaluates the typed expression; for the GPU the same expression, printed as C
// by the parser that accepted it, is compiled into `at` at run time (NVRTC).
template <int TILE, int BLOCK_ROWS, class T, class Layout, class Checks>
WS_BODY void transpose_layout(In<T> in, Out<T> out, int width, int height, Layout at, Checks inside) {
  WS_SHARED_DYNAMIC(T, tile, TILE, at.pitch);
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  rows_into_tile<TILE, BLOCK_ROWS, T>(inside, x < width, y, height,
      [&](int j) { return in[(y + j) * width + x]; },
      [&](int j, T v) {
        const int r = threadIdx.y + j, c = threadIdx.x;
        tile[at(r, c)] = v;
      });
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  tile_into_rows<TILE, BLOCK_ROWS, 4>(inside, x < height, y, width,  // 4 rows ahead: it may conflict
      [&](int j) {
        const int r = threadIdx.x, c = threadIdx.y + j;
        return volatile_read(tile[at(r, c)]);
      },
      [&](int j, T v) { out[(y + j) * height + x] = v; });
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
