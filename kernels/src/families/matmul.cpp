// The matrix multiply family: descriptors and launch adapters.
// Bodies: kernels/include/ws/kernels/matmul.hpp.
#include "family.hpp"
#include "reference.hpp"
#include "ws/kernels/matmul.hpp"

namespace ws::kernels {

struct MatmulNaive {
  template <class Mem>
  static WS_BODY void run(Mem& m, const KernelParams& p) {
    const int M = p.rows, N = p.cols, K = inner_or_cols(p);
    const auto A = input<float>(m, "A", M, K);
    const auto B = input<float>(m, "B", K, N);
    const auto C = output<float>(m, "C", M, N);
    matmul_naive(A, B, C, M, N, K);
  }
};

template <int TILE_WIDTH>
struct MatmulTiled {
  template <class Mem>
  static WS_BODY void run(Mem& m, const KernelParams& p) {
    const int M = p.rows, N = p.cols, K = inner_or_cols(p);
    const auto A = input<float>(m, "A", M, K);
    const auto B = input<float>(m, "B", K, N);
    const auto C = output<float>(m, "C", M, N);
    // nvcc's vectorizer reads a thread's Mds row k .. k + 3 as one LDS.128
    // (LDS.64 for 2-wide tiles), as it does for PMPP's kernel; the tracer is told
    // so, and the width test checks it against the SASS.
    compiler_reads_rows_as_vectors(m, "Mds", TILE_WIDTH >= 4 ? 16 : 4 * TILE_WIDTH);
    matmul_tiled<TILE_WIDTH>(A, B, C, M, N, K);
  }
};

namespace {

constexpr const char* kMatmulSource = "kernels/include/ws/kernels/matmul.hpp";

KernelParams sized(int n, int tile) {
  KernelParams p;
  p.rows = p.cols = n;
  p.inner = 0;
  p.tile = tile;
  return p;
}

Geometry square_blocks(const KernelParams& p) {
  return {{ceil_div(p.cols, p.tile), ceil_div(p.rows, p.tile), 1}, {p.tile, p.tile, 1}};
}

double matmul_flops(const KernelParams& p) { return 2.0 * p.rows * p.cols * inner_or_cols(p); }

KernelDescriptor matmul(std::string_view name, std::string_view title, std::string_view description,
                        KernelCode code, LessonHints hints, Twin twin) {
  return {.name = name,
          .family = "matmul",
          .title = title,
          .description = description,
          .source_path = kMatmulSource,
          .defaults = sized(2048, 16),
          .params = {{&KernelParams::rows, 1, 65536},
                     {&KernelParams::cols, 1, 65536},
                     {&KernelParams::inner, 0, 65536},
                     {&KernelParams::tile, 2, 32, true, "TILE_WIDTH"}},
          .geometry = &square_blocks,
          .code = code,
          .reference = &expect_matmul,
          .flops = &matmul_flops,
          .hints = hints,
          .twin = twin,
          .block_mapping = BlockMapping::Affine};
}

// Lesson contrasts: TILE_WIDTH 8 -> 16 -> 32, each tile reused by more threads.
constexpr int kWidth8[] = {8}, kWidth16[] = {16};
constexpr ParamContrast kWiderTiles[] = {{&KernelParams::tile, kWidth16, 32}, {&KernelParams::tile, kWidth8, 16}};

}  // namespace

WS_FAMILY(matmul) {
  out.push_back(matmul("matmul_naive", "Matrix multiply, naive (PMPP 4.5)",
                       "Every thread reads a full row of A and column of B from global memory: the same sectors "
                       "are requested again and again by different warps.",
                       code_for<OneVariant<MatmulNaive>>(), {}, Twin::PmppMatmulNaive));
  out.push_back(matmul("matmul_tiled", "Matrix multiply, tiled Mds/Nds (PMPP 4.5)",
                       "Each phase loads a tile of A and of B into shared memory once for TILE_WIDTH threads; "
                       "Mds[ty][k] is a broadcast and Nds[k][tx] a row read: {at.mds_load.wavefronts} and "
                       "{at.nds_load.wavefronts} wavefront(s) here, ideal {at.mds_load.ideal} and "
                       "{at.nds_load.ideal}.",
                       code_for<TileWidths<MatmulTiled>>(), {.baseline = "matmul_naive", .contrasts = kWiderTiles},
                       Twin::PmppMatmulTiled));
}

}  // namespace ws::kernels
