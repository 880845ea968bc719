// A student's own variant of a catalog kernel (`warpscope variant`, the window's
// "Your variant" tab): a typed tile layout for the shared-memory transpose, or a
// typed lane -> address pattern for the shared-memory microbenchmark.
//
// The typed text goes through the simulator's expression parser (ws/expr.hpp)
// and nothing else: the same parsed tree is evaluated for the tracer and
// printed as C for the GPU compiler (variant_gpu.hpp), so no other text is ever
// spliced into source. make_variant() checks the expression over its whole
// domain first (every (r, c) of the tile, every lane and iteration) and refuses
// it with the first offending point named, before anything traces or runs.
//
// The variant is a KernelDescriptor like any catalog kernel's (named
// "transpose_layout" or "smem_pattern"), whose body is the catalog header's
// transpose_layout / smem_pattern with the expression as its `at`: report(),
// simulate_whole_kernel(), predict() and, once variant_gpu.hpp has compiled it,
// bench_kernel() take it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ws/kernels/catalog.hpp"
#include "ws/result.hpp"

namespace ws::kernels {

// VariantKind (catalog.hpp): TileLayout, a transpose through a shared tile with
// the word of element (r, c) typed in r, c, T; AccessPattern, shared-memory reads
// at the byte address of lane `lane` in iteration i.

// What a student typed. `base` names the catalog kernel the variant stands
// beside: one whose descriptor accepts the kind (VariantHints); callers that
// name none take default_variant_base() of the kind typed.
struct VariantSpec {
  std::string base = "transpose_shared";
  std::string expression;  // --layout or --pattern text
  KernelParams params;     // sizes, tile, block rows (layouts); bytes, repeats (patterns)
  // Optional, applied to the byte address the expression gives (a layout's word
  // times 4): "tma32", "tma64", "tma128" (Hopper TMA modes) or "cute:B,M,S"
  // (CuTe Swizzle<B, M, S>). Empty: none. See swizzle_expression().
  std::string swizzle;
};

// The swizzle presets a variant takes, for help texts and the window.
inline constexpr std::string_view kVariantSwizzles[] = {"tma32", "tma64", "tma128", "cute:3,4,3", "cute:2,4,3"};

// `byte_address` (an expression text) with the swizzle applied, as expression
// text for the same parser: the swizzle is spelled in the typed language, so
// the swizzled address is traced and compiled like a typed one. An unknown
// name or bad B, M, S is a one-line message naming --swizzle-preset.
Result<std::string> swizzle_expression(std::string_view swizzle, const std::string& byte_address);

// How a layout's values are read (docs/variants.md): values all inside 0..T-1
// are the column of element (r, c) in row r, a T x T tile; otherwise they are
// word offsets into a tile of T rows of `pitch` words, pitch derived from the
// largest word (padding `r*(T+1) + c` gives T x (T+1)).
enum class LayoutForm : std::uint8_t { Column, WordOffset };

struct CheckedLayout {
  LayoutForm form = LayoutForm::Column;
  int tile = 0;   // T
  int pitch = 0;  // words per tile row as declared
  std::vector<int> word;  // word[r * T + c]: where element (r, c) lives
};

struct CheckedPattern {
  int bytes = 4;       // access width
  int elements = 0;    // buffer size in elements of `bytes`
  bool uses_i = false; // the address changes with the iteration
  int iterations = 1;  // rows of `element`: repeats when uses_i, else 1
  std::vector<int> element;  // element[i * 32 + lane]
};

class KernelVariant {
 public:
  VariantKind kind() const { return kind_; }
  const VariantSpec& spec() const { return spec_; }
  const KernelDescriptor& descriptor() const { return descriptor_; }
  const KernelParams& params() const { return spec_.params; }
  // Only one of these is set, by kind().
  const CheckedLayout* layout() const { return layout_.get(); }
  const CheckedPattern* pattern() const { return pattern_.get(); }
  // The expression as the parser read it, printed back as C (what the GPU compiles).
  const std::string& c_expression() const { return c_expression_; }
  // One line: "column (c + 2*r) % T of row r: a 32 x 32 tile", "byte 4*(17*lane): 545 elements of 4 bytes".
  std::string summary() const;

  KernelVariant(const KernelVariant&) = delete;
  KernelVariant& operator=(const KernelVariant&) = delete;

 private:
  friend Result<std::shared_ptr<const KernelVariant>> make_variant(const VariantSpec&, const ArchPreset&);
  KernelVariant() = default;
  VariantKind kind_ = VariantKind::TileLayout;
  VariantSpec spec_;
  // Self-contained: its code holds the checked tables, its texts are static, so a
  // copy of it stays valid after the variant is gone.
  KernelDescriptor descriptor_;
  std::shared_ptr<const CheckedLayout> layout_;
  std::shared_ptr<const CheckedPattern> pattern_;
  std::string c_expression_;
};

// The kernels a variant may stand beside: those whose descriptor's VariantHints
// accept its kind (the shared-tile transposes take a layout, smem_stride a pattern).
bool accepts_layout(std::string_view base);
bool accepts_pattern(std::string_view base);
// The base of a kind when none is named (VariantHints::is_default, else the first
// accepting kernel), and every kernel accepting it, for messages: "a, b or c".
const KernelDescriptor& default_variant_base(VariantKind kind);
std::string variant_bases(VariantKind kind);

// A catalog kernel shown beside the variant, at the variant's parameters.
struct BesideKernel {
  const KernelDescriptor* kernel = nullptr;
  KernelParams params;
  std::string label;  // "transpose_padded", "smem_stride stride=32"
};
// The rows of the base's VariantHints: its tile layouts (layout_variants()), or
// the base at each sweep value, in catalog order.
std::vector<BesideKernel> beside_kernels(const KernelVariant& v);

// The variant, or one line naming what is wrong: the flag and token, or the first
// offending (r, c) / lane. The parameters are checked as for the base kernel.
Result<std::shared_ptr<const KernelVariant>> make_variant(const VariantSpec& spec, const ArchPreset& arch);

// The largest shared buffer a variant may declare (48 KB: the static limit every
// GPU of the presets has without an opt-in).
inline constexpr int kMaxVariantSharedBytes = 48 * 1024;

}  // namespace ws::kernels
