// Global-memory pattern family: descriptors and launch adapters.
// Bodies: kernels/include/ws/kernels/global_patterns.hpp.
#include "ws/kernels/global_patterns.hpp"

#include <cstdint>
#include <cstring>

#include "family.hpp"
#include "reference.hpp"

namespace ws::kernels {

// `in` as n rows of `stride` floats: lane i reads the first float of row i.
struct StridedRead {
  template <class Mem>
  static WS_BODY void run(Mem& m, const KernelParams& p) {
    const auto in = input<float>(m, "in", p.rows, p.stride);
    const auto out = output<float>(m, "out", 1, p.rows);
    strided_read(in, out, p.rows, p.stride);
  }
};

struct OffsetRead {
  template <class Mem>
  static WS_BODY void run(Mem& m, const KernelParams& p) {
    const auto in = input<float>(m, "in", 1, p.rows + p.offset);
    const auto out = output<float>(m, "out", 1, p.rows);
    offset_read(in, out, p.rows, p.offset);
  }
};

template <class Particle>
struct AosField {
  template <class Mem>
  static WS_BODY void run(Mem& m, const KernelParams& p) {
    const auto particles = input<Particle>(m, "particles", 1, p.rows);
    const auto out = output<float>(m, "out", 1, p.rows);
    aos_field<Particle>(particles, out, p.rows);
  }
};

struct SoaField {
  template <class Mem>
  static WS_BODY void run(Mem& m, const KernelParams& p) {
    const auto x = input<float>(m, "x", 1, p.rows);
    const auto out = output<float>(m, "out", 1, p.rows);
    soa_field(x, out, p.rows);
  }
};

// The struct of --bytes bytes: 12 (x, y, z) or 16 (x, y, z, w).
template <template <class> class K>
struct StructSizes {
  template <class F>
  static bool visit(const KernelParams& p, F&& f) {
    switch (p.bytes) {
      case 12:
        f(Variant<K<Particle12>>{});
        return true;
      case 16:
        f(Variant<K<Particle16>>{});
        return true;
      default:
        return false;
    }
  }
};

namespace {

constexpr const char* kSource = "kernels/include/ws/kernels/global_patterns.hpp";

// 2^24 elements: 64 MiB read and 64 MiB written at stride 1, over twice the
// H200's 60 MiB L2, so every launch streams from DRAM; stride 32 reads 2 GiB of `in`.
constexpr int kDefaultElements = 1 << 24;

KernelParams elements(int stride, int offset, int bytes) {
  KernelParams p;
  p.rows = kDefaultElements;
  p.cols = 1;
  p.stride = stride;
  p.offset = offset;
  p.bytes = bytes;
  return p;
}

Geometry one_per_thread(const KernelParams& p) {
  return {{ceil_div(p.rows, kPatternBlockThreads), 1, 1}, {kPatternBlockThreads, 1, 1}};
}

// Every body reads one float per element and writes one: its effective bandwidth
// counts those 8 bytes, as NVIDIA's blog counts it, not the skipped parts of `in`.
std::uint64_t one_float_in_one_out(const KernelParams& p) {
  return 8ull * static_cast<std::uint64_t>(p.rows);
}

std::optional<std::string> check_struct(const KernelParams& p, const ArchPreset&) {
  if (p.bytes != 12 && p.bytes != 16)
    return text("--bytes: aos_field's struct is 12 or 16 bytes, not ", p.bytes);
  return std::nullopt;
}

// out[i] must be the float at index source(i) of the first array, bit for bit.
std::optional<std::string> expect_floats(const std::vector<HostArray>& a, const HostArray& from,
                                         std::size_t (*source)(std::size_t, const KernelParams&),
                                         const KernelParams& p) {
  const HostArray& out = a.back();
  for (std::size_t i = 0; i < static_cast<std::size_t>(p.rows); ++i) {
    const std::size_t j = source(i, p);
    if (std::memcmp(out.bytes.data() + 4 * i, from.bytes.data() + 4 * j, 4) != 0)
      return text("out[", static_cast<int>(i), "] differs from float ", static_cast<int>(j), " of ",
                  from.info.name);
  }
  return std::nullopt;
}
std::optional<std::string> expect_strided(const KernelParams& p, const std::vector<HostArray>& a) {
  return expect_floats(
      a, a.at(0), [](std::size_t i, const KernelParams& q) { return i * q.stride; }, p);
}
std::optional<std::string> expect_offset(const KernelParams& p, const std::vector<HostArray>& a) {
  return expect_floats(
      a, a.at(0), [](std::size_t i, const KernelParams& q) { return i + q.offset; }, p);
}
std::optional<std::string> expect_field_x(const KernelParams& p, const std::vector<HostArray>& a) {
  return expect_floats(
      a, a.at(0), [](std::size_t i, const KernelParams& q) { return i * (q.bytes / 4); }, p);
}
std::optional<std::string> expect_array_x(const KernelParams& p, const std::vector<HostArray>& a) {
  return expect_floats(
      a, a.at(0), [](std::size_t i, const KernelParams&) { return i; }, p);
}

const std::vector<ParamRule> kElements = {{&KernelParams::rows, 1, kDefaultElements, false, "elements"}};

// Lesson contrasts, each against the coalesced case: strides against stride 1;
// every misaligned offset against 0 (a multiple of 8 floats is aligned to a
// sector, of 32 to a line); the 16-byte struct against the 12-byte one.
constexpr int kStrides[] = {2, 3, 4, 8, 16, 32};
constexpr ParamContrast kAgainstStrideOne[] = {{&KernelParams::stride, kStrides, 1}};
constexpr int kOffsets[] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16,
                            17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32};
constexpr ParamContrast kAgainstAligned[] = {{&KernelParams::offset, kOffsets, 0}};
constexpr int kPaddedStruct[] = {16};
constexpr ParamContrast kAgainstPacked[] = {{&KernelParams::bytes, kPaddedStruct, 12}};

}  // namespace

