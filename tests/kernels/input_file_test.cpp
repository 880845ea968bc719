// Issue 37: every file warpscope reads is opened only if it is a regular file
// and read to its size cap, else refused with one line: a FIFO named like a
// measurement file or an ncu export blocked the program forever, and a link to
// /dev/zero read until memory ran out.
#include "ws/kernels/input_file.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "special_files.hpp"
#include "ws/kernels/assets.hpp"
#include "ws/kernels/measurements.hpp"
#include "ws/kernels/ncu_csv.hpp"
#include "ws/kernels/ncu_records.hpp"

namespace wk = ws::kernels;
namespace fs = std::filesystem;
using ws::test::returns_in_time;

namespace {

class InputFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("ws_input_files_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    ws::test::make_fifo(dir_ / "x.json");
    ws::test::link_to_dev_zero(dir_ / "zero.json");
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

bool one_line_naming(const std::string& message, const std::string& what) {
  const bool ok = message.find(what) != std::string::npos && message.find('\n') == std::string::npos;
  if (!ok) std::fprintf(stderr, "message: %s\n", message.c_str());
  return ok;
}

}  // namespace

// A message quoting an escaped value stays as printable() wrote it: only the
// message's own control characters are escaped (a doubled backslash misquoted it).
TEST(OneLine, EscapesControlCharactersAndKeepsBackslashes) {
  const std::string esc = "x\x1b[2J";                      // ESC in a value
  EXPECT_EQ(ws::kernels::printable(esc), R"(x\x1b[2J)");
  const std::string message = "line 1: '" + ws::kernels::printable(esc) + "'\nwarpscope: forged";
  EXPECT_EQ(ws::kernels::one_line(message), R"(line 1: 'x\x1b[2J'\nwarpscope: forged)");
  EXPECT_EQ(ws::kernels::one_line(R"(a\b)"), R"(a\b)");  // a backslash of the message itself stays
}

TEST_F(InputFiles, ReadInputFileRefusesWhatIsNotARegularFileAtOnce) {
  const auto too_large = [](std::uintmax_t b) { return "too large: " + std::to_string(b); };
  EXPECT_TRUE(returns_in_time([&] {
    const auto r = wk::read_input_file((dir_ / "x.json").string(), 1000, too_large);
    return !r && r.error().message == "is a FIFO (named pipe), not a regular file";
  }));
  EXPECT_TRUE(returns_in_time([&] {
    const auto r = wk::read_input_file((dir_ / "zero.json").string(), 1000, too_large);
    return !r && r.error().message.find("is a device") == 0;
  }));
  const auto folder = wk::read_input_file(dir_.string(), 1000, too_large);
  ASSERT_FALSE(folder.has_value());
  EXPECT_EQ(folder.error().message, "is a folder, not a file");
  const auto missing = wk::read_input_file((dir_ / "none.json").string(), 1000, too_large);
  ASSERT_FALSE(missing.has_value());
  EXPECT_EQ(missing.error().message, "no such file");
  // The cap, and a file within it read whole.
  { std::ofstream(dir_ / "big.txt") << std::string(1001, 'x'); }
  const auto big = wk::read_input_file((dir_ / "big.txt").string(), 1000, too_large);
  ASSERT_FALSE(big.has_value());
  EXPECT_EQ(big.error().message, "too large: 1001");
  const auto fits = wk::read_input_file((dir_ / "big.txt").string(), 1001, too_large);
  ASSERT_TRUE(fits.has_value());
  EXPECT_EQ(fits->size(), 1001u);
}

// A file whose size says nothing (a /proc file reports 0 bytes) is still read only to the cap.
TEST_F(InputFiles, AFileLargerThanItsSizeSaysIsStoppedAtTheCap) {
  const auto r =
      wk::read_input_file("/proc/self/maps", 16, [](std::uintmax_t) { return std::string("over"); });
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().message, "over");
}

TEST_F(InputFiles, MeasurementFilesAndNcuExportsAreRefusedInOneLine) {
  for (const char* name : {"x.json", "zero.json"}) {
    const std::string path = (dir_ / name).string();
    EXPECT_TRUE(returns_in_time([&] {
      const auto r = wk::load_measurements(path);
      return !r && one_line_naming(r.error().message, path + ": is a");
    })) << name;
    EXPECT_TRUE(returns_in_time([&] {
      const auto r = wk::read_ncu_csv(path);
      return !r && one_line_naming(r.error().message, path + ": is a");
    })) << name;
  }
}

