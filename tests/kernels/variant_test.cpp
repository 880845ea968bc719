// A student's variant (ws/kernels/variant.hpp, variant_gpu.hpp): typed layouts
// that spell a catalog layout count exactly what the catalog kernel counts;
// refused expressions name the first offending point; NVRTC's PTX of the
// generated source has the accesses the tracer records (CI: no GPU needed);
// on a GPU, five variants pass the reference check.
#include <gtest/gtest.h>

#include <string>

#include "ws/kernels/bench.hpp"
#include "ws/kernels/variant_gpu.hpp"

namespace wk = ws::kernels;

namespace {

wk::KernelParams transpose_params(int rows, int cols, int tile, int block_rows) {
  wk::KernelParams p = wk::find_kernel("transpose_shared")->defaults;
  p.rows = rows, p.cols = cols, p.tile = tile, p.block_rows = block_rows;
  return p;
}

std::shared_ptr<const wk::KernelVariant> make(const std::string& base, const std::string& expr, wk::KernelParams p,
                                              const std::string& swizzle = "") {
  auto made = wk::make_variant({base, expr, p, swizzle}, ws::default_preset());
  if (!made) {
    ADD_FAILURE() << expr << ": " << made.error().message;
    return nullptr;
  }
  return *made;
}

std::string refusal(const std::string& base, const std::string& expr, wk::KernelParams p) {
  auto made = wk::make_variant({base, expr, p, ""}, ws::default_preset());
  if (!made) return made.error().message;
  ADD_FAILURE() << expr << " was accepted";
  return {};
}

void expect_same(const wk::Counters& a, const wk::Counters& b, const std::string& what) {
  EXPECT_EQ(a.instructions, b.instructions) << what;
  EXPECT_EQ(a.wavefronts, b.wavefronts) << what;
  EXPECT_EQ(a.ideal_wavefronts, b.ideal_wavefronts) << what;
  EXPECT_EQ(a.requests, b.requests) << what;
  EXPECT_EQ(a.sectors, b.sectors) << what;
}

}  // namespace

// Each catalog layout, typed: the whole kernel counts the same, edges included.
TEST(Variant, TypedCatalogLayoutsCountLikeTheCatalog) {
  const std::pair<const char*, const char*> layouts[] = {{"transpose_shared", "c"},
                                                         {"transpose_rotated", "(c + r) % T"},
                                                         {"transpose_xor", "c ^ r"},
                                                         {"transpose_padded", "r * (T + 1) + c"}};
  for (const wk::KernelParams& p :
       {transpose_params(256, 256, 32, 8), transpose_params(45, 27, 16, 4), transpose_params(64, 96, 32, 32)})
    for (const auto& [kernel, expr] : layouts) {
      const auto v = make(kernel, expr, p);
      ASSERT_TRUE(v);
      const wk::KernelDescriptor& catalog = *wk::find_kernel(kernel);
      const auto mine = wk::report(v->descriptor(), p, ws::default_preset(), {0, 0, 0}, 0);
      const auto theirs = wk::report(catalog, p, ws::default_preset(), {0, 0, 0}, 0);
      const std::string what = std::string(kernel) + " as " + expr + " at " + std::to_string(p.rows) + "x" +
                               std::to_string(p.cols) + " tile " + std::to_string(p.tile);
      expect_same(mine.shared_load, theirs.shared_load, what + " shared load");
      expect_same(mine.shared_store, theirs.shared_store, what + " shared store");
      expect_same(mine.global_load, theirs.global_load, what + " global load");
      expect_same(mine.global_store, theirs.global_store, what + " global store");
      EXPECT_EQ(mine.shared_bytes_per_block, theirs.shared_bytes_per_block) << what;
    }
}