WS_FAMILY(global_patterns) {
  std::vector<ParamRule> strided = kElements;
  strided.push_back({&KernelParams::stride, 1, 32});
  out.push_back({.name = "strided_read",
                 .family = "global_patterns",
                 .title = "Global memory at a stride",
                 .description =
                     "Thread i reads `in[i * stride]`, here stride {param.stride}: a warp's floats lie "
                     "{param.stride * array.in.elem_bytes} bytes apart, so a read is "
                     "{at.in_load.sectors_per_request} sectors per request, of whose bytes the lanes use "
                     "{at.in_load.efficiency_pct}% (G2). DRAM reads whole `64`-byte "
                     "segments (G3), so past a stride of `16` floats a read costs it no more.",
                 .source_path = kSource,
                 .defaults = elements(2, 0, 4),
                 .params = strided,
                 .geometry = &one_per_thread,
                 .code = code_for<OneVariant<StridedRead>>(),
                 .reference = &expect_strided,
                 .bytes_requested = &one_float_in_one_out,
                 .hints = {.contrasts = kAgainstStrideOne},
                 .twin = Twin::BlogStrideRead,
                 .block_mapping = BlockMapping::Affine});
  std::vector<ParamRule> offset = kElements;
  offset.push_back({&KernelParams::offset, 0, 32});
  out.push_back(
      {.name = "offset_read",
       .family = "global_patterns",
       .title = "Global memory off its alignment",
       .description =
           "Thread i reads `in[i + offset]`, here offset {param.offset}: a warp's `128` bytes start "
           "{param.offset * array.in.elem_bytes} bytes into a `128`-byte line, so a read is "
           "{at.in_load.sectors_per_request} sectors per request: `4` when the offset is a "
           "multiple of `8` floats (a whole sector), else `5`, the fifth shared with the next "
           "warp, so DRAM still reads each byte once (G2).",
       .source_path = kSource,
       .defaults = elements(1, 1, 4),
       .params = offset,
       .geometry = &one_per_thread,
       .code = code_for<OneVariant<OffsetRead>>(),
       .reference = &expect_offset,
       .bytes_requested = &one_float_in_one_out,
       .hints = {.contrasts = kAgainstAligned},
       .twin = Twin::BlogOffsetRead,
       .block_mapping = BlockMapping::Affine});
  std::vector<ParamRule> aos = kElements;
  aos.push_back({&KernelParams::bytes, 12, 16, false, "struct bytes"});
  out.push_back({.name = "aos_field",
                 .family = "global_patterns",
                 .title = "One field of an array of structures",
                 .description =
                     "Thread i reads `particles[i].x` of a {array.particles.elem_bytes}-byte struct: the x's "
                     "lie that many bytes apart, so a read is {at.particles_load.sectors_per_request} "
                     "sectors per request, of whose bytes the lanes use {at.particles_load.efficiency_pct}% "
                     "(G2); the other fields ride along unused.",
                 .source_path = kSource,
                 .defaults = elements(1, 0, 12),
                 .params = aos,
                 .check = &check_struct,
                 .geometry = &one_per_thread,
                 .code = code_for<StructSizes<AosField>>(),
                 .reference = &expect_field_x,
                 .bytes_requested = &one_float_in_one_out,
                 .hints = {.contrasts = kAgainstPacked},
                 .block_mapping = BlockMapping::Affine});
  out.push_back({.name = "soa_field",
                 .family = "global_patterns",
                 .title = "The same field as its own array",
                 .description =
                     "Thread i reads `x[i]`: a structure of arrays keeps the x's together, so a read is "
                     "{at.x_load.sectors_per_request} sectors per request and uses every byte it moves, "
                     "whatever the struct's size.",
                 .source_path = kSource,
                 .defaults = elements(1, 0, 4),
                 .params = kElements,
                 .geometry = &one_per_thread,
                 .code = code_for<OneVariant<SoaField>>(),
                 .reference = &expect_array_x,
                 .bytes_requested = &one_float_in_one_out,
                 .hints = {.baseline = "aos_field"},
                 .block_mapping = BlockMapping::Affine});
}

}  // namespace ws::kernels