// The recorded index of Source pages (assets/measurements/ncu-source/<gpu>/index.json).
TEST_F(InputFiles, TheRecordedIndexIsRefusedInOneLine) {
  fs::create_directories(dir_ / "ncu-source" / "h100");
  ws::test::make_fifo(dir_ / "ncu-source" / "h100" / "index.json");
  ::setenv("WARPSCOPE_MEASUREMENTS_DIR", dir_.c_str(), 1);
  EXPECT_TRUE(returns_in_time([&] {
    const auto r = wk::load_ncu_records("h100");
    return !r && one_line_naming(r.error().message, "index.json: is a FIFO");
  }));
  ::unsetenv("WARPSCOPE_MEASUREMENTS_DIR");
}

// Issue 37: the index accepted one-block values of 1e30; each is held to what one block can count.
TEST_F(InputFiles, TheRecordedIndexRefusesOneBlockValuesNoBlockCounts) {
  fs::create_directories(dir_ / "ncu-source" / "h100");
  ::setenv("WARPSCOPE_MEASUREMENTS_DIR", dir_.c_str(), 1);
  for (const char* field : {"rows", "load_alone", "store_whole"}) {
    const std::string one_block =
        std::string(R"({"kernel": "transpose_padded", "params": {"tile": 32}, "rows": 32, "cols": 32, )") +
        R"("load_alone": 1, "load_whole": 1.02, "store_alone": 1, "store_whole": 1.06, ")" + field +
        R"(": 1e30})";
    // The field given twice: nlohmann keeps the last, 1e30.
    {
      std::ofstream(dir_ / "ncu-source" / "h100" / "index.json")
          << R"({"launches": [], "one_block": [)" << one_block << "]}";
    }
    const auto r = wk::load_ncu_records("h100");
    ASSERT_FALSE(r.has_value()) << field;
    EXPECT_NE(
        r.error().message.find(std::string("one_block[0].") + field + " is 1e+30, not a number from 0 to"),
        std::string::npos)
        << r.error().message;
  }
  ::unsetenv("WARPSCOPE_MEASUREMENTS_DIR");
}

// The build folder's marker naming the source tree ("warpscope-source-dir", read from every folder
// above the executable at each start): a FIFO of that name blocked every start.
TEST(DataRoots, AMarkerThatIsNoRegularFileIsSkipped) {
  std::error_code ec;
  const fs::path exe_dir = fs::read_symlink("/proc/self/exe", ec).parent_path();
  ASSERT_FALSE(ec);
  const fs::path marker = exe_dir / "warpscope-source-dir";
  if (fs::exists(fs::symlink_status(marker)))
    GTEST_SKIP() << marker << " exists: this build keeps its marker here";
  const std::vector<std::string> before = wk::data_roots();
  ws::test::make_fifo(marker);
  EXPECT_TRUE(returns_in_time([&] { return wk::data_roots() == before; }));
  fs::remove(marker);
}

static std::string contents_of(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Issue 37: a file whose name warpscope chose (export --deck's slides, the
// window's Ctrl+E export) was written through a link planted at that
// predictable name, into the link's target. write_chosen_file() refuses the
// link and writes nothing anywhere; a FIFO there is refused at once.
TEST_F(InputFiles, AChosenFileIsNeverWrittenThroughAPlantedLink) {
  const fs::path outside = dir_ / "outside";
  fs::create_directories(outside);
  const fs::path to_existing = dir_ / "slide.svg", dangling = dir_ / "handout.html";
  std::ofstream(outside / "victim.txt") << "the victim's own text";
  fs::create_symlink(outside / "victim.txt", to_existing);
  fs::create_symlink(outside / "created.html", dangling);
  for (const fs::path& link : {to_existing, dangling}) {
    const auto w = wk::write_chosen_file(link.string(), "<svg/>");
    ASSERT_FALSE(w) << link;
    EXPECT_TRUE(one_line_naming(w.error().message, "is a symbolic link: not followed"));
    EXPECT_TRUE(fs::is_symlink(link));
  }
  EXPECT_EQ(contents_of(outside / "victim.txt"), "the victim's own text");
  EXPECT_FALSE(fs::exists(outside / "created.html"));
  EXPECT_TRUE(returns_in_time([&] {
    const auto w = wk::write_chosen_file((dir_ / "x.json").string(), "{}");
    return !w && w.error().message.find("FIFO") != std::string::npos;
  }));
  // A regular file of ours is replaced whole, and a new one made.
  std::ofstream(dir_ / "old.svg") << std::string(100, 'x');
  ASSERT_TRUE(wk::write_chosen_file((dir_ / "old.svg").string(), "<svg/>"));
  EXPECT_EQ(contents_of(dir_ / "old.svg"), "<svg/>");
  const auto made = wk::write_chosen_file((dir_ / "new.csv").string(), "a,b\n");
  ASSERT_TRUE(made);
  EXPECT_EQ(*made, 4u);
  EXPECT_EQ(contents_of(dir_ / "new.csv"), "a,b\n");
}
