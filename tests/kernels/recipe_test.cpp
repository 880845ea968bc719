// docs/architecture.md's adding-a-kernel recipe: its code blocks are the
// regions of recipe_example.cpp, verbatim (indentation aside), and that code
// builds into a kernel the catalog's machinery takes as the doc says.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "recipe_example.hpp"
#include "ws/kernels/catalog.hpp"

namespace wk = ws::kernels;

namespace {

std::string read_file(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream s(text);
  for (std::string line; std::getline(s, line);) out.push_back(line);
  return out;
}

// The lines without their common indentation, joined.
std::string dedented(const std::vector<std::string>& lines) {
  std::size_t common = std::string::npos;
  for (const std::string& l : lines)
    if (l.find_first_not_of(' ') != std::string::npos) common = std::min(common, l.find_first_not_of(' '));
  std::string out;
  for (const std::string& l : lines) out += (l.size() > common ? l.substr(common) : std::string()) + "\n";
  return out;
}

// The ```cpp blocks of the section that starts with `heading`, in order.
std::vector<std::string> code_blocks(const std::string& markdown, const std::string& heading) {
  std::vector<std::string> blocks, current;
  bool in_section = false, in_block = false;
  for (const std::string& line : lines_of(markdown)) {
    const std::string trimmed = line.substr(std::min(line.size(), line.find_first_not_of(' ')));
    if (line.rfind("#", 0) == 0) in_section = line == heading;
    if (!in_section) continue;
    if (!in_block && trimmed == "```cpp") {
      in_block = true;
      current.clear();
    } else if (in_block && trimmed == "```") {
      in_block = false;
      blocks.push_back(dedented(current));
    } else if (in_block) {
      current.push_back(line);
    }
  }
  return blocks;
}

// The regions "// recipe: NAME" ... "// recipe: end" of the example, in order.
std::vector<std::string> regions(const std::string& source) {
  std::vector<std::string> out, current;
  bool in_region = false;
  for (const std::string& line : lines_of(source)) {
    const std::string trimmed = line.substr(std::min(line.size(), line.find_first_not_of(' ')));
    if (trimmed.rfind("// recipe: ", 0) != 0) {
      if (in_region) current.push_back(line);
    } else if (trimmed == "// recipe: end") {
      in_region = false;
      out.push_back(dedented(current));
    } else {
      in_region = true;
      current.clear();
    }
  }
  return out;
}

const wk::KernelDescriptor& example() {
  static const bool registered = [] {
    std::vector<wk::KernelDescriptor> pushed;
    wk::add_recipe_example(pushed);
    for (wk::KernelDescriptor& k : pushed)
      if (!wk::register_kernel(std::move(k))) return false;
    return pushed.size() == 1;
  }();
  EXPECT_TRUE(registered);
  return *wk::find_kernel("transpose_rotated2");
}

}  // namespace

TEST(Recipe, TheDocQuotesTheCompiledExample) {
  const auto doc = code_blocks(read_file(WS_SOURCE_DIR "/docs/architecture.md"),
                               "### Recipe: a kernel in an existing family (2 files)");
  const auto code = regions(read_file(WS_SOURCE_DIR "/tests/kernels/recipe_example.cpp"));
  ASSERT_EQ(code.size(), 3u) << "body, adapter, descriptor";
  ASSERT_EQ(doc.size(), code.size()) << "one code block per region, in the recipe's section";
  for (std::size_t i = 0; i < code.size(); ++i) EXPECT_EQ(doc[i], code[i]) << "code block " << i + 1;
}

TEST(Recipe, TheExampleIsAKernelWithTheConflictTheDocSays) {
  const wk::KernelDescriptor& k = example();
  const ws::ArchPreset& arch = ws::default_preset();
  wk::KernelParams p = k.defaults;
  p.rows = p.cols = 256;
  ASSERT_FALSE(wk::check_params(k, p, arch)) << *wk::check_params(k, p, arch);
  const wk::KernelReport r = wk::report(k, p, arch, ws::Dim3{0, 0, 0}, 0);
  // "report gives its column read 2.00 wavefronts per instruction"; the row store is conflict-free.
  int checked = 0;
  for (const wk::SiteReport& s : r.sites) {
    if (s.site.space != ws::Space::Shared) continue;
    ASSERT_GT(s.kernel.instructions, 0u);
    const double per_instruction = double(s.kernel.wavefronts) / double(s.kernel.instructions);
    EXPECT_DOUBLE_EQ(per_instruction, s.site.name == "tile_load" ? 2.0 : 1.0) << s.site.name;
    ++checked;
  }
  EXPECT_EQ(checked, 2);
  // Among the transposes' tile layouts (the window's buttons), beside which a student's layout stands.
  const auto layouts = wk::layout_variants(*wk::find_kernel("transpose_shared"));
  EXPECT_NE(std::find(layouts.begin(), layouts.end(), &k), layouts.end());
  EXPECT_EQ(k.variants.accepts, wk::VariantKind::TileLayout);
  // Every tile shape the window offers traces (the 25 compiled variants).
  for (int tile = 2; tile <= 64; tile *= 2)
    for (int rows = 1; rows <= tile && tile * rows <= 1024; rows *= 2) {
      p.tile = tile;
      p.block_rows = rows;
      EXPECT_FALSE(wk::check_params(k, p, arch)) << tile << " x " << rows;
    }
}
