// The adding-a-kernel recipe of docs/architecture.md, compiled. Each region
// between "// recipe: NAME" and "// recipe: end" is quoted verbatim by the
// doc's code block of the same place (body, adapter, descriptor), and
// recipe_test.cpp checks that they are equal, so the doc cannot drift from
// code that builds. In the tree the body goes to transpose.hpp, the adapter and
// the descriptor to families/transpose.cpp; here they are compiled by the host
// only (a test has no nvcc entries), so the descriptor's GPU launcher is empty.
#undef WS_HAVE_CUDA

#include "recipe_example.hpp"

#include "families/tiled_transpose.hpp"

namespace ws::kernels {

// recipe: body
// tile[r][(c + 2r) % T]: a column read puts two lanes in each even bank, 2-way (S4)
template <int TILE, int BLOCK_ROWS, class T>
WS_BODY void transpose_rotated2(In<T> in, Out<T> out, int width, int height) {
  WS_SHARED(T, tile, [TILE][TILE]);
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += BLOCK_ROWS)
    if (x < width && y + j < height)
      tile[threadIdx.y + j][(threadIdx.x + 2 * (threadIdx.y + j)) % TILE] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += BLOCK_ROWS)
    if (x < height && y + j < width)
      out[(y + j) * height + x] = tile[threadIdx.x][(threadIdx.y + j + 2 * threadIdx.x) % TILE];
}
// recipe: end

// recipe: adapter
template <int TILE, int BLOCK_ROWS>
struct TransposeRotated2 {
  template <class Mem>
  static WS_BODY void run(Mem& m, const KernelParams& p) {
    const auto in = input<float>(m, "in", p.rows, p.cols);
    const auto out = output<float>(m, "out", p.cols, p.rows);
    transpose_rotated2<TILE, BLOCK_ROWS, float>(in, out, p.cols, p.rows);
  }
};
// recipe: end

void add_recipe_example(std::vector<KernelDescriptor>& out) {
  // recipe: descriptor
  out.push_back(tiled("transpose_rotated2", "Transpose, tile[r][(c + 2r) % T]",
                      "Rotating each row by 2r: a column read puts two lanes in each "
                      "even bank, a 2-way conflict, which the padded tile avoids.",
                      code_for<TileShapes<TransposeRotated2>>(), square(8192),
                      {.layout = "rotated (c+2r)%T", .baseline = "transpose_shared"}));
  // recipe: end
}

}  // namespace ws::kernels
