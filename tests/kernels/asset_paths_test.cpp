// Issue 37: recorded data carried the recording machine's folders (the checkout
// /work/main/..., temporary folders /tmp/..., a home /root/...) into every
// clone. Every text file under assets/ holds paths relative to the repository
// ($TMP, ~ and $CUDA stand for the machine's folders: scripts/strip_paths.py).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

// An absolute path of two or more components: a '/' at the start of a word (so
// "GB/s", "a/b" and a URL's "//" are not paths) followed by a name and another '/'.
const std::regex& absolute_path() {
  static const std::regex re(R"((^|[\s"'(=:,;<>\[{|])(/[A-Za-z0-9_.+@%-]+/[^\s"',;)>\]}|]*))");
  return re;
}

// "file:line: path" for each absolute path in `text`.
std::vector<std::string> absolute_paths_in(const std::string& text, const std::string& name) {
  std::vector<std::string> found;
  std::istringstream lines(text);
  std::string line;
  for (int n = 1; std::getline(lines, line); ++n)
    for (auto it = std::sregex_iterator(line.begin(), line.end(), absolute_path()); it != std::sregex_iterator(); ++it)
      found.push_back(name + ":" + std::to_string(n) + ": " + (*it)[2].str());
  return found;
}

}  // namespace

TEST(AssetPaths, TheDetectorFindsTheRecordedFormsOfAnAbsolutePath) {
  // The forms the recordings held before issue 37, each caught ...
  for (const char* text : {"\"File Path\",\"/work/main/kernels/include/ws/kernels/copy.hpp\"",
                           "\"command\": \"warpscope bench --json /tmp/res/bench-all.json\"",
                           "-o '/tmp/warpscope-ncu-683/transpose_layout' '/work/main/build-carry/warpscope'",
                           "==PROF== Connected to process 943 (/tmp/tmp.rnphVmNnWx/probe)",
                           "--json /root/out/calibrate.json", "/home/me/warpscope/x.txt:12:"})
    EXPECT_FALSE(absolute_paths_in(text, "t").empty()) << text;
  // ... and the stripped forms, ratios and URLs left alone.
  for (const char* text : {"\"File Path\",\"kernels/include/ws/kernels/copy.hpp\"", "--json $TMP/res/bench-all.json",
                           "\"$CUDA/targets/x86_64-linux/include/sm_30_intrinsics.hpp\"", "--json ~/out/c.json",
                           "3.2 GB/s, 1/2 of it", "https://docs.nvidia.com/nsight-compute/", "a / b"})
    EXPECT_TRUE(absolute_paths_in(text, "t").empty()) << text;
}

TEST(AssetPaths, NoTextFileUnderAssetsHoldsAnAbsolutePath) {
  const fs::path assets = fs::path(WS_SOURCE_DIR) / "assets";
  std::vector<std::string> found;
  std::size_t files = 0;
  for (const auto& e : fs::recursive_directory_iterator(assets)) {
    if (!e.is_regular_file()) continue;
    std::ifstream in(e.path(), std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    const std::string text = s.str();
    if (text.find('\0') != std::string::npos) continue;  // not text
    ++files;
    for (auto& f : absolute_paths_in(text, fs::relative(e.path(), assets).string())) found.push_back(std::move(f));
  }
  EXPECT_GT(files, 100u);  // the recordings are there
  std::string first;
  for (std::size_t i = 0; i < found.size() && i < 20; ++i) first += "\n  " + found[i];
  EXPECT_TRUE(found.empty()) << found.size()
                             << " absolute paths under assets/ (rewrite them with scripts/strip_paths.py), the first:"
                             << first;
}