TEST(Variant, LayoutFormAndPitchFollowTheValues) {
  const wk::KernelParams p = transpose_params(64, 64, 32, 8);
  const auto column = make("transpose_shared", "(c + 2*r) % T", p);
  ASSERT_TRUE(column);
  EXPECT_EQ(column->layout()->form, wk::LayoutForm::Column);
  EXPECT_EQ(column->layout()->pitch, 32);
  EXPECT_EQ(column->layout()->word[1 * 32 + 31], 32 + 1);  // (r, c) = (1, 31): column (31 + 2) % 32 = 1 of row 1
  const auto padded = make("transpose_shared", "r*(T+2) + c", p);
  ASSERT_TRUE(padded);
  EXPECT_EQ(padded->layout()->form, wk::LayoutForm::WordOffset);
  EXPECT_EQ(padded->layout()->pitch, 34);
  // (c + 2r) % T puts a column's 32 lanes in 16 banks, two each: 2 wavefronts per column read.
  const auto w = wk::trace_warp(column->descriptor(), p, {0, 0, 0}, 0);
  const auto r = wk::report(column->descriptor(), p, ws::default_preset(), {0, 0, 0}, 0);
  EXPECT_EQ(r.shared_load.wavefronts, 2 * r.shared_load.instructions);
  EXPECT_EQ(r.shared_store.wavefronts, r.shared_store.instructions);
  EXPECT_FALSE(w.sites.empty());
}

// smem_stride's read, typed as a byte address: the read site counts the same.
TEST(Variant, TypedStridesCountLikeSmemStride) {
  for (int bytes : {4, 8, 16})
    for (int stride : {1, 2, 3, 8, 32, 33}) {
      wk::KernelParams p = wk::find_kernel("smem_stride")->defaults;
      p.bytes = bytes, p.stride = stride, p.repeats = 4;
      const auto v = make("smem_stride", std::to_string(bytes * stride) + " * lane", p);
      ASSERT_TRUE(v);
      const auto mine = wk::report(v->descriptor(), p, ws::default_preset(), {0, 0, 0}, 0);
      const auto theirs = wk::report(*wk::find_kernel("smem_stride"), p, ws::default_preset(), {0, 0, 0}, 0);
      auto read = [](const wk::KernelReport& r) {
        for (const auto& s : r.sites)
          if (s.site.name == "buf_load") return s.kernel;
        return wk::Counters{};
      };
      expect_same(read(mine), read(theirs), "stride " + std::to_string(stride) + " bytes " + std::to_string(bytes));
      EXPECT_GT(read(mine).instructions, 0u);
    }
}

TEST(Variant, PatternsMayChangeWithTheIteration) {
  wk::KernelParams p = wk::find_kernel("smem_stride")->defaults;
  p.repeats = 8;
  const auto v = make("smem_stride", "4 * (lane + 32 * (i % 2))", p);  // alternates between two rows of 32 words
  ASSERT_TRUE(v);
  EXPECT_TRUE(v->pattern()->uses_i);
  EXPECT_EQ(v->pattern()->elements, 64);
  EXPECT_EQ(v->pattern()->element[1 * 32 + 5], 37);
}

