// A kernel that exists only in this file — body, launch adapter, descriptor —
// registered with register_kernel(), then looked for everywhere a catalog
// kernel shows up: the catalog and its layout family, the command line
// (`report`, the unknown-kernel message, the flags' help, `variant`), the
// window's kernel list, a student's variant standing beside it, the report's
// counts and the whole-kernel equivalence classes. If adding a kernel needed a
// line anywhere but its descriptor, one of these would miss it.
//
// Two kernels: a transpose through a tile padded by two columns (a 2-way
// column read, a tile layout like the catalog's), and NVIDIA's diagonal
// block reordering of the padded transpose, whose addresses are not affine in
// the block index (BlockMapping::Any: the report simulates every block; a
// descriptor claiming Affine is refused).
#include <gtest/gtest.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "cli/command.hpp"
#include "cli/kernel_options.hpp"
#include "cli/report_command.hpp"
#include "cli/variant_command.hpp"
#include "equivalence_check.hpp"
#include "families/tiled_transpose.hpp"  // kernels/src: tiled(), square(); TileShapes, host_run, variant_name
#include "ws/kernels/variant.hpp"
#if WS_TEST_HAS_GUI
#include <filesystem>
#include <fstream>

#include "gui/app_state.hpp"
#include "gui/code_panel.hpp"
#endif

namespace ws::kernels::throwaway {

// ---- The body, as a family header would hold it ------------------------------

// A transpose through a tile padded by two columns: bank of (r, c) is
// (2r + c) % 32, so a column read puts two lanes in each even bank, 2-way (S4).
// The block works on its own tile (bx, by), or in NVIDIA's diagonal order on
// tile ((bx + by) % gx, bx), which no affine map of the block index gives.
template <int TILE, int BLOCK_ROWS, bool DIAGONAL>
WS_BODY void throwaway_transpose(In<float> in, Out<float> out, int width, int height) {
  WS_SHARED(float, tile, [TILE][TILE + 2]);
  const int bx = DIAGONAL ? (blockIdx.x + blockIdx.y) % gridDim.x : blockIdx.x;
  const int by = DIAGONAL ? blockIdx.x : blockIdx.y;
  const int col = bx * TILE + threadIdx.x;
  for (int r = threadIdx.y; r < TILE; r += BLOCK_ROWS)
    if (col < width && by * TILE + r < height) tile[r][threadIdx.x] = in[(by * TILE + r) * width + col];
  __syncthreads();
  const int out_col = by * TILE + threadIdx.x;
  for (int r = threadIdx.y; r < TILE; r += BLOCK_ROWS)
    if (out_col < height && bx * TILE + r < width)
      out[(bx * TILE + r) * height + out_col] = tile[threadIdx.x][r];
}

// ---- Launch adapter and descriptors, as a family file holds them -------------

// The global arrays in the body's argument order, one statement each.
template <class Mem>
std::pair<In<float>, Out<float>> transpose_arrays(Mem& m, const KernelParams& p) {
  const auto in = input<float>(m, "in", p.rows, p.cols);
  const auto out = output<float>(m, "out", p.cols, p.rows);
  return {in, out};
}

template <bool DIAGONAL>
struct ThrowawayTranspose {
  template <int TILE, int BLOCK_ROWS>
  struct Adapter {
    template <class Mem>
    static WS_BODY void run(Mem& m, const KernelParams& p) {
      const auto arrays = transpose_arrays(m, p);
      throwaway_transpose<TILE, BLOCK_ROWS, DIAGONAL>(arrays.first, arrays.second, p.cols, p.rows);
    }
  };
};

// Host trace only: a kernel defined in a test has no nvcc-compiled entry.
template <bool DIAGONAL>
KernelCode host_code() {
  using Set = TileShapes<ThrowawayTranspose<DIAGONAL>::template Adapter>;
  return {&host_run<Set>, nullptr, &variant_name<Set>};
}

std::optional<std::string> square_matrix(const KernelParams& p, const ArchPreset& arch) {
  if (p.rows != p.cols)
    return text("--cols: the diagonal order needs a square matrix, not ", p.rows, " x ", p.cols);
  return check_tiled(p, arch);
}

constexpr std::string_view kPadded = "throwaway_padded_by_two";
constexpr std::string_view kDiagonal = "throwaway_diagonal";
constexpr std::string_view kTileMeaning = "tile edge T of a [T][T+2] tile";
constexpr const char* kThisFile = "tests/kernels/throwaway_kernel_test.cpp";

// A tile layout of the transpose family, through the family's own tiled().
KernelDescriptor padded_descriptor() {
  KernelDescriptor k =
      tiled(kPadded, "Transpose, tile padded by two [T][T+2]",
            "Two extra columns: the column read is {at.tile_load.wavefronts} wavefronts.", host_code<false>(),
            square(1024), {.layout = "padded by two [T][T+2]", .baseline = "transpose_shared"});
  k.source_path = kThisFile;
  for (ParamRule& r : k.params)
    if (r.field == &KernelParams::tile) r.meaning = kTileMeaning;
  return k;
}

// A family of its own, with the block mapping given.
KernelDescriptor diagonal_descriptor(BlockMapping mapping) {
  KernelDescriptor k = tiled(kDiagonal, "Transpose in diagonal block order",
                             "NVIDIA's diagonal order of blocks.", host_code<true>(), square(256), {});
  k.family = "throwaway";
  k.source_path = kThisFile;
  k.check = &square_matrix;
  k.block_mapping = mapping;
  return k;
}

// Registered once per process, before a test holds a pointer into the catalog.
void register_both() {
  static const bool registered =
      register_kernel(padded_descriptor()) && register_kernel(diagonal_descriptor(BlockMapping::Any));
  ASSERT_TRUE(registered);
}

}  // namespace ws::kernels::throwaway

