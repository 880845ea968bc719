// A student's variant: the typed expression checked over its whole domain,
// then a descriptor whose host trace runs the catalog header's own body
// (transpose_layout, smem_pattern) with the checked table as its `at`.
#include "ws/kernels/variant.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <optional>

#include "family.hpp"
#include "reference.hpp"
#include "ws/expr.hpp"
#include "ws/kernels/smem_patterns.hpp"
#include "ws/kernels/tile_bounds.hpp"
#include "ws/kernels/transpose.hpp"

namespace ws::kernels {
namespace {

constexpr std::string_view kLayoutVars[] = {"r", "c", "T"};
constexpr std::string_view kPatternVars[] = {"lane", "i"};

// ---- The host's `at`: the checked tables -------------------------------------

struct TableLayout {
  const CheckedLayout* table;
  int pitch;
  int operator()(int r, int c) const { return table->word[static_cast<std::size_t>(r) * table->tile + c]; }
};

struct TablePattern {
  const CheckedPattern* table;
  int elements;
  int operator()(int lane, int i) const {
    return table->element[static_cast<std::size_t>(table->uses_i ? i : 0) * 32 + lane];
  }
};

// Launch adapters, as a family file writes them (the GPU side is generated
// with the same arrays in the same order: variant_source.cpp).
template <int TILE, int BLOCK_ROWS>
struct LayoutTranspose {
  template <class Mem, class Layout>
  static void run(Mem& m, const KernelParams& p, const Layout& at) {
    const auto in = input<float>(m, "in", p.rows, p.cols);
    const auto out = output<float>(m, "out", p.cols, p.rows);
    with_tile_bounds<TILE, BLOCK_ROWS>(p.cols, p.rows, [&](auto width, auto height) {
      transpose_layout<TILE, BLOCK_ROWS, float>(in, out, width, height, at);
    });
  }
};

template <class V>
struct PatternReads {
  template <class Mem, class Pattern>
  static void run(Mem& m, const KernelParams& p, const Pattern& at) {
    const auto in = input<V>(m, "in", kPatternBlocks, at.elements);
    const auto out = output<V>(m, "out", kPatternBlocks, kPatternThreads);
    smem_pattern<V>(in, out, p.repeats, at);
  }
};

// ---- Checking a layout over every (r, c) of the tile ------------------------

std::variant<CheckedLayout, std::string> check_layout(const Expr& e, int tile) {
  CheckedLayout t;
  t.tile = tile;
  std::vector<std::int64_t> value(static_cast<std::size_t>(tile) * tile);
  std::int64_t lo = 0, hi = 0;
  for (int r = 0; r < tile; ++r)
    for (int c = 0; c < tile; ++c) {
      const std::array<std::int64_t, 3> at{r, c, tile};
      auto v = e.eval(at);
      if (auto* err = std::get_if<ExprError>(&v)) return err->message;
      const std::int64_t x = std::get<std::int64_t>(v);
      value[static_cast<std::size_t>(r) * tile + c] = x;
      if (r == 0 && c == 0) lo = hi = x;
      lo = std::min(lo, x);
      hi = std::max(hi, x);
    }
  t.form = (lo >= 0 && hi < tile) ? LayoutForm::Column : LayoutForm::WordOffset;
  // Word of each element, checked against the size a variant may declare.
  const std::int64_t max_words = kMaxVariantSharedBytes / 4;
  std::int64_t max_word = 0;
  t.word.resize(value.size());
  for (int r = 0; r < tile; ++r)
    for (int c = 0; c < tile; ++c) {
      const std::int64_t x = value[static_cast<std::size_t>(r) * tile + c];
      const std::int64_t w = t.form == LayoutForm::Column ? std::int64_t(r) * tile + x : x;
      if (x < 0)
        return fmt::format("--layout: element (r, c) = ({}, {}) is at word {}: outside the tile", r, c, x);
      if (w >= max_words)
        return fmt::format(
            "--layout: element (r, c) = ({}, {}) is at word {}: the tile would need more than the {} bytes a variant "
            "may declare",
            r, c, w, kMaxVariantSharedBytes);
      t.word[static_cast<std::size_t>(r) * tile + c] = static_cast<int>(w);
      max_word = std::max(max_word, w);
    }
  t.pitch = t.form == LayoutForm::Column ? tile : static_cast<int>((max_word + tile) / tile);
  if (std::int64_t(t.pitch) * tile * 4 > kMaxVariantSharedBytes)
    return fmt::format("--layout: a tile of {} rows x {} words is {} bytes, over the {} a variant may declare", tile,
                       t.pitch, std::int64_t(t.pitch) * tile * 4, kMaxVariantSharedBytes);
  // A bijection: no two elements share a word (the first pair in row-major order is named).
  std::vector<int> owner(static_cast<std::size_t>(t.pitch) * tile, -1);
  for (int i = 0; i < tile * tile; ++i) {
    int& o = owner[static_cast<std::size_t>(t.word[i])];
    if (o >= 0) {
      const int r0 = o / tile, c0 = o % tile, r1 = i / tile, c1 = i % tile;
      if (t.form == LayoutForm::Column)
        return fmt::format(
            "--layout: elements (r, c) = ({}, {}) and ({}, {}) are both at column {} of row {}: not a bijection on "
            "the {} x {} tile",
            r0, c0, r1, c1, t.word[i] % tile, r1, tile, tile);
      return fmt::format(
          "--layout: elements (r, c) = ({}, {}) and ({}, {}) are both at word {} (values reach {}, not all below T = "
          "{}, so they are word offsets): not a bijection on the tile",
          r0, c0, r1, c1, t.word[i], hi, tile);
    }
    o = i;
  }
  return t;
}

// ---- Checking a pattern over every lane and iteration -----------------------

std::variant<CheckedPattern, std::string> check_pattern(const Expr& e, int bytes, int repeats) {
  CheckedPattern t;
  t.bytes = bytes;
  t.uses_i = e.uses(1);
  t.iterations = t.uses_i ? repeats : 1;
  t.element.resize(static_cast<std::size_t>(t.iterations) * 32);
  std::int64_t max_element = 0;
  for (int i = 0; i < t.iterations; ++i)
    for (int lane = 0; lane < 32; ++lane) {
      const std::array<std::int64_t, 2> at{lane, i};
      auto v = e.eval(at);
      if (auto* err = std::get_if<ExprError>(&v)) return err->message;
      const std::int64_t byte = std::get<std::int64_t>(v);
      const std::string where = t.uses_i ? fmt::format("lane {} (i = {})", lane, i) : fmt::format("lane {}", lane);
      if (byte < 0) return fmt::format("--pattern: {} reads byte {}: outside shared memory", where, byte);
      if (byte % bytes != 0)
        return fmt::format("--pattern: {} reads byte {}, not a multiple of --bytes {} (an access is aligned to its "
                           "width, S2)",
                           where, byte, bytes);
      // Compared as byte > limit - bytes: byte + bytes overflows for a byte near INT64_MAX.
      if (byte > kMaxVariantSharedBytes - bytes)
        return fmt::format("--pattern: {} reads byte {}: the buffer would need more than the {} bytes a variant may "
                           "declare",
                           where, byte, kMaxVariantSharedBytes);
      t.element[static_cast<std::size_t>(i) * 32 + lane] = static_cast<int>(byte / bytes);
      max_element = std::max(max_element, byte / bytes);
    }
  t.elements = static_cast<int>(max_element + 1);
  return t;
}

// Thread t of block b sums, in order, the `bytes`-wide elements of in[b] its
// lane reads in iterations 0 .. repeats - 1 (the body's sum, float by float).
std::optional<std::string> expect_pattern_sums(const CheckedPattern& t, const KernelParams& p,
                                               const std::vector<HostArray>& a) {
  const HostArray &in = a.at(0), &out = a.at(1);
  const int floats = t.bytes / 4;
  for (int b = 0; b < kPatternBlocks; ++b)
    for (int lane = 0; lane < 32; ++lane)
      for (int c = 0; c < floats; ++c) {
        float sum = 0.0f;  // every warp's lane `lane` computes the same sum
        for (int i = 0; i < p.repeats; ++i) {
          const int e = t.element[static_cast<std::size_t>(t.uses_i ? i : 0) * 32 + lane];
          float x;
          std::memcpy(&x, in.bytes.data() + ((std::size_t(b) * t.elements + e) * floats + c) * 4, 4);
          sum += x;
        }
        for (int th = lane; th < kPatternThreads; th += 32) {
          float got;
          std::memcpy(&got, out.bytes.data() + ((std::size_t(b) * kPatternThreads + th) * floats + c) * 4, 4);
          if (std::memcmp(&got, &sum, 4) != 0)
            return fmt::format("out[{}][{}] component {} is {}, not the sum {} of the {} elements lane {} reads", b,
                               th, c, got, sum, p.repeats, lane);
        }
      }
  return std::nullopt;
}

std::string no_gpu_entry(const KernelParams&) { return "ws_variant"; }

// ---- Descriptors --------------------------------------------------------------

KernelDescriptor layout_descriptor(const KernelDescriptor& base, std::shared_ptr<const CheckedLayout> t) {
  KernelDescriptor k = base;
  k.name = "transpose_layout";
  k.title = "Your tile layout";
  k.description =
      "The shared-memory transpose with your layout: element (r, c) of the tile is stored at word at(r, c). Here the "
      "column read is {at.tile_load.wavefronts} wavefront(s) and the row store {at.tile_store.wavefronts}, for a tile "
      "of {array.tile.rows * array.tile.pitch * array.tile.elem_bytes} bytes.";
  k.hints = {.baseline = default_variant_base(VariantKind::TileLayout).name};
  k.variants = {};
  k.twin = Twin::None;  // no hand-written twin of a typed layout
  k.code.trace = [t](const KernelParams& p) {
    HostMemory m;
    const TableLayout at{t.get(), t->pitch};
    if (!TileShapes<LayoutTranspose>::visit(p, [&](auto v) { decltype(v)::type::run(m, p, at); }))
      throw std::logic_error("transpose_layout: no tile shape for these parameters (check_params should refuse them)");
  };
  k.code.gpu = nullptr;  // variant_gpu.hpp compiles it
  k.code.entry = &no_gpu_entry;
  return k;
}

KernelDescriptor pattern_descriptor(const KernelDescriptor& base, std::shared_ptr<const CheckedPattern> t) {
  KernelDescriptor k = base;
  k.name = "smem_pattern";
  k.title = "Your access pattern";
  k.description =
      "Shared-memory reads at the byte addresses you typed, --repeats times per thread, shaped like smem_stride so the "
      "two time alike: {at.buf_load.wavefronts} wavefront(s) per read here, ideal {at.buf_load.ideal}.";
  k.params = {{&KernelParams::bytes, 4, 16}, {&KernelParams::repeats, 1, 65536}};
  k.hints = {.baseline = default_variant_base(VariantKind::AccessPattern).name};
  k.variants = {};
  k.twin = Twin::None;
  k.code.trace = [t](const KernelParams& p) {
    HostMemory m;
    const TablePattern at{t.get(), t->elements};
    AccessWidths<PatternReads>::visit(p, [&](auto v) { decltype(v)::type::run(m, p, at); });
  };
  k.code.gpu = nullptr;
  k.code.entry = &no_gpu_entry;
  k.reference = [t](const KernelParams& p, const std::vector<HostArray>& a) { return expect_pattern_sums(*t, p, a); };
  return k;
}

// "B,M,S": exactly three decimal numbers and nothing else (sscanf would take
// "1,2,3xyz" or " +1,2,3" and echo the text back as if it were that preset).
bool cute_numbers(std::string_view text, int& b, int& m, int& s) {
  int* out[] = {&b, &m, &s};
  for (int i = 0; i < 3; ++i) {
    const std::size_t comma = i < 2 ? text.find(',') : text.size();
    if (comma == std::string_view::npos) return false;
    const std::string_view number = text.substr(0, comma);
    if (number.empty() || number.size() > 2 || number.find_first_not_of("0123456789") != std::string_view::npos)
      return false;
    std::from_chars(number.data(), number.data() + number.size(), *out[i]);
    text.remove_prefix(i < 2 ? comma + 1 : comma);
  }
  return true;
}

}  // namespace

Result<std::string> swizzle_expression(std::string_view swizzle, const std::string& x) {
  // ws::swizzle::tma and ws::swizzle::Cute (sim/include/ws/swizzle.hpp), written in the typed language.
  const std::string a = "(" + x + ")";
  if (swizzle == "tma32" || swizzle == "tma64" || swizzle == "tma128") {
    const int rows_mask = swizzle == "tma32" ? 1 : swizzle == "tma64" ? 3 : 7;  // 128-byte row index mod 2, 4, 8
    return fmt::format("{0} ^ ((({0} >> 7) & {1}) << 4)", a, rows_mask);
  }
  int b = -1, m = -1, sh = -1;
  if (swizzle.starts_with("cute:") && cute_numbers(swizzle.substr(5), b, m, sh) && b >= 1 && b <= 8 && m >= 0 &&
      m <= 8 && sh >= b && sh <= 10) {
    const long long mask = ((1ll << b) - 1) << (m + sh);
    return fmt::format("{0} ^ (({0} & {1}) >> {2})", a, mask, sh);
  }
  return Error{fmt::format(
      "--swizzle-preset: '{}' is not tma32, tma64, tma128 or cute:B,M,S (B 1..8, M 0..8, S from B to 10)", swizzle)};
}

namespace {

bool accepts(std::string_view base, VariantKind kind) {
  const KernelDescriptor* k = find_kernel(base);
  return k && k->variants.accepts == kind;
}

}  // namespace

bool accepts_layout(std::string_view base) { return accepts(base, VariantKind::TileLayout); }
bool accepts_pattern(std::string_view base) { return accepts(base, VariantKind::AccessPattern); }

const KernelDescriptor& default_variant_base(VariantKind kind) {
  const KernelDescriptor* first = nullptr;
  for (const KernelDescriptor& k : catalog())
    if (k.variants.accepts == kind) {
      if (k.variants.is_default) return k;
      if (!first) first = &k;
    }
  if (!first) throw std::logic_error("no catalog kernel accepts this kind of variant");
  return *first;
}

std::string variant_bases(VariantKind kind) {
  std::vector<std::string_view> names;
  for (const KernelDescriptor& k : catalog())
    if (k.variants.accepts == kind) names.push_back(k.name);
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i)
    out += fmt::format("{}{}", i == 0 ? "" : i + 1 == names.size() ? " or " : ", ", names[i]);
  return out;
}

