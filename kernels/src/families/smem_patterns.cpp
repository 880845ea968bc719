// Shared-memory pattern family: descriptors and launch adapters.
// Bodies: kernels/include/ws/kernels/smem_patterns.hpp.
#include "family.hpp"
#include "reference.hpp"
#include "ws/kernels/smem_patterns.hpp"

namespace ws::kernels {

template <class V>
struct SmemStride {
  template <class Mem>
  static WS_BODY void run(Mem& m, const KernelParams& p) {
    const auto in = input<V>(m, "in", kPatternBlocks, 32);
    const auto out = output<V>(m, "out", kPatternBlocks, 32);
    smem_stride<V>(in, out, p.stride);
  }
};

struct SmemBroadcast {
  template <class Mem>
  static WS_BODY void run(Mem& m, const KernelParams& p) {
    const auto in = input<float>(m, "in", kPatternBlocks, 32);
    const auto out = output<float>(m, "out", kPatternBlocks, 32);
    smem_broadcast(in, out, p.stride);
  }
};

struct LdmatrixSwizzle {
  template <class Mem>
  static WS_BODY void run(Mem& m, const KernelParams& p) {
    const auto in = input<std::uint16_t>(m, "in", p.rows, 64);
    const auto out = output<std::uint16_t>(m, "out", p.rows, 64);
    ldmatrix_swizzle(in, out, p.swizzle != 0);
  }
};

namespace {

constexpr const char* kSource = "kernels/include/ws/kernels/smem_patterns.hpp";

KernelParams pattern(int stride, int bytes) {
  KernelParams p;
  p.rows = kPatternBlocks;
  p.cols = 32;
  p.stride = stride;
  p.bytes = bytes;
  return p;
}

Geometry one_warp_blocks(const KernelParams&) { return {{kPatternBlocks, 1, 1}, {32, 1, 1}}; }

std::optional<std::string> check_stride(const KernelParams& p, const ArchPreset& arch) {
  if (p.bytes != 4 && p.bytes != 8 && p.bytes != 16)
    return text("--bytes: smem_stride takes 4, 8 or 16, not ", p.bytes);
  if (!arch.allows_width(p.bytes))
    return text("--bytes: ", p.bytes, "-byte shared accesses are not allowed on preset ", arch.name);
  return std::nullopt;
}

std::optional<std::string> expect_broadcast(const KernelParams& p, const std::vector<HostArray>& a) {
  const std::size_t k = static_cast<std::size_t>(p.stride);
  return expect_moved(a, 4, [&](std::size_t i) { return i / 32 * 32 + (i % 32) % k; });
}

std::optional<std::string> check_ldmatrix(const KernelParams& p, const ArchPreset& arch) {
  if (p.rows % 32 != 0) return text("--rows: ldmatrix_swizzle needs a multiple of 32, not ", p.rows);
  if (!arch.has_ldmatrix) return text("--arch: preset ", arch.name, " has no ldmatrix (sm_75 or newer)");
  return std::nullopt;
}

Geometry ldmatrix_geometry(const KernelParams& p) { return {{ceil_div(p.rows, 32), 1, 1}, {128, 1, 1}}; }

}  // namespace

WS_FAMILY(smem_patterns) {
  out.push_back({.name = "smem_stride",
                 .family = "smem_patterns",
                 .title = "Shared memory at a stride",
                 .description = "Lane i uses element i x stride (elements of --bytes bytes): strides sharing a "
                                "factor with the 32 banks conflict, odd strides do not; 8- and 16-byte accesses "
                                "are served by half and quarter warps (S3).",
                 .source_path = kSource,
                 .defaults = pattern(32, 4),
                 .params = {{Param::Stride, 1, 64}, {Param::Bytes, 4, 16}},
                 .check = &check_stride,
                 .geometry = &one_warp_blocks,
                 .code = code_for<AccessWidths<SmemStride>>(),
                 .reference = &expect_copy});
  out.push_back({.name = "smem_broadcast",
                 .family = "smem_patterns",
                 .title = "Shared memory broadcast",
                 .description = "The lanes read k distinct consecutive words: lanes reading the same word share "
                                "it (broadcast), and different words in different banks are served together.",
                 .source_path = kSource,
                 .defaults = pattern(1, 4),
                 .params = {{Param::Stride, 1, 32, false, "distinct words"}},
                 .geometry = &one_warp_blocks,
                 .code = code_for<OneVariant<SmemBroadcast>>(),
                 .reference = &expect_broadcast});
  KernelParams ldsm;
  ldsm.rows = 65536;
  ldsm.cols = 64;
  out.push_back({.name = "ldmatrix_swizzle",
                 .family = "smem_patterns",
                 .title = "ldmatrix on a 128B-swizzled tile",
                 .description = "Rows of 16-byte chunks read by ldmatrix.x4: unswizzled, the 8 rows of a matrix "
                                "sit 128 bytes apart in the same four banks; with TMA's 128B XOR swizzle they "
                                "spread over all banks.",
                 .source_path = kSource,
                 .defaults = ldsm,
                 .params = {{Param::Rows, 32, 65536}, {Param::Swizzle, 0, 1}},
                 .check = &check_ldmatrix,
                 .geometry = &ldmatrix_geometry,
                 .code = code_for<OneVariant<LdmatrixSwizzle>>(),
                 .reference = &expect_copy});
}

}  // namespace ws::kernels
