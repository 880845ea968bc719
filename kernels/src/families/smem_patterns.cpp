// Shared-memory pattern family: descriptors and launch adapters.
// Bodies: kernels/include/ws/kernels/smem_patterns.hpp.
#include <cstdint>
#include <cstring>

#include "family.hpp"
#include "reference.hpp"
#include "ws/kernels/smem_patterns.hpp"

namespace ws::kernels {

template <class V>
struct SmemStride {
  template <class Mem>
  static WS_BODY void run(Mem& m, const KernelParams& p) {
    const auto in = input<V>(m, "in", kPatternBlocks, 32);
    const auto out = output<V>(m, "out", kPatternBlocks, kPatternThreads);
    smem_stride<V>(in, out, p.stride, p.repeats);
  }
};

struct SmemBroadcast {
  template <class Mem>
  static WS_BODY void run(Mem& m, const KernelParams& p) {
    const auto in = input<float>(m, "in", kPatternBlocks, 32);
    const auto out = output<float>(m, "out", kPatternBlocks, kPatternThreads);
    smem_broadcast(in, out, p.stride, p.repeats);
  }
};

struct LdmatrixSwizzle {
  template <class Mem>
  static WS_BODY void run(Mem& m, const KernelParams& p) {
    const auto in = input<std::uint16_t>(m, "in", p.rows, 64);
    const auto out = output<std::uint16_t>(m, "out", p.rows, 64);
    ldmatrix_swizzle(in, out, p.swizzle != 0, p.repeats);
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

Geometry pattern_blocks(const KernelParams&) { return {{kPatternBlocks, 1, 1}, {kPatternThreads, 1, 1}}; }

std::optional<std::string> check_stride(const KernelParams& p, const ArchPreset& arch) {
  if (p.bytes != 4 && p.bytes != 8 && p.bytes != 16)
    return text("--bytes: smem_stride takes 4, 8 or 16, not ", p.bytes);
  if (!arch.allows_width(p.bytes))
    return text("--bytes: ", p.bytes, "-byte shared accesses are not allowed on preset ", arch.name);
  return std::nullopt;
}

// Thread t of block b sums, `repeats` times in order, the element of `in` its
// lane reads: in[b][lane] (stride) or in[b][lane % k] (broadcast).
std::optional<std::string> expect_repeated_sums(const KernelParams& p, const std::vector<HostArray>& a,
                                                bool broadcast) {
  const HostArray &in = a.at(0), &out = a.at(1);
  const int floats = out.info.elem_bytes / 4;
  for (int b = 0; b < kPatternBlocks; ++b)
    for (int t = 0; t < kPatternThreads; ++t) {
      const int lane = t % 32, source = b * 32 + (broadcast ? lane % p.stride : lane);
      for (int c = 0; c < floats; ++c) {
        float x, got, sum = 0.0f;
        std::memcpy(&x, in.bytes.data() + (std::size_t(source) * floats + c) * 4, 4);
        for (int i = 0; i < p.repeats; ++i) sum += x;
        std::memcpy(&got, out.bytes.data() + ((std::size_t(b) * kPatternThreads + t) * floats + c) * 4, 4);
        if (std::memcmp(&got, &sum, 4) != 0)
          return text("out[", b, "][", t, "] component ", c, " is not the sum of ", p.repeats, " reads of in[", b,
                      "][", source - b * 32, "]");
      }
    }
  return std::nullopt;
}
std::optional<std::string> expect_stride_sums(const KernelParams& p, const std::vector<HostArray>& a) {
  return expect_repeated_sums(p, a, false);
}
std::optional<std::string> expect_broadcast_sums(const KernelParams& p, const std::vector<HostArray>& a) {
  return expect_repeated_sums(p, a, true);
}

std::optional<std::string> check_ldmatrix(const KernelParams& p, const ArchPreset& arch) {
  if (p.rows % 32 != 0) return text("--rows: ldmatrix_swizzle needs a multiple of 32, not ", p.rows);
  if (!arch.has_ldmatrix) return text("--arch: preset ", arch.name, " has no ldmatrix (sm_75 or newer)");
  return std::nullopt;
}

// Each 32-bit word of out (two 16-bit values of a fragment row) is the sum,
// modulo 2^32, of `repeats` ldmatrix reads of that word of in.
std::optional<std::string> expect_ldmatrix_sums(const KernelParams& p, const std::vector<HostArray>& a) {
  const HostArray &in = a.at(0), &out = a.at(1);
  for (std::size_t w = 0; w < out.bytes.size() / 4; ++w) {
    std::uint32_t x, got;
    std::memcpy(&x, in.bytes.data() + 4 * w, 4);
    std::memcpy(&got, out.bytes.data() + 4 * w, 4);
    if (got != x * static_cast<std::uint32_t>(p.repeats))
      return text("out[", w / 32, "][", 2 * (w % 32), "..", 2 * (w % 32) + 1, "] is not the sum of ", p.repeats,
                  " ldmatrix reads of in[", w / 32, "][", 2 * (w % 32), "..", 2 * (w % 32) + 1, "]");
  }
  return std::nullopt;
}

Geometry ldmatrix_geometry(const KernelParams& p) { return {{ceil_div(p.rows, 32), 1, 1}, {128, 1, 1}}; }

// Lesson contrasts, each against the conflict-free case: strides sharing factors
// with the 32 banks (and the odd 3 and 33 that do not) against stride 1, at any
// width; k distinct words against one; ldmatrix rows unswizzled against swizzled.
constexpr int kStrides[] = {2, 3, 4, 8, 16, 32, 33};
constexpr ParamContrast kAgainstStrideOne[] = {{&KernelParams::stride, kStrides, 1}};
constexpr int kDistinctWords[] = {2, 4, 8, 16, 32};
constexpr ParamContrast kAgainstOneWord[] = {{&KernelParams::stride, kDistinctWords, 1}};
constexpr int kPlainRows[] = {0};
constexpr ParamContrast kAgainstSwizzled[] = {{&KernelParams::swizzle, kPlainRows, 1}};
// A student's pattern is shown beside stride 1 and 32: conflict-free and the
// 32-way worst case, at the pattern's width.
constexpr int kBesideVariant[] = {1, 32};

}  // namespace

WS_FAMILY(smem_patterns) {
  out.push_back({.name = "smem_stride",
                 .family = "smem_patterns",
                 .title = "Shared memory at a stride",
                 .description = "Lane i reads element i x stride (elements of --bytes bytes), --repeats times: "
                                "strides sharing a factor with the {banks} banks conflict, odd strides do not. "
                                "Wider elements are served in smaller groups of lanes (S3): here {at.buf_load.groups} "
                                "group(s) of {at.buf_load.group_lanes} lanes, {at.buf_load.wavefronts} wavefront(s) "
                                "per read. The kernel is shared-bound, so its time follows the wavefronts.",
                 .source_path = kSource,
                 .defaults = pattern(32, 4),
                 .params = {{&KernelParams::stride, 1, 64}, {&KernelParams::bytes, 4, 16}, {&KernelParams::repeats, 1, 65536}},
                 .check = &check_stride,
                 .geometry = &pattern_blocks,
                 .code = code_for<AccessWidths<SmemStride>>(),
                 .reference = &expect_stride_sums,
                 .hints = {.contrasts = kAgainstStrideOne},
                 .variants = {.accepts = VariantKind::AccessPattern,
                              .is_default = true,
                              .sweep = &KernelParams::stride,
                              .sweep_values = kBesideVariant},
                 .twin = Twin::StrideReadLoop,
                 .block_mapping = BlockMapping::Affine});
  out.push_back({.name = "smem_broadcast",
                 .family = "smem_patterns",
                 .title = "Shared memory broadcast",
                 .description = "The lanes read k distinct consecutive words, --repeats times: lanes reading the "
                                "same word share it (broadcast). Here k = {param.stride}: {at.buf_load.shared_words} "
                                "shared word(s), {at.buf_load.wavefronts} wavefront(s) per read on this preset.",
                 .source_path = kSource,
                 .defaults = pattern(1, 4),
                 .params = {{&KernelParams::stride, 1, 32, false, "distinct words"}, {&KernelParams::repeats, 1, 65536}},
                 .geometry = &pattern_blocks,
                 .code = code_for<OneVariant<SmemBroadcast>>(),
                 .reference = &expect_broadcast_sums,
                 .hints = {.contrasts = kAgainstOneWord},
                 .twin = Twin::BroadcastReadLoop,
                 .block_mapping = BlockMapping::Affine});
  KernelParams ldsm;
  ldsm.rows = 65536;
  ldsm.cols = 64;
  out.push_back({.name = "ldmatrix_swizzle",
                 .family = "smem_patterns",
                 .title = "ldmatrix on a 128B-swizzled tile",
                 .description = "Rows of `16`-byte chunks read by `ldmatrix.x4`: unswizzled, the `8` rows of a "
                                "matrix sit `128` bytes apart in the same banks; with TMA's `128B` XOR swizzle they "
                                "spread over all banks. Here: {at.tile_ldmatrix.wavefronts} wavefronts, ideal "
                                "{at.tile_ldmatrix.ideal}. Each warp reads its matrices {param.repeats} times, so "
                                "the kernel is shared-bound; with one read it is a copy, bound by global memory.",
                 .source_path = kSource,
                 .defaults = ldsm,
                 .params = {{&KernelParams::rows, 32, 65536}, {&KernelParams::swizzle, 0, 1}, {&KernelParams::repeats, 1, 65536}},
                 .check = &check_ldmatrix,
                 .geometry = &ldmatrix_geometry,
                 .code = code_for<OneVariant<LdmatrixSwizzle>>(),
                 .reference = &expect_ldmatrix_sums,
                 .hints = {.contrasts = kAgainstSwizzled},
                 .block_mapping = BlockMapping::Affine});
}

}  // namespace ws::kernels