std::vector<BesideKernel> beside_kernels(const KernelVariant& v) {
  std::vector<BesideKernel> out;
  const KernelDescriptor* base = find_kernel(v.spec().base);
  if (!base) return out;
  const VariantHints& h = base->variants;
  if (h.sweep) {
    for (int value : h.sweep_values) {
      KernelParams p = v.params();
      p.*h.sweep = value;
      out.push_back({base, p, fmt::format("{} {}={}", base->name, param_spec(h.sweep).key, value)});
    }
  } else {
    for (const KernelDescriptor* k : layout_variants(*base)) out.push_back({k, v.params(), std::string(k->name)});
  }
  return out;
}

std::string KernelVariant::summary() const {
  const std::string swizzled = spec_.swizzle.empty() ? "" : fmt::format(", swizzled {} on byte addresses", spec_.swizzle);
  if (layout_) {
    const CheckedLayout& t = *layout_;
    if (!spec_.swizzle.empty())
      return fmt::format("{}, swizzled {} on its byte address: a tile of {} rows x {} words ({} bytes)",
                         spec_.expression, spec_.swizzle, t.tile, t.pitch, t.tile * t.pitch * 4);
    if (t.form == LayoutForm::Column)
      return fmt::format("tile[r][{}]: column of element (r, c), a {} x {} tile ({} bytes){}", spec_.expression,
                         t.tile, t.tile, t.tile * t.pitch * 4, swizzled);
    return fmt::format("tile[{}]: word of element (r, c), a tile of {} rows x {} words ({} bytes){}", spec_.expression,
                       t.tile, t.pitch, t.tile * t.pitch * 4, swizzled);
  }
  const CheckedPattern& t = *pattern_;
  return fmt::format("byte {}: {}-byte reads{}, a buffer of {} elements ({} bytes){}", spec_.expression, t.bytes,
                     t.uses_i ? " changing with i" : "", t.elements, t.elements * t.bytes, swizzled);
}