// A preset swizzle applied to the typed address: TMA's 128B mode spreads the
// plain tile's 32-way column read over 8 chunks (4-way), and ldmatrix-like
// 16-byte row reads (8 rows 128 bytes apart) over all banks.
TEST(Variant, SwizzlePresetsApplyToTheByteAddress) {
  const wk::KernelParams p = transpose_params(64, 64, 32, 8);
  auto made = wk::make_variant({"transpose_shared", "c", p, "tma128"}, ws::default_preset());
  ASSERT_TRUE(made) << made.error().message;
  const auto& v = **made;
  EXPECT_EQ(v.layout()->word[1 * 32 + 0], 32 + 4);  // (1, 0): chunk 0 ^ 1 of row 1
  const auto r = wk::report(v.descriptor(), p, ws::default_preset(), {0, 0, 0}, 0);
  EXPECT_EQ(r.shared_load.wavefronts, 4 * r.shared_load.instructions);
  wk::KernelParams s = wk::find_kernel("smem_stride")->defaults;
  s.bytes = 16;
  s.repeats = 4;
  // Unswizzled, each quarter warp's 8 rows share 4 banks: 8 times the ideal; swizzled, the ideal.
  for (const auto& [swizzle, times_ideal] : {std::pair{"", 8u}, std::pair{"tma128", 1u}, std::pair{"cute:3,4,3", 1u}}) {
    auto pm = wk::make_variant({"smem_stride", "128 * (lane % 8) + 16 * (lane / 8)", s, swizzle}, ws::default_preset());
    ASSERT_TRUE(pm) << pm.error().message;
    const auto w = wk::report((*pm)->descriptor(), s,
                              ws::default_preset(), {0, 0, 0}, 0);
    int reads = 0;
    for (const auto& site : w.sites) {
      if (site.site.name != "buf_load") continue;
      ++reads;
      EXPECT_EQ(site.warp.wavefronts, times_ideal * site.warp.ideal_wavefronts) << swizzle;
      EXPECT_GT(site.warp.ideal_wavefronts, 0u);
    }
    EXPECT_EQ(reads, 1) << swizzle;
  }
  EXPECT_NE(refusal("smem_stride", "4 * lane", s).find("--bytes 16"), std::string::npos);
  auto bad = wk::make_variant({"smem_stride", "16 * lane", s, "tma99"}, ws::default_preset());
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("--swizzle-preset: 'tma99'"), std::string::npos);
}

TEST(Variant, RefusalsNameTheFirstOffendingPoint) {
  const wk::KernelParams p = transpose_params(64, 64, 32, 8);
  EXPECT_NE(refusal("transpose_shared", "c % 16", p).find("(r, c) = (0, 0) and (0, 16)"), std::string::npos);
  EXPECT_NE(refusal("transpose_shared", "c % 16", p).find("not a bijection"), std::string::npos);
  EXPECT_NE(refusal("transpose_shared", "c + r", p).find("word offsets"), std::string::npos);
  EXPECT_NE(refusal("transpose_shared", "c - 1", p).find("(r, c) = (0, 0) is at word -1"), std::string::npos);
  EXPECT_NE(refusal("transpose_shared", "c / (r - 3)", p).find("division by zero at column 3 (for r = 3, c = 0"),
            std::string::npos);
  EXPECT_NE(refusal("transpose_shared", "c + lane", p).find("'lane' at column 5: unknown name; the variables are 'r', "
                                                            "'c' and 'T'"),
            std::string::npos);
  EXPECT_NE(refusal("transpose_shared", "r * 100000 + c", p).find("more than the 49152 bytes"), std::string::npos);
  wk::KernelParams s = wk::find_kernel("smem_stride")->defaults;
  s.bytes = 8;
  EXPECT_NE(refusal("smem_stride", "4 * lane", s).find("--pattern: lane 1 reads byte 4, not a multiple of --bytes 8"),
            std::string::npos);
  EXPECT_NE(refusal("smem_stride", "4 * (lane - 1)", s).find("lane 0 reads byte -4"), std::string::npos);
  EXPECT_NE(refusal("smem_stride", "r", s).find("--pattern: 'r' at column 1"), std::string::npos);
  EXPECT_NE(refusal("matmul_tiled", "c", p).find("--kernel"), std::string::npos);
  wk::KernelParams bad_tile = p;
  bad_tile.tile = 24;
  EXPECT_NE(refusal("transpose_shared", "c", bad_tile).find("--tile"), std::string::npos);
}