namespace {

namespace wk = ws::kernels;
namespace tk = ws::kernels::throwaway;

const wk::KernelDescriptor& padded() {
  tk::register_both();
  return *wk::find_kernel(tk::kPadded);
}

// What a command printed on stdout, and its exit code.
template <class Run>
std::pair<int, std::string> captured(Run run) {
  testing::internal::CaptureStdout();
  const int code = run();
  return {code, testing::internal::GetCapturedStdout()};
}

wk::KernelParams small_params() {
  wk::KernelParams p = wk::square(128);
  p.cols = 96;
  return p;
}

TEST(ThrowawayKernel, IsInTheCatalogAndItsLayoutFamily) {
  const wk::KernelDescriptor& k = padded();
  bool listed = false;
  for (const wk::KernelDescriptor& c : wk::catalog()) listed = listed || c.name == tk::kPadded;
  EXPECT_TRUE(listed);
  bool beside_shared = false;
  for (const wk::KernelDescriptor* v : wk::layout_variants(*wk::find_kernel("transpose_shared")))
    beside_shared = beside_shared || v == &k;
  EXPECT_TRUE(beside_shared) << "the window's tile-layout buttons come from layout_variants()";
  EXPECT_FALSE(wk::register_kernel(tk::padded_descriptor())) << "a name already taken is refused";
}

TEST(ThrowawayKernel, TheCommandLineReportsIt) {
  padded();
  ws::cli::ReportOptions o;
  o.kernel.kernel = std::string(tk::kPadded);
  const auto specs = wk::param_specs();
  for (std::size_t i = 0; i < specs.size(); ++i) {
    if (specs[i].field == &wk::KernelParams::rows) o.kernel.values[i] = 128;
    if (specs[i].field == &wk::KernelParams::cols) o.kernel.values[i] = 96;
  }
  o.json = true;
  const auto [code, out] = captured([&] { return ws::cli::run_report(o); });
  ASSERT_EQ(code, ws::cli::kOk) << out;
  const nlohmann::json j = nlohmann::json::parse(out);
  EXPECT_EQ(j.at("kernel"), tk::kPadded);
  bool column_read = false;
  for (const auto& s : j.at("sites"))
    if (s.at("name") == "tile_load") column_read = true;
  EXPECT_TRUE(column_read) << out;

  // The unknown-kernel message lists it, and --tile's help carries its meaning.
  try {
    ws::cli::kernel_named("no_such_kernel");
    ADD_FAILURE() << "an unknown kernel is bad input";
  } catch (const ws::cli::UsageError& e) {
    EXPECT_NE(std::string(e.what()).find(tk::kPadded), std::string::npos) << e.what();
  }
  const std::string tile_help = wk::param_help(wk::param_spec(&wk::KernelParams::tile));
  EXPECT_NE(tile_help.find(std::string(tk::kPadded) + ": " + std::string(tk::kTileMeaning)),
            std::string::npos)
      << tile_help;
}

TEST(ThrowawayKernel, AStudentsLayoutStandsBesideIt) {
  const wk::KernelDescriptor& k = padded();
  EXPECT_TRUE(wk::accepts_layout(k.name));
  EXPECT_NE(wk::variant_bases(wk::VariantKind::TileLayout).find(tk::kPadded), std::string::npos);
  // A layout typed beside transpose_shared is compared with the whole layout family, this kernel too.
  auto made = wk::make_variant({"transpose_shared", "c", small_params(), ""}, ws::default_preset());
  ASSERT_TRUE(made) << made.error().message;
  bool beside = false;
  for (const wk::BesideKernel& b : wk::beside_kernels(**made)) beside = beside || b.kernel == &k;
  EXPECT_TRUE(beside);
  // And typed beside it, through the command line.
  ws::cli::VariantOptions o;
  o.kernel.kernel = std::string(tk::kPadded);
  o.layout = "(c + r) % T";
  o.json = true;
  const auto [code, out] = captured([&] { return ws::cli::run_variant(o); });
  ASSERT_EQ(code, ws::cli::kOk) << out;
  const nlohmann::json j = nlohmann::json::parse(out);
  EXPECT_EQ(j.at("variant").at("base"), tk::kPadded);
  bool listed = false;
  for (const auto& b : j.at("beside")) listed = listed || b.at("kernel") == tk::kPadded;
  EXPECT_TRUE(listed) << j.at("beside").dump();
}

TEST(ThrowawayKernel, TheReportCountsItsConflictAndItsClassesMatchEveryBlock) {
  const wk::KernelDescriptor& k = padded();
  const ws::ArchPreset& arch = ws::default_preset();
  wk::KernelParams p = small_params();
  ASSERT_FALSE(wk::check_params(k, p, arch)) << *wk::check_params(k, p, arch);
  const wk::KernelReport r = wk::report(k, p, arch, ws::Dim3{0, 0, 0}, 0);
  // Rows 2 apart share a bank (pitch 34 words), so a 32-lane column read is 2-way (S4).
  bool found = false;
  for (const wk::SiteReport& s : r.sites)
    if (s.site.name == "tile_load") {
      found = true;
      ASSERT_GT(s.warp.instructions, 0u);
      EXPECT_EQ(s.warp.wavefronts, 2 * s.warp.instructions);
    }
  EXPECT_TRUE(found);
  EXPECT_EQ(r.shared_bytes_per_block, 32 * 34 * 4);

  // Odd sizes: the equivalence classes agree with brute force.
  p.rows = 100;
  p.cols = 37;
  p.tile = 16;
  p.block_rows = 4;
  wk::test::expect_classes_match_every_block(k, p, arch);
  // As equivalence_test.cpp does for every catalog kernel.
  const auto odd = wk::test::odd_sizes(k, arch);
  ASSERT_TRUE(odd);
  wk::test::expect_classes_match_every_block(k, *odd, arch);
}

TEST(ThrowawayKernel, ADiagonalBlockOrderIsSimulatedBlockByBlockAndRefusedAsAffine) {
  tk::register_both();
  const wk::KernelDescriptor& k = *wk::find_kernel(tk::kDiagonal);
  const ws::ArchPreset& arch = ws::default_preset();
  wk::KernelParams p = k.defaults;
  p.rows = p.cols = 96;
  ASSERT_FALSE(wk::check_params(k, p, arch)) << *wk::check_params(k, p, arch);
  const auto whole = wk::simulate_whole_kernel(k, p, arch, wk::BlockSampling::EquivalenceClasses);
  const auto all = wk::simulate_whole_kernel(k, p, arch, wk::BlockSampling::EveryBlock);
  EXPECT_EQ(whole.blocks_simulated, 9u) << "BlockMapping::Any: every block";
  EXPECT_EQ(wk::test::counts_by_site(whole), wk::test::counts_by_site(all));

  // The same body claiming affine addresses is refused, naming the corner block.
  const wk::KernelDescriptor claimed = tk::diagonal_descriptor(wk::BlockMapping::Affine);
  const auto refused = wk::check_params(claimed, p, arch);
  ASSERT_TRUE(refused);
  EXPECT_NE(refused->find("block (2, 2)"), std::string::npos) << *refused;
  EXPECT_NE(refused->find("BlockMapping::Any"), std::string::npos) << *refused;
  // Undeclared, too.
  const auto undeclared = wk::check_params(tk::diagonal_descriptor(wk::BlockMapping::Undeclared), p, arch);
  ASSERT_TRUE(undeclared);
  EXPECT_NE(undeclared->find("block_mapping"), std::string::npos) << *undeclared;
  // And the padded-by-two body, affine indeed, passes the same probe.
  EXPECT_FALSE(wk::check_params(padded(), small_params(), arch));
}

#if WS_TEST_HAS_GUI
TEST(ThrowawayKernel, TheWindowListsAndShowsIt) {
  const wk::KernelDescriptor& k = padded();
  ws::gui::AppState state;
  ASSERT_TRUE(state.select_kernel(k.name));
  EXPECT_EQ(&state.kernel(), &k);
  EXPECT_EQ(state.kernel_index, static_cast<int>(&k - wk::catalog().data()))
      << "the Kernel panel's list is the catalog, in order";
  ASSERT_TRUE(state.ready()) << state.param_error.value_or("not traced");
  // The bank map's instruction: the column read, 2 wavefronts; the code view's line is the body's subscript.
  const std::filesystem::path source = ws::gui::locate_source(k.source_path);
  ASSERT_FALSE(source.empty()) << k.source_path;
  std::ifstream in(source);
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  int column_reads = 0;
  for (int i = 0; i < state.instruction_count(); ++i) {
    state.set_instruction(i);
    ASSERT_TRUE(state.current.valid);
    const ws::SiteInfo& site = state.trace.sites[state.trace.instructions[i].site];
    ASSERT_LE(site.line, static_cast<int>(lines.size()));
    EXPECT_NE(lines[site.line - 1].find(site.name.substr(0, site.name.find('_')) + "["), std::string::npos)
        << site.name << " at line " << site.line;
    if (site.name != "tile_load") continue;
    ++column_reads;
    EXPECT_EQ(state.current.shared.wavefronts, 2);
  }
  EXPECT_GT(column_reads, 0);
}
#endif

}  // namespace