Result<std::shared_ptr<const KernelVariant>> make_variant(const VariantSpec& spec, const ArchPreset& arch) {
  const KernelDescriptor* base = find_kernel(spec.base);
  const bool layout = accepts_layout(spec.base), pattern = accepts_pattern(spec.base);
  if (!base || (!layout && !pattern))
    return Error{fmt::format("--kernel: a variant stands beside {} (a --layout) or {} (a --pattern), not '{}'",
                             variant_bases(VariantKind::TileLayout), variant_bases(VariantKind::AccessPattern),
                             spec.base)};
  const std::string_view flag = layout ? "--layout" : "--pattern";
  auto parsed = layout ? Expr::parse(spec.expression, kLayoutVars, flag) : Expr::parse(spec.expression, kPatternVars, flag);
  if (auto* err = std::get_if<ExprError>(&parsed)) return Error{err->message};
  const Expr& e = std::get<Expr>(parsed);

  std::shared_ptr<KernelVariant> v(new KernelVariant());
  v->spec_ = spec;
  if (layout) {
    if (auto err = check_params(*base, spec.params, arch)) return Error{*err};
    auto checked = check_layout(e, spec.params.tile);
    if (auto* err = std::get_if<std::string>(&checked)) return Error{*err};
    std::optional<Expr> swizzled;
    if (!spec.swizzle.empty()) {
      // The element's word (the typed column placed in its row, or the typed word), as a byte address, swizzled.
      const bool column = std::get<CheckedLayout>(checked).form == LayoutForm::Column;
      const std::string word = column ? "r * T + (" + spec.expression + ")" : "(" + spec.expression + ")";
      auto text = swizzle_expression(spec.swizzle, "4 * (" + word + ")");
      if (!text) return text.error();
      auto reparsed = Expr::parse("(" + *text + ") / 4", kLayoutVars, "--swizzle-preset");
      if (auto* err = std::get_if<ExprError>(&reparsed)) return Error{err->message};
      swizzled.emplace(std::move(std::get<Expr>(reparsed)));
      checked = check_layout(*swizzled, spec.params.tile);  // a bijection stays one; the size may grow
      if (auto* err = std::get_if<std::string>(&checked)) return Error{*err};
    }
    const Expr& final_expr = swizzled ? *swizzled : e;
    v->kind_ = VariantKind::TileLayout;
    v->layout_ = std::make_shared<const CheckedLayout>(std::move(std::get<CheckedLayout>(checked)));
    v->descriptor_ = layout_descriptor(*base, v->layout_);
    const std::string names[] = {"r", "c", "T"};
    v->c_expression_ = final_expr.to_c(names);
  } else {
    if (auto err = base->check(spec.params, arch)) return Error{*err};
    if (spec.params.repeats < 1 || spec.params.repeats > 65536)
      return Error{fmt::format("--repeats: {} is outside 1..65536", spec.params.repeats)};
    std::optional<Expr> swizzled;
    if (!spec.swizzle.empty()) {
      auto text = swizzle_expression(spec.swizzle, spec.expression);
      if (!text) return text.error();
      auto reparsed = Expr::parse(*text, kPatternVars, "--swizzle-preset");
      if (auto* err = std::get_if<ExprError>(&reparsed)) return Error{err->message};
      swizzled.emplace(std::move(std::get<Expr>(reparsed)));
    }
    const Expr& final_expr = swizzled ? *swizzled : e;
    auto checked = check_pattern(final_expr, spec.params.bytes, spec.params.repeats);
    if (auto* err = std::get_if<std::string>(&checked)) return Error{*err};
    v->kind_ = VariantKind::AccessPattern;
    v->pattern_ = std::make_shared<const CheckedPattern>(std::move(std::get<CheckedPattern>(checked)));
    v->descriptor_ = pattern_descriptor(*base, v->pattern_);
    const std::string names[] = {"lane", "i"};
    v->c_expression_ = final_expr.to_c(names);
  }
  // The variant's own launch on this preset: threads, shared memory, access widths.
  if (auto err = check_params(v->descriptor_, spec.params, arch)) return Error{*err};
  return std::shared_ptr<const KernelVariant>(std::move(v));
}

}  // namespace ws::kernels
