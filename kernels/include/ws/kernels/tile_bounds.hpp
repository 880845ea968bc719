// How a launch adapter lets a tiled body skip its bounds checks in blocks that
// are wholly inside the matrix, with nothing of it in the body.
//
// A body takes its sizes as `Size width, Size height` and checks bounds with a
// plain if, as the course writes it: `if (x < width && y + j < height)`. The
// host tracer and every block at the matrix's edge get plain ints. On the GPU
// an adapter calls the body through with_tile_bounds, which hands a block whose
// whole tile is inside (a condition of blockIdx and the sizes, the same for
// every thread of the block) sizes whose comparison is known at compile time
// to be true: the compiler emits a copy of the body with no check at all, which
// is NVIDIA's sample, the body's hand-written twin. Measured on an H200
// (scripts/probes/uniform_tile_probe.cu, runs/h200-uniform-tile-probe-*):
//   up to 4 rows per thread  InsideSize for inside blocks, int for the others:
//                            checking every row instead cost up to 6% at
//                            32 x 16 and 64 x 16;
//   more rows per thread     one copy of the body with FlaggedSize, whose
//                            comparison tests the block's flag first: two
//                            copies of the unrolled loops were up to 20% slower.
// Either way every thread of a block runs the same copy, so a warp never splits
// between them, and an inside block performs exactly the accesses the tracer
// records for it with plain ints (every check is true there).
#pragma once

#include "ws/kernels/cuda_like.hpp"

namespace ws::kernels {

// A size no index of this block reaches: `i < size` is true at compile time.
struct InsideSize {
  int value;
  WS_BODY constexpr operator int() const { return value; }  // NOLINT: used in index arithmetic as an int
  friend WS_BODY constexpr bool operator<(int, InsideSize) { return true; }
};

// A size with the block's "tile is inside" flag: `i < size` tests the flag,
// uniform across the block, before the index.
struct FlaggedSize {
  int value;
  bool inside;
  WS_BODY constexpr operator int() const { return value; }  // NOLINT: used in index arithmetic as an int
  friend WS_BODY constexpr bool operator<(int i, FlaggedSize s) { return s.inside || i < s.value; }
};

// Whether this block's TILE x TILE tile of a height x width matrix is inside it.
template <int TILE>
WS_BODY bool tile_inside(int width, int height) {
  return int(blockIdx.x + 1) * TILE <= width && int(blockIdx.y + 1) * TILE <= height;
}

// Whether a TILE x BLOCK_ROWS body gets two copies (inside and checked) or one
// with the flag: see above.
template <int TILE, int BLOCK_ROWS>
inline constexpr bool kTwoCopies = TILE / BLOCK_ROWS <= 4;

// Calls body(width, height) with the sizes this block should see: plain ints on
// the host (one copy of each body traces every block), InsideSize, int or
// FlaggedSize on the GPU as above.
template <int TILE, int BLOCK_ROWS, class Body>
WS_BODY void with_tile_bounds(int width, int height, Body body) {
#if defined(__CUDACC__)
  const bool inside = tile_inside<TILE>(width, height);
  if constexpr (kTwoCopies<TILE, BLOCK_ROWS>) {
    if (inside) body(InsideSize{width}, InsideSize{height});
    else body(width, height);
  } else {
    body(FlaggedSize{width, inside}, FlaggedSize{height, inside});
  }
#else
  body(width, height);
#endif
}

}  // namespace ws::kernels
