// The copy and transpose family: descriptors and launch adapters.
// Bodies: kernels/include/ws/kernels/transpose.hpp.
#include "family.hpp"
#include "reference.hpp"
#include "tiled_transpose.hpp"
#include "ws/kernels/tile_bounds.hpp"
#include "ws/kernels/transpose.hpp"

namespace ws::kernels {

// Launch adapters: the arrays in argument order, one statement each (the order
// of a call's arguments is unspecified, and the order here is the kernel's),
// then the body, given the sizes through with_tile_bounds: in blocks wholly
// inside the matrix the GPU build runs the body with no bounds check
// (ws/kernels/tile_bounds.hpp); the host traces it with plain ints.
#define WS_TILED_ADAPTER(Adapter, body, Elem, out_rows, out_cols)                            \
  template <int TILE, int BLOCK_ROWS>                                                       \
  struct Adapter {                                                                          \
    template <class Mem>                                                                    \
    static WS_BODY void run(Mem& m, const KernelParams& p) {                                \
      const auto in = input<Elem>(m, "in", p.rows, p.cols);                                 \
      const auto out = output<Elem>(m, "out", out_rows, out_cols);                          \
      with_tile_bounds<TILE, BLOCK_ROWS>(p.cols, p.rows, [&](auto width, auto height) {     \
        body<TILE, BLOCK_ROWS, Elem>(in, out, width, height);                               \
      });                                                                                   \
    }                                                                                       \
  };
WS_TILED_ADAPTER(Copy, copy, float, p.rows, p.cols)
WS_TILED_ADAPTER(TransposeNaive, transpose_naive, float, p.cols, p.rows)
WS_TILED_ADAPTER(TransposeShared, transpose_shared, float, p.cols, p.rows)
WS_TILED_ADAPTER(TransposePadded, transpose_padded, float, p.cols, p.rows)
WS_TILED_ADAPTER(TransposeRotated, transpose_rotated, float, p.cols, p.rows)
WS_TILED_ADAPTER(TransposeXor, transpose_xor, float, p.cols, p.rows)
WS_TILED_ADAPTER(TransposeNonsquareInt, transpose_padded, int, p.cols, p.rows)
#undef WS_TILED_ADAPTER

struct TransposeFast {
  template <class Mem>
  static WS_BODY void run(Mem& m, const KernelParams& p) {
    const auto in = input<float>(m, "in", p.rows, p.cols);
    const auto out = output<float>(m, "out", p.cols, p.rows);
    transpose_fast(in, out, p.cols, p.rows, p.tile, p.block_rows);
  }
};
struct TransposeFastStaged {
  template <class Mem>
  static WS_BODY void run(Mem& m, const KernelParams& p) {
    const auto in = input<float>(m, "in", p.rows, p.cols);
    const auto out = output<float>(m, "out", p.cols, p.rows);
    transpose_fast_staged(in, out, p.cols, p.rows, p.tile, p.block_rows);
  }
};

namespace {

std::optional<std::string> check_fast(const KernelParams& p, const ArchPreset&) {
  if (p.tile % (4 * p.block_rows) != 0 || p.block_rows % 2 != 0)
    return text("--block-rows: ", p.block_rows, " must be even and divide tile / 4 = ", p.tile / 4,
                " (a warp is two rows of 16 threads)");
  if (p.swizzle && p.tile < 32)
    return text("--tile: the staged transpose_fast needs 32 or more rows per block, not ", p.tile);
  if (p.rows % 4 != 0) return text("--rows: transpose_fast needs a multiple of 4 (16-byte rows), not ", p.rows);
  if (p.cols % 4 != 0) return text("--cols: transpose_fast needs a multiple of 4 (16-byte rows), not ", p.cols);
  return std::nullopt;
}

Geometry fast_geometry(const KernelParams& p) {
  return {{ceil_div(p.cols, kFastTileCols), ceil_div(p.rows, p.tile), 1}, {kFastTileCols / 4, p.block_rows, 1}};
}

// Lesson contrasts (LessonHints): 32 x 32 and 32 x 16 thread blocks against 32 x 8
// (one element per thread waits on one load; four keep four in flight), and
// transpose_fast without its swizzled staging tile against with it.
constexpr int kTallBlocks[] = {32, 16};
constexpr ParamContrast kBlockShapes[] = {{&KernelParams::block_rows, kTallBlocks, 8}};
constexpr int kUnswizzled[] = {0};
constexpr ParamContrast kStaging[] = {{&KernelParams::swizzle, kUnswizzled, 1}};

}  // namespace

WS_FAMILY(transpose) {
  KernelDescriptor ceiling = tiled("copy", "Copy (the bandwidth ceiling)",
                                   "Reads and writes every element once with the same tile loop as the transposes, "
                                   "fully coalesced on both sides. Its GB/s is the ceiling every transpose is "
                                   "measured against.",
                                   code_for<TileShapes<Copy>>(), square(8192), {}, Twin::SampleCopy);
  ceiling.reference = &expect_copy;  // out is in itself, not its transpose
  out.push_back(std::move(ceiling));
  out.push_back(tiled("transpose_naive", "Transpose, naive",
                      "Reads rows and writes columns straight to global memory: each lane of a store writes "
                      "a different row, so a store instruction pays for {at.out_store.sectors} sectors to write "
                      "{at.out_store.bytes_requested} useful bytes (G2).",
                      code_for<TileShapes<TransposeNaive>>(), square(8192), {.baseline = "copy"},
                      Twin::SampleTransposeNaive));
  out.push_back(tiled("transpose_shared", "Transpose through a shared tile [T][T]",
                      "Global reads and writes are coalesced through a shared tile, but reading a tile column "
                      "puts every lane in one bank: the column read is {at.tile_load.wavefronts} wavefronts, a "
                      "{at.tile_load.way}-way conflict (S4).",
                      code_for<TileShapes<TransposeShared>>(), square(8192),
                      {.layout = "tile[T][T]", .baseline = "transpose_naive", .is_default = true},
                      Twin::SampleTransposeCoalesced));
  out.push_back(tiled("transpose_padded", "Transpose, padded tile [T][T+1]",
                      "One extra column shifts each row by one bank: the column read touches a different bank "
                      "per lane, {at.tile_load.wavefronts} wavefront. Costs {param.tile * array.tile.elem_bytes} "
                      "bytes of shared memory per tile.",
                      code_for<TileShapes<TransposePadded>>(), square(8192),
                      {.layout = "padded [T][T+1]", .baseline = "transpose_shared", .contrasts = kBlockShapes},
                      Twin::SampleTransposeNoBankConflicts));
  out.push_back(tiled("transpose_rotated", "Transpose, rotated tile[r][(c + r) % T]",
                      "The padding's bank pattern without the padding: element (r, c) is stored at column "
                      "(c + r) % T, so a column read is conflict-free and the tile stays T x T.",
                      code_for<TileShapes<TransposeRotated>>(), square(8192),
                      {.layout = "rotated (c+r)%T", .baseline = "transpose_shared"}, Twin::SampleTransposeRotatedTile));
  out.push_back(tiled("transpose_xor", "Transpose, XOR-swizzled tile[r][c ^ r]",
                      "XOR of the column with the row permutes each row differently: rows and columns are both "
                      "conflict-free, the idea behind CuTe's and TMA's swizzles.",
                      code_for<TileShapes<TransposeXor>>(), square(8192),
                      {.layout = "XOR c^r", .baseline = "transpose_shared"}, Twin::SampleTransposeXorTile));
  KernelParams nonsquare = square(0);
  nonsquare.rows = 1111;
  nonsquare.cols = 113;
  out.push_back(tiled("transpose_nonsquare_int", "Transpose of a non-square int matrix",
                      "A {array.in.rows} x {array.in.cols} int matrix through a padded tile: the last blocks hang "
                      "over the edges, their "
                      "out-of-range threads are inactive lanes (S6) and fewer sectors are requested.",
                      code_for<TileShapes<TransposeNonsquareInt>>(), nonsquare, {.baseline = "transpose_naive"},
                      Twin::SampleTransposeNoBankConflictsInt));
  out.push_back({.name = "transpose_fast",
                 .family = "transpose",
                 .title = "Transpose, 16-byte vectors, 4x4 elements per thread",
                 .description =
                     "Each thread loads four `float4` rows and transposes the `4x4` block in registers; with "
                     "`--swizzle 1` (default) the blocks are regrouped through an XOR-swizzled shared tile so stores "
                     "are whole rows too ({at.out_store.sectors} sectors a store here), with `--swizzle 0` lane pairs "
                     "store whole sectors directly.",
                 .source_path = kTransposeSource,
                 .defaults = square(8192, 64, 16),
                 .params = {{&KernelParams::rows, 4, 65536},
                            {&KernelParams::cols, 4, 65536},
                            {&KernelParams::tile, 8, 512, true, "rows per block"},
                            {&KernelParams::block_rows, 2, 64},
                            {&KernelParams::swizzle, 0, 1}},
                 .check = &check_fast,
                 .geometry = &fast_geometry,
                 .code = code_for<BySwizzle<TransposeFast, TransposeFastStaged>>(),
                 .reference = &expect_transpose,
                 .hints = {.baseline = "transpose_padded", .contrasts = kStaging},
                 .block_mapping = BlockMapping::Affine});
}

}  // namespace ws::kernels
