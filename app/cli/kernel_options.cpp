#include "cli/kernel_options.hpp"

#include <fmt/format.h>

#include "cli/command.hpp"

namespace ws::cli {

void add_kernel_options(CLI::App& cmd, KernelOptions& o) {
  cmd.add_option("--rows", o.rows, "matrix rows (matmul: M)");
  cmd.add_option("--cols", o.cols, "matrix columns (matmul: N)");
  cmd.add_option("--inner", o.inner, "matmul K (default: --cols)");
  cmd.add_option("--tile", o.tile, "tile edge T (transposes) or TILE_WIDTH (matmul)");
  cmd.add_option("--block-rows", o.block_rows, "threads per block in y for the transposes");
  cmd.add_option("--stride", o.stride, "smem_stride: elements between lanes; smem_broadcast: distinct words");
  cmd.add_option("--bytes", o.bytes, "smem_stride: access width 4, 8 or 16");
  cmd.add_option("--swizzle", o.swizzle, "ldmatrix_swizzle: 1 = 128B XOR swizzle, 0 = plain rows");
}

const kernels::KernelInfo& kernel_named(const std::string& name) {
  if (name.empty()) throw UsageError("--kernel is required");
  const kernels::KernelInfo* k = kernels::find_kernel(name);
  if (!k) {
    std::string known;
    for (const auto& c : kernels::catalog()) known += (known.empty() ? "" : ", ") + std::string(c.name);
    throw UsageError(fmt::format("--kernel: unknown kernel '{}' (known: {})", name, known));
  }
  return *k;
}

kernels::KernelParams params_from(const KernelOptions& o, const kernels::KernelInfo& k) {
  kernels::KernelParams p = k.defaults;
  if (o.rows) p.rows = *o.rows;
  if (o.cols) p.cols = *o.cols;
  if (o.inner) p.inner = *o.inner;
  if (o.tile) p.tile = *o.tile;
  if (o.block_rows) p.block_rows = *o.block_rows;
  if (o.stride) p.stride = *o.stride;
  if (o.bytes) p.bytes = *o.bytes;
  if (o.swizzle) p.swizzle = *o.swizzle;
  return p;
}

const ArchPreset& preset_named(const std::string& name) {
  const ArchPreset* arch = find_preset(name);
  if (!arch) throw UsageError(fmt::format("--arch: unknown preset '{}' (known: {})", name, preset_names()));
  return *arch;
}

void check_or_throw(const kernels::KernelInfo& k, const kernels::KernelParams& p, const ArchPreset& arch) {
  if (auto err = kernels::check_params(k, p, arch)) throw UsageError(*err);
}

}  // namespace ws::cli