// Only the parsed tree reaches the compiler: the typed text itself never appears.
TEST(Variant, SourceHoldsTheParsedExpressionNotTheTypedText) {
  const auto v = make("transpose_shared", "(c+r)%T  ", transpose_params(64, 64, 32, 8));
  ASSERT_TRUE(v);
  const std::string src = wk::variant_source(*v);
  EXPECT_EQ(src.find("(c+r)%T"), std::string::npos);
  EXPECT_NE(src.find(v->c_expression()), std::string::npos);
  EXPECT_NE(src.find("transpose_layout<32, 8, float>(in, out, InsideSize{p.cols}, InsideSize{p.rows}, StudentLayout{})"),
            std::string::npos);
  EXPECT_TRUE(wk::variant_headers().count("ws/kernels/transpose.hpp"));
  EXPECT_TRUE(wk::variant_headers().count("ws/kernels/tile_bounds.hpp"));
  EXPECT_NE(wk::variant_headers().at("ws/kernels/transpose.hpp").find("WS_BODY void transpose_layout"),
            std::string::npos);
}

// CI has NVRTC but no GPU: the generated source compiles for sm_90 and its
// PTX's accesses (space, op, width) are the ones the tracer records.
TEST(Variant, NvrtcPtxWidthsEqualTheTracedWidths) {
  if (!wk::built_with_cuda()) GTEST_SKIP() << "built without the CUDA toolkit: no NVRTC";
  const wk::KernelParams t = transpose_params(256, 256, 32, 8);
  wk::KernelParams s = wk::find_kernel("smem_stride")->defaults;
  std::vector<std::shared_ptr<const wk::KernelVariant>> variants = {
      make("transpose_shared", "(c + 2*r) % T", t), make("transpose_shared", "c ^ (r >> 1)", t),
      make("transpose_shared", "r*(T+1) + c", transpose_params(100, 70, 16, 4)),
      make("smem_stride", "4 * (17 * lane)", s), make("transpose_shared", "c", t, "tma128")};
  for (int bytes : {8, 16}) {
    s.bytes = bytes;
    variants.push_back(make("smem_stride", std::to_string(bytes) + " * (lane ^ (i % 4))", s));
  }
  for (const auto& v : variants) {
    ASSERT_TRUE(v);
    auto compiled = wk::compile_variant(*v, 9, 0);
    ASSERT_TRUE(compiled) << compiled.error().message;
    const auto& c = *compiled;
    EXPECT_EQ(c.arch, "compute_90");
    EXPECT_FALSE(c.access_kinds.empty()) << v->summary();
    EXPECT_EQ(c.access_kinds, wk::traced_access_kinds(v->descriptor(), v->params())) << v->summary();
  }
}

// On a GPU: two conflict-free, two conflicted and one padded layout run, match
// the CPU reference, and their PTX widths equal the tracer's. (Times are
// recorded by scripts/gpu-measure.sh, never asserted here.)
TEST(Variant, FiveTypedVariantsRunAndMatchTheReference) {
  auto info = wk::gpu_info();
  if (const auto* e = std::get_if<wk::GpuError>(&info)) GTEST_SKIP() << e->describe();
  const wk::KernelParams p = transpose_params(1000, 777, 32, 8);
  wk::KernelParams s = wk::find_kernel("smem_stride")->defaults;
  s.repeats = 64;
  const std::vector<std::shared_ptr<const wk::KernelVariant>> variants = {
      make("transpose_shared", "(c + r) % T", p), make("transpose_shared", "c ^ r", p),
      make("transpose_shared", "(c + 2*r) % T", p), make("transpose_shared", "c", p),
      make("transpose_shared", "r*(T+1) + c", p), make("smem_stride", "4 * (17 * lane + (i % 3))", s),
      make("transpose_shared", "c", p, "cute:3,2,3")};
  wk::BenchOptions o;
  o.repeat = 3;
  for (const auto& v : variants) {
    ASSERT_TRUE(v);
    auto ran = wk::run_variant(*v, o);
    ASSERT_TRUE(std::holds_alternative<wk::VariantRun>(ran)) << std::get<wk::VariantRunError>(ran).message;
    const auto& r = std::get<wk::VariantRun>(ran);
    EXPECT_TRUE(r.bench.passed) << v->summary() << ": " << r.bench.check_message;
    EXPECT_TRUE(r.widths_match) << v->summary();
  }
}
