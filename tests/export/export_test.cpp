// Export for slides: every SVG is well-formed XML (parsed by libxml2) holding
// one <g class="lane"> per active lane; every CSV has the documented header and
// one row per lane word, with the simulator's banks, words and sectors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#if WS_HAVE_LIBXML2
#include <libxml/parser.h>
#include <libxml/tree.h>
#endif

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <stb_image.h>

#include "cli/run_command.hpp"
#include "export/figure_export.hpp"
#include "gui/global_memory_panel.hpp"
#include "gui/lesson_panel.hpp"
#include "gui/telling_instruction.hpp"
#include "lessons/lesson_library.hpp"

namespace ws::exporting {
namespace {

namespace fs = std::filesystem;

lessons::PreparedState prepared(const std::string& kernel, const std::string& site, Dim3 block = {0, 0, 0},
                                std::string arch = "sm90", int rows = 256, int cols = 256) {
  lessons::StepState s;
  s.kernel = kernel;
  s.params = kernels::find_kernel(kernel)->defaults;
  if (kernels::find_kernel(kernel)->reads(&kernels::KernelParams::cols)) {
    s.params.rows = rows;
    s.params.cols = cols;
  }
  s.site = site;
  s.block = block;
  s.arch = std::move(arch);
  auto p = lessons::prepare(s);
  EXPECT_TRUE(p) << p.error().message;
  return std::move(*p);
}

// Lane groups by data-lane; fails the test when the document is not XML.
std::vector<int> lanes_in_svg(const std::string& svg) {
  std::vector<int> lanes;
#if WS_HAVE_LIBXML2
  xmlDocPtr doc = xmlReadMemory(svg.data(), static_cast<int>(svg.size()), "figure.svg", nullptr, XML_PARSE_NONET);
  EXPECT_NE(doc, nullptr) << "not well-formed XML";
  if (!doc) return lanes;
  const xmlNode* root = xmlDocGetRootElement(doc);
  EXPECT_STREQ(reinterpret_cast<const char*>(root->name), "svg");
  for (const xmlNode* n = root->children; n; n = n->next) {
    if (n->type != XML_ELEMENT_NODE || std::string(reinterpret_cast<const char*>(n->name)) != "g") continue;
    xmlChar* cls = xmlGetProp(n, BAD_CAST "class");
    xmlChar* lane = xmlGetProp(n, BAD_CAST "data-lane");
    if (cls && std::string(reinterpret_cast<char*>(cls)) == "lane" && lane)
      lanes.push_back(std::stoi(reinterpret_cast<char*>(lane)));
    xmlFree(cls);
    xmlFree(lane);
  }
  xmlFreeDoc(doc);
#else
  GTEST_SKIP() << "libxml2 not found: the SVG is not parsed";
#endif
  return lanes;
}

std::vector<int> active_lanes(const Figure& f) {
  std::vector<int> v;
  for (int l = 0; l < f.state->arch->warp_lanes; ++l)
    if (f.access.active(l)) v.push_back(l);
  return v;
}

std::vector<std::string> lines_of(const std::string& csv) {
  std::vector<std::string> out;
  std::istringstream in(csv);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

TEST(Export, SvgHoldsOneLaneGroupPerActiveLane) {
  // The corner block of the non-square transpose has inactive lanes: they must not appear.
  const auto corner = prepared("transpose_nonsquare_int", "tile_store", Dim3{3, 34, 0}, "sm90", 1111, 113);
  auto f = figure_of(corner, FigureView::BankMap);
  ASSERT_TRUE(f) << f.error().message;
  const auto active = active_lanes(*f);
  ASSERT_LT(active.size(), 32u);
  EXPECT_EQ(lanes_in_svg(bank_map_svg(*f)), active);
  EXPECT_EQ(lanes_in_svg(shared_array_svg(*f)), active);
  const auto global = prepared("transpose_nonsquare_int", "in_load", Dim3{3, 34, 0}, "sm90", 1111, 113);
  auto g = figure_of(global, FigureView::SectorMap);
  ASSERT_TRUE(g) << g.error().message;
  EXPECT_EQ(lanes_in_svg(sector_map_svg(*g)), active_lanes(*g));
  // Broadcast: lanes folded under one word still each have their group.
  const auto bcast = prepared("smem_broadcast", "buf_load");
  auto b = figure_of(bcast, FigureView::BankMap);
  ASSERT_TRUE(b);
  EXPECT_EQ(lanes_in_svg(bank_map_svg(*b)).size(), 32u);
}

#if WS_HAVE_LIBXML2
// Every <text> of a slide with its class, font size and content, in document order.
struct SvgText {
  std::string cls, content;
  double size = 0;
};
struct SvgSlide {
  double width = 0, height = 0, view_w = 0, view_h = 0;
  std::vector<SvgText> texts;
  bool has_legend = false;
  std::vector<std::string> with_class(const std::string& cls) const {
    std::vector<std::string> out;
    for (const SvgText& t : texts)
      if (t.cls == cls) out.push_back(t.content);
    return out;
  }
  bool says(const std::string& s) const {
    for (const SvgText& t : texts)
      if (t.content.find(s) != std::string::npos) return true;
    return false;
  }
};

std::string prop(const xmlNode* n, const char* name) {
  xmlChar* v = xmlGetProp(n, BAD_CAST name);
  std::string s = v ? reinterpret_cast<char*>(v) : "";
  xmlFree(v);
  return s;
}

void collect(const xmlNode* n, SvgSlide& out) {
  for (; n; n = n->next) {
    if (n->type != XML_ELEMENT_NODE) continue;
    const std::string name = reinterpret_cast<const char*>(n->name);
    if (name == "text") {
      xmlChar* c = xmlNodeGetContent(n);
      out.texts.push_back({prop(n, "class"), reinterpret_cast<char*>(c), std::stod(prop(n, "font-size"))});
      xmlFree(c);
    }
    if (name == "g" && prop(n, "class") == "legend") out.has_legend = true;
    collect(n->children, out);
  }
}

SvgSlide parse_slide(const std::string& svg) {
  SvgSlide s;
  xmlDocPtr doc = xmlReadMemory(svg.data(), static_cast<int>(svg.size()), "figure.svg", nullptr, XML_PARSE_NONET);
  EXPECT_NE(doc, nullptr) << "not well-formed XML";
  if (!doc) return s;
  const xmlNode* root = xmlDocGetRootElement(doc);
  s.width = std::stod(prop(root, "width"));
  s.height = std::stod(prop(root, "height"));
  std::istringstream box(prop(root, "viewBox"));
  double x = 0, y = 0;
  box >> x >> y >> s.view_w >> s.view_h;
  collect(root->children, s);
  xmlFreeDoc(doc);
  return s;
}

// What every slide has: 16:9 at 1280 wide, nothing under 16 px, a short title, a legend.
void expect_slide_rules(const SvgSlide& s) {
  EXPECT_EQ(s.width, 1280);
  EXPECT_NEAR(s.view_w / s.view_h, 16.0 / 9.0, 1e-6);
  EXPECT_NEAR(s.width / s.height, 16.0 / 9.0, 1e-6);
  ASSERT_FALSE(s.texts.empty());
  for (const SvgText& t : s.texts) EXPECT_GE(t.size, 16.0) << "'" << t.content << "' is " << t.size << " px";
  const auto titles = s.with_class("title");
  ASSERT_EQ(titles.size(), 1u);
  EXPECT_LE(titles[0].size(), 60u) << titles[0];
  EXPECT_TRUE(s.has_legend);
}

TEST(ExportSlide, BankMapHasAxesLegendAndReadableText) {
  const auto s = prepared("transpose_shared", "tile_load");
  auto f = figure_of(s, FigureView::BankMap);
  ASSERT_TRUE(f) << f.error().message;
  const SvgSlide slide = parse_slide(bank_map_svg(*f));
  expect_slide_rules(slide);
  EXPECT_EQ(slide.with_class("axis"), (std::vector<std::string>{"bank", "wavefront"}));
  EXPECT_TRUE(slide.says(gui::conflict_headline(f->shared)));
  EXPECT_TRUE(slide.says(fmt::format("W{}", f->shared.wavefronts - 2))) << "wavefront rows are labelled";
}

TEST(ExportSlide, AConcealedCostStaysOffTheSlide) {
  const auto s = prepared("transpose_shared", "tile_load");
  auto f = figure_of(s, FigureView::BankMap);
  ASSERT_TRUE(f);
  lessons::Concealment hide;
  hide.hide("", lessons::Quantity::SharedCost);
  const std::string svg = bank_map_svg(*f, hide);
  const SvgSlide slide = parse_slide(svg);
  expect_slide_rules(slide);
  EXPECT_FALSE(slide.says(fmt::format("{} wavefronts", f->shared.wavefronts)));
  EXPECT_FALSE(slide.says("W1")) << "the row count is the answer";
  EXPECT_TRUE(slide.says("? wavefronts"));
  EXPECT_EQ(lanes_in_svg(svg).size(), 32u) << "the access itself stays";
  const auto g = prepared("transpose_naive", "out_store");
  auto sf = figure_of(g, FigureView::SectorMap);
  ASSERT_TRUE(sf);
  lessons::Concealment hide_global;
  hide_global.hide("", lessons::Quantity::GlobalCost);
  const SvgSlide sectors = parse_slide(sector_map_svg(*sf, hide_global));
  EXPECT_FALSE(sectors.says(fmt::format("{} sectors", sf->global.sectors)));
  EXPECT_FALSE(sectors.says("sector 0"));
}

TEST(ExportSlide, TwoAccessesStandOneAboveTheOtherAtOneScale) {
  const auto plain = prepared("transpose_shared", "tile_load");
  const auto padded = prepared("transpose_padded", "tile_load");
  auto a = figure_of(padded, FigureView::BankMap);
  auto b = figure_of(plain, FigureView::BankMap);
  ASSERT_TRUE(a && b);
  lessons::Concealment hide;
  hide.hide("plain", lessons::Quantity::SharedCost);  // the beside configuration's cost only
  const std::string svg = bank_maps_svg(*a, *b, "plain", hide);
  const SvgSlide slide = parse_slide(svg);
  expect_slide_rules(slide);
  const auto captions = slide.with_class("caption");
  ASSERT_EQ(captions.size(), 2u);
  EXPECT_EQ(captions[0].rfind("tile[32][33]: Conflict-free", 0), 0u) << captions[0];
  EXPECT_EQ(captions[1], "tile[32][32]: LDS (4-byte load), 32 lanes: ? wavefronts") << "concealed under its name";
  EXPECT_EQ(lanes_in_svg(svg).size(), 64u) << "every lane of both accesses";
}

// "out[5][0..31]": the array, a row and a column range, or a range across rows.
struct ElementRange {
  std::string array;
  long r0 = 0, c0 = 0, r1 = 0, c1 = 0;
};
std::optional<ElementRange> parse_range(const std::string& s) {
  ElementRange e;
  const auto bracket = s.find('[');
  if (bracket == std::string::npos) return std::nullopt;
  e.array = s.substr(0, bracket);
  const char* p = s.c_str() + bracket;
  int used = 0;
  if (std::sscanf(p, "[%ld][%ld]..[%ld][%ld]%n", &e.r0, &e.c0, &e.r1, &e.c1, &used) == 4 && p[used] == 0) return e;
  if (std::sscanf(p, "[%ld][%ld..%ld]%n", &e.r0, &e.c0, &e.c1, &used) == 3 && p[used] == 0) {
    e.r1 = e.r0;
    return e;
  }
  return std::nullopt;
}

TEST(ExportSlide, SectorRowsNameTheElementsTheLanesWrite) {
  const auto s = prepared("transpose_naive", "out_store", Dim3{1, 2, 0});
  auto f = figure_of(s, FigureView::SectorMap);
  ASSERT_TRUE(f) << f.error().message;
  const SvgSlide slide = parse_slide(sector_map_svg(*f));
  expect_slide_rules(slide);
  EXPECT_EQ(slide.with_class("axis").front(), "sector");
  const auto rows = slide.with_class("row-label");
  ASSERT_EQ(static_cast<int>(rows.size()) * 2, f->global.sectors) << "32 lines in 16 px rows: every other one labelled";
  const TracedInstruction& ti = s.trace.instructions[s.instruction];
  const ArrayInfo& out = s.trace.arrays[s.trace.sites[ti.site].array];
  // Every labelled row names `out` and the row of the element a lane writes there.
  std::set<long> labelled_rows;
  for (const std::string& label : rows) {
    const auto range = parse_range(label);
    ASSERT_TRUE(range) << label;
    EXPECT_EQ(range->array, out.name);
    EXPECT_EQ(range->r0, range->r1) << label << ": a 128-byte line of a 64-wide float row";
    labelled_rows.insert(range->r0);
  }
  int found = 0;
  for (int l = 0; l < 32; ++l) {
    const std::uint64_t element = (f->access.address[l] - out.base) / out.elem_bytes;
    found += labelled_rows.count(static_cast<long>(element / out.pitch));
  }
  EXPECT_EQ(found, 16) << "the lanes of the labelled rows";
  EXPECT_FALSE(slide.says("0x")) << "no hex address where an element can be named";
}
#endif

TEST(Export, SharedCsvHasTheDocumentedColumnsAndTheSimulatorsBanks) {
  const auto s = prepared("transpose_fast", "tile_load");  // 16-byte lanes: four words each
  auto f = figure_of(s, FigureView::BankMap);
  ASSERT_TRUE(f) << f.error().message;
  const auto rows = lines_of(shared_csv(*f));
  ASSERT_FALSE(rows.empty());
  EXPECT_EQ(rows[0], kSharedCsvHeader);
  int words = 0;
  for (int l = 0; l < 32; ++l) words += f->shared.lanes[l].active ? f->shared.lanes[l].num_words : 0;
  EXPECT_EQ(static_cast<int>(rows.size()) - 1, words);
  // Row 1 is lane 0's first word: its bank and wavefront as analysed.
  std::istringstream first(rows[1]);
  std::vector<std::string> cell;
  for (std::string c; std::getline(first, c, ',');) cell.push_back(c);
  ASSERT_EQ(cell.size(), 10u);
  EXPECT_EQ(cell[4], std::to_string(f->shared.lanes[0].bank[0]));
  EXPECT_EQ(cell[6], std::to_string(f->shared.lanes[0].wavefront[0]));
}

TEST(Export, GlobalCsvHasOneRowPerActiveLaneAndItsSectors) {
  const auto s = prepared("transpose_naive", "out_store");
  auto f = figure_of(s, FigureView::SectorMap);
  ASSERT_TRUE(f);
  const auto rows = lines_of(global_csv(*f));
  EXPECT_EQ(rows[0], kGlobalCsvHeader);
  EXPECT_EQ(rows.size(), active_lanes(*f).size() + 1);
  // Columns 5 and 6 (first_sector, last_sector): together the sectors the request pays for.
  std::set<std::string> sectors;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    std::istringstream row(rows[i]);
    std::vector<std::string> cell;
    for (std::string c; std::getline(row, c, ',');) cell.push_back(c);
    ASSERT_EQ(cell.size(), 8u);
    sectors.insert(cell[5]);
    sectors.insert(cell[6]);
  }
  EXPECT_EQ(static_cast<int>(sectors.size()), f->global.sectors);
}

TEST(Export, TheViewMustFitTheInstruction) {
  const auto s = prepared("transpose_shared", "in_load");
  auto f = figure_of(s, FigureView::BankMap);
  ASSERT_FALSE(f);
  EXPECT_NE(f.error().message.find("'in_load' is a global access"), std::string::npos) << f.error().message;
}

// Issue 37: without --site the bank map opened on the warp's first instruction
// and refused it ("site 'in_load' is a global access"). Each view now opens on
// the instruction the window opens on (gui::most_telling_instruction) among
// those it can show: transpose_shared's bank map on the conflicting column read.
TEST(ExportCli, WithoutSiteEachViewOpensOnItsMostTellingInstruction) {
  const fs::path dir = fs::temp_directory_path() / ("ws_export_default_site_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const kernels::KernelDescriptor& k = *kernels::find_kernel("transpose_shared");
  const kernels::KernelParams p = k.defaults;
  const ArchPreset& arch = *find_preset("sm90");
  const WarpTrace trace = kernels::trace_warp(k, p, Dim3{0, 0, 0}, 0, arch.warp_lanes);
  ASSERT_EQ(gui::most_telling_instruction(trace, arch),
            gui::most_telling_instruction(trace, arch, Space::Shared)) << "the window opens on a shared instruction";
  for (const auto& [view, space] : {std::pair{"bank-map", Space::Shared}, std::pair{"shared-array", Space::Shared},
                                    std::pair{"sector-map", Space::Global}}) {
    const int telling = gui::most_telling_instruction(trace, arch, space);
    ASSERT_GE(telling, 0);
    const std::string site = trace.sites[trace.instructions[telling].site].name;
    const std::string by_default = (dir / (std::string(view) + "-default.csv")).string();
    const std::string named = (dir / (std::string(view) + "-named.csv")).string();
    auto r = test::run_warpscope({"export", "--kernel", "transpose_shared", "--view", view, "--format", "csv", "--out",
                                  by_default});
    ASSERT_EQ(r.exit_code, 0) << view << ": " << r.err;
    r = test::run_warpscope({"export", "--kernel", "transpose_shared", "--view", view, "--site", site, "--format", "csv",
                             "--out", named});
    ASSERT_EQ(r.exit_code, 0) << view << ": " << r.err;
    EXPECT_EQ(test::slurp(by_default), test::slurp(named)) << view << " without --site is not site " << site;
  }
  EXPECT_EQ(trace.sites[trace.instructions[gui::most_telling_instruction(trace, arch, Space::Shared)].site].name,
            "tile_load");
  // The issue's own command, and a kernel without any shared access, refused naming why.
  auto r = test::run_warpscope({"export", "--kernel", "transpose_shared", "--view", "bank-map", "--format", "svg",
                                "--out", (dir / "b.svg").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  r = test::run_warpscope({"export", "--kernel", "copy", "--view", "bank-map", "--out", (dir / "c.svg").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("warpscope: --view: copy has no shared access for the bank-map to show"), std::string::npos)
      << r.err;
  fs::remove_all(dir);
}

TEST(ExportCli, WritesSvgAndCsvAndRefusesBadInput) {
  const fs::path dir = fs::temp_directory_path() / ("ws_export_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  auto r = test::run_warpscope({"export", "--kernel", "transpose_shared", "--rows", "256", "--cols", "256", "--site",
                                "tile_load", "--view", "bank-map", "--format", "svg", "--out", (dir / "a.svg").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(lanes_in_svg(test::slurp(dir / "a.svg")).size(), 32u);
  r = test::run_warpscope({"export", "--lesson", "coalescing", "--step", "2", "--view", "sector-map", "--format", "csv",
                           "--out", (dir / "b.csv").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::slurp(dir / "b.csv").rfind(kGlobalCsvHeader, 0), 0u);
  struct Case {
    std::vector<std::string> args;
    std::string names;
  };
  const std::string out = (dir / "never.svg").string();
  for (const Case& c : std::vector<Case>{
           {{"export", "--kernel", "transpose_shared", "--view", "pie", "--out", out}, "--view: 'pie'"},
           {{"export", "--kernel", "transpose_shared", "--format", "gif", "--out", out}, "--format: 'gif'"},
           {{"export", "--kernel", "transpose_shared", "--site", "in_load", "--out", out}, "--view: site 'in_load'"},
           {{"export", "--kernel", "transpose_shared", "--site", "nowhere", "--out", out}, "--site: 'nowhere'"},
           {{"export", "--kernel", "transpose_shared", "--block", "9999,0", "--out", out}, "--block: (9999, 0) is outside"},
           {{"export", "--kernel", "nope", "--out", out}, "--kernel: unknown kernel"},
           {{"export", "--lesson", "nope", "--out", out}, "--lesson: unknown lesson"},
           {{"export", "--kernel", "copy", "--out", (dir / "no" / "x.svg").string()}, "--out: cannot write"}}) {
    r = test::run_warpscope(c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args[2];
    EXPECT_NE(r.err.find(c.names), std::string::npos) << r.err;
  }
  EXPECT_FALSE(fs::exists(out));
  fs::remove_all(dir);
}

// One lesson step's figure hides its question's answer unless --reveal asks for it.
TEST(ExportCli, ALessonQuestionsFigureIsConcealedUntilReveal) {
  const fs::path dir = fs::temp_directory_path() / ("ws_export_reveal_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const lessons::LessonLibrary library = lessons::load_library();
  // The first question step whose answer is a shared cost, whichever lesson that is.
  std::string id;
  int step = 0;
  for (const lessons::Lesson& l : library.lessons)
    for (std::size_t s = 0; id.empty() && s < l.steps.size(); ++s)
      if (l.steps[s].question && l.steps[s].state.view == lessons::View::BankMap &&
          lessons::concealment_of(*l.steps[s].question).hides(lessons::Quantity::SharedCost)) {
        id = l.id;
        step = static_cast<int>(s) + 1;
      }
  ASSERT_FALSE(id.empty());
  const std::string before = (dir / "before.svg").string(), after = (dir / "after.svg").string();
  auto r = test::run_warpscope({"export", "--lesson", id, "--step", std::to_string(step), "--view", "bank-map", "--out", before});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = test::run_warpscope(
      {"export", "--lesson", id, "--step", std::to_string(step), "--view", "bank-map", "--reveal", "--out", after});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto prepared_step = lessons::prepare(library.find(id)->steps[step - 1].state);
  ASSERT_TRUE(prepared_step);
  auto f = figure_of(*prepared_step, FigureView::BankMap);
  ASSERT_TRUE(f);
  const std::string headline = gui::conflict_headline(f->shared);
  EXPECT_EQ(test::slurp(before).find(headline), std::string::npos) << id << " step " << step;
  EXPECT_NE(test::slurp(before).find("? wavefronts"), std::string::npos);
  EXPECT_NE(test::slurp(after).find(headline), std::string::npos);
  r = test::run_warpscope({"export", "--kernel", "copy", "--view", "sector-map", "--reveal", "--out", before});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--reveal: needs --lesson"), std::string::npos) << r.err;
  fs::remove_all(dir);
}

// PNG needs no display: with DISPLAY unset the window renders on Mesa's
// surfaceless EGL (llvmpipe on CI, which has no GPU and no X server).
TEST(ExportCli, PngRendersWithoutADisplay) {
  const fs::path dir = fs::temp_directory_path() / ("ws_export_png_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string out = (dir / "column-read.png").string();
  const auto r = test::run_warpscope_with({"export", "--kernel", "transpose_shared", "--rows", "256", "--cols", "256",
                                           "--site", "tile_load", "--view", "bank-map", "--format", "png", "--size",
                                           "960x540", "--out", out},
                                          "", "env -u DISPLAY -u WAYLAND_DISPLAY");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  int w = 0, h = 0, n = 0;
  unsigned char* pixels = stbi_load(out.c_str(), &w, &h, &n, 4);
  ASSERT_NE(pixels, nullptr) << "not a PNG: " << out;
  EXPECT_EQ(w, 960);
  EXPECT_EQ(h, 540);
  // Drawn: the lane chips' colours and the conflict rows' tint, not one background colour.
  std::set<std::uint32_t> colours;
  std::size_t unlike_first = 0;
  const auto* px = reinterpret_cast<const std::uint32_t*>(pixels);
  for (int i = 0; i < w * h; ++i) {
    colours.insert(px[i]);
    unlike_first += px[i] != px[0];
  }
  stbi_image_free(pixels);
  EXPECT_GT(colours.size(), 16u);
  EXPECT_GT(unlike_first, static_cast<std::size_t>(w * h / 10));
  fs::remove_all(dir);
}

// Issue 37: DISPLAY=:99999 (a display no server answers) made `export --format
// png` and `screenshot` exit 1 "cannot open the display". A hidden window needs
// no display: both render off-screen, to the same pixels as with DISPLAY unset.
TEST(ExportCli, AnUnreachableDisplayRendersOffScreenAsWithoutOne) {
  const fs::path dir = fs::temp_directory_path() / ("ws_export_bad_display_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::vector<std::string> export_png = {"export", "--kernel", "copy", "--view", "sector-map", "--format", "png",
                                               "--size", "640x360", "--out"};
  const std::vector<std::string> screenshot = {"screenshot", "--kernel", "copy", "--size", "640x360", "--out"};
  for (const auto& command : {export_png, screenshot}) {
    std::string pixels[2];
    int i = 0;
    for (const char* env : {"env -u DISPLAY -u WAYLAND_DISPLAY", "env -u WAYLAND_DISPLAY DISPLAY=:99999"}) {
      const fs::path out = dir / (command[0] + std::to_string(i) + ".png");
      auto args = command;
      args.push_back(out.string());
      const auto r = test::run_warpscope_with(args, "", env);
      EXPECT_EQ(r.exit_code, 0) << command[0] << " under " << env << ": " << r.err;
      pixels[i++] = test::slurp(out);
    }
    EXPECT_FALSE(pixels[0].empty()) << command[0];
    EXPECT_EQ(pixels[0], pixels[1]) << command[0] << ": the unreachable display's PNG differs from the off-screen one";
  }
  fs::remove_all(dir);
}

// A deck of picked steps with a title slide and a recap: the title and each
// recap press as PNG and SVG, only the picked steps, and a handout of the
// questions alone (a step without a question adds nothing to it).
TEST(ExportCli, DeckOfPickedStepsWritesItsTitleAndRecap) {
  const fs::path dir = fs::temp_directory_path() / ("ws_export_picked_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  {
    std::ofstream deck(dir / "picked.json");
    deck << R"({"title": "Picked", "subtitle": "two steps", "title_slide": true, "recap": true,
                "lessons": [{"lesson": "toy", "steps": [2, 3]}]})";
  }
  const fs::path out = dir / "slides";
  const auto r = test::run_warpscope_with({"export", "--deck", (dir / "picked.json").string(), "--out", out.string()}, "",
                                          "env -u DISPLAY -u WAYLAND_DISPLAY");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const lessons::LessonLibrary library = lessons::load_library();
  const lessons::Lesson& toy = *library.find("toy");
  ASSERT_TRUE(toy.remember.has_value());
  ASSERT_FALSE(toy.steps[1].question.has_value()) << "step 2 must be a step without a question for this test";
  ASSERT_TRUE(toy.steps[2].question.has_value()) << "step 3 must ask";
  std::set<std::string> expected = {"handout.html", "teacher.html"}, written;
  for (const char* ext : {".png", ".svg"}) {
    expected.insert(std::string("00-title") + ext);
    expected.insert(std::string("01-toy-s02-question") + ext);
    expected.insert(std::string("01-toy-s03-question") + ext);
    expected.insert(std::string("01-toy-s03-reveal") + ext);
    expected.insert(std::string("02-recap-01") + ext);
  }
  for (const auto& e : fs::directory_iterator(out)) written.insert(e.path().filename().string());
  EXPECT_EQ(written, expected);
  EXPECT_NE(test::slurp(out / "00-title.svg").find(">Picked</text>"), std::string::npos);
  EXPECT_NE(test::slurp(out / "02-recap-01.svg").find("Recap"), std::string::npos);
  const std::string handout = test::slurp(out / "handout.html");
  EXPECT_EQ(handout.find("01-toy-s02"), std::string::npos) << "a step without a question is not on the handout";
  EXPECT_NE(handout.find("01-toy-s03-question.png"), std::string::npos);
  EXPECT_NE(test::slurp(out / "teacher.html").find("02-recap-01.png"), std::string::npos);
  fs::remove_all(dir);
}

// Issue 37: the names export --deck writes inside --out are predictable; a
// link planted at one sent the slide or the handout into the link's target.
// Each is refused in one line, and nothing lands outside the folder.
TEST(ExportCli, DeckExportWritesNothingThroughALinkPlantedAtItsNames) {
  const fs::path dir = fs::temp_directory_path() / ("ws_export_links_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "outside");
  {
    std::ofstream deck(dir / "one.json");  // one step without a question: two slide files and the two pages
    deck << R"({"title": "One", "lessons": [{"lesson": "toy", "steps": [2]}]})";
  }
  for (const char* name : {"01-toy-s02-question.png", "01-toy-s02-question.svg", "handout.html", "teacher.html"}) {
    const fs::path out = dir / "slides";
    fs::remove_all(out);
    fs::create_directories(out);
    fs::create_symlink(dir / "outside" / name, out / name);
    const auto r = test::run_warpscope_with({"export", "--deck", (dir / "one.json").string(), "--out", out.string()},
                                            "", "env -u DISPLAY -u WAYLAND_DISPLAY");
    EXPECT_NE(r.exit_code, 0) << name;
    EXPECT_NE(r.err.find(std::string(name) + ": is a symbolic link: not followed"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(fs::is_empty(dir / "outside")) << name << " was written through the link";
  }
  fs::remove_all(dir);
}

// A deck into a folder: a PNG and an SVG per step state, the handout without
// any answer, the teacher's page with every one (rendered with no display).
TEST(ExportCli, DeckWritesEveryStepStateAndAHandoutWithoutAnswers) {
  const fs::path dir = fs::temp_directory_path() / ("ws_export_deck_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string lesson_id = "toy";  // the smallest kernels: the test stays in seconds
  {
    std::ofstream deck(dir / "small.json");
    deck << R"({"title": "A small deck", "lessons": [")" << lesson_id << R"("]})";
  }
  const fs::path out = dir / "slides";
  const auto r = test::run_warpscope_with({"export", "--deck", (dir / "small.json").string(), "--out", out.string()}, "",
                                          "env -u DISPLAY -u WAYLAND_DISPLAY");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const lessons::LessonLibrary library = lessons::load_library();
  const lessons::Lesson* lesson = library.find(lesson_id);
  ASSERT_NE(lesson, nullptr);
  std::set<std::string> expected = {"handout.html", "teacher.html"}, written;
  std::vector<std::string> answers;
  for (std::size_t s = 0; s < lesson->steps.size(); ++s) {
    const std::string stem = fmt::format("01-{}-s{:02}", lesson_id, s + 1);
    for (const char* ext : {".png", ".svg"}) {
      expected.insert(stem + "-question" + ext);
      if (lesson->steps[s].question) expected.insert(stem + "-reveal" + ext);
    }
    if (lesson->steps[s].question) {
      auto resolved = lessons::resolve_step(lesson->steps[s]);
      ASSERT_TRUE(resolved) << resolved.error().message;
      answers.push_back(gui::answer_line(*resolved->question));
    }
  }
  ASSERT_FALSE(answers.empty()) << "the lesson must ask something for this test to mean anything";
  for (const auto& e : fs::directory_iterator(out)) written.insert(e.path().filename().string());
  EXPECT_EQ(written, expected);
  const std::string handout = test::slurp(out / "handout.html"), teacher = test::slurp(out / "teacher.html");
  for (const std::string& a : answers) {
    EXPECT_EQ(handout.find(a), std::string::npos) << "the handout gives away '" << a << "'";
    EXPECT_NE(teacher.find(a), std::string::npos) << "the teacher's page lacks '" << a << "'";
  }
  EXPECT_EQ(handout.find("-reveal."), std::string::npos) << "no reveal figure in the handout";
  EXPECT_NE(teacher.find("-reveal.png"), std::string::npos);
  // Every image a page shows is a file beside it, by relative path.
  for (const std::string* page : {&handout, &teacher})
    for (std::size_t at = page->find("src=\""); at != std::string::npos; at = page->find("src=\"", at + 1)) {
      const std::string src = page->substr(at + 5, page->find('"', at + 5) - at - 5);
      EXPECT_TRUE(fs::exists(out / src)) << src;
    }
  // A question state's SVG keeps a concealed cost off the slide.
  int concealed = 0;
  for (std::size_t s = 0; s < lesson->steps.size(); ++s)
    if (const auto& q = lesson->steps[s].question; q && (lessons::concealment_of(*q).hides(lessons::Quantity::SharedCost) ||
                                                         lessons::concealment_of(*q).hides(lessons::Quantity::GlobalCost))) {
      ++concealed;
      const std::string svg = test::slurp(out / fmt::format("01-{}-s{:02}-question.svg", lesson_id, s + 1));
      EXPECT_NE(svg.find("? "), std::string::npos) << "step " << s + 1;
    }
  EXPECT_GT(concealed, 0) << "a lesson whose questions hide a figure's cost";
  const auto bad = test::run_warpscope({"export", "--deck", "no-such-deck", "--out", out.string()});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--deck: "), std::string::npos) << bad.err;
  fs::remove_all(dir);
}

// Used bytes are distinct bytes: a broadcast is named and never above 100%.
TEST(GlobalHeadline, UsedNeverExceedsMovedAndABroadcastIsNamed) {
  WarpAccess a;
  a.space = Space::Global;
  a.bytes = 4;
  a.address.fill(4096);  // every lane reads one word
  const GlobalResult g = analyze_global(a, 32);
  EXPECT_EQ(gui::distinct_bytes(a, 32), 4u);
  const std::string h = gui::global_headline(a, g, 32);
  EXPECT_NE(h.find("4 B used of 32 B moved (12.5%)"), std::string::npos) << h;
  EXPECT_NE(h.find("broadcast"), std::string::npos) << h;
  // matmul_naive's loads share bytes between the warp's two rows: still <= 100%.
  for (const char* site : {"a_load", "b_load"}) {
    const auto s = prepared("matmul_naive", site);
    auto f = figure_of(s, FigureView::SectorMap);
    ASSERT_TRUE(f);
    EXPECT_LE(gui::distinct_bytes(f->access, 32), f->global.bytes_moved) << site;
    EXPECT_GT(f->global.bytes_requested, gui::distinct_bytes(f->access, 32)) << site;  // the old >100% case
  }
}

// `report --csv`: the documented header, two rows per site (warp, kernel), the
// same counters as `report --json`.
TEST(ExportCli, ReportCsvMatchesReportJson) {
  const std::vector<std::string> base = {"report", "--kernel", "transpose_shared", "--rows", "256", "--cols", "256"};
  auto args = base;
  args.push_back("--csv");
  const auto csv = test::run_warpscope(args);
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  args.back() = "--json";
  const auto json = test::run_warpscope(args);
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto rows = lines_of(csv.out);
  ASSERT_FALSE(rows.empty());
  EXPECT_EQ(rows[0], "site,line,column,space,op,bytes,scope,instructions,wavefronts,ideal_wavefronts,bank_conflicts,"
                     "requests,sectors,bytes_requested,bytes_moved");
  const auto j = nlohmann::json::parse(json.out);
  ASSERT_EQ(rows.size(), 1 + 2 * j["sites"].size());
  for (std::size_t i = 0; i < j["sites"].size(); ++i) {
    const auto& site = j["sites"][i];
    const std::string kernel_row = rows[2 + 2 * i];
    EXPECT_EQ(kernel_row.rfind(site["name"].get<std::string>() + ",", 0), 0u) << kernel_row;
    EXPECT_NE(kernel_row.find(fmt::format(",kernel,{},{},", site["instructions"].get<long long>(),
                                          site["wavefronts"].get<long long>())),
              std::string::npos)
        << kernel_row;
  }
  args.push_back("--csv");
  EXPECT_EQ(test::run_warpscope(args).exit_code, 2);  // --csv with --json
}

}  // namespace
}  // namespace ws::exporting
