// What the tiled transposes' descriptors share: their parameters and limits,
// launch geometry and tiled(), which builds one descriptor (of a transpose:
// its CPU reference is expect_transpose). Used by
// transpose.cpp and by the adding-a-kernel recipe's example, compiled as a
// test (tests/kernels/recipe_example.cpp, quoted in docs/architecture.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "family.hpp"
#include "reference.hpp"

namespace ws::kernels {

inline constexpr const char* kTransposeSource = "kernels/include/ws/kernels/transpose.hpp";

// An n x n matrix cut into tiles of `tile` x `tile` elements, `block_rows` rows of threads per block.
inline KernelParams square(int n, int tile = 32, int block_rows = 8) {
  KernelParams p;
  p.rows = p.cols = n;
  p.tile = tile;
  p.block_rows = block_rows;
  return p;
}

inline const std::vector<ParamRule> kTiledParams = {{&KernelParams::rows, 1, 65536},
                                                    {&KernelParams::cols, 1, 65536},
                                                    {&KernelParams::tile, 2, 64, true},
                                                    {&KernelParams::block_rows, 1, 64, true}};

inline std::optional<std::string> check_tiled(const KernelParams& p, const ArchPreset&) {
  if (p.block_rows > p.tile) return text("--block-rows: ", p.block_rows, " must divide the tile ", p.tile);
  return std::nullopt;
}

inline Geometry tiled_geometry(const KernelParams& p) {
  return {{ceil_div(p.cols, p.tile), ceil_div(p.rows, p.tile), 1}, {p.tile, p.block_rows, 1}};
}

// A kernel with a tile layout label also takes a student's typed layout (VariantHints).
inline KernelDescriptor tiled(std::string_view name, std::string_view title, std::string_view description,
                              KernelCode code, KernelParams defaults, LessonHints hints,
                              Twin twin = Twin::None) {
  return {.name = name,
          .family = "transpose",
          .title = title,
          .description = description,
          .source_path = kTransposeSource,
          .defaults = defaults,
          .params = kTiledParams,
          .check = &check_tiled,
          .geometry = &tiled_geometry,
          .code = code,
          .reference = &expect_transpose,
          .hints = hints,
          .variants = {.accepts = hints.layout.empty() ? VariantKind::None : VariantKind::TileLayout,
                       .is_default = hints.is_default},
          .twin = twin,
          .block_mapping = BlockMapping::Affine};
}

}  // namespace ws::kernels
