// The exit-code contract (README "Exit codes"), held for every subcommand:
// 0 success; 2 bad input (a flag, a value, an expression, a file), with one
// line on stderr naming it; 3 no GPU where one is needed; 1 an internal error
// or output that could not be written.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "run_command.hpp"

namespace ws::test {
namespace {

namespace fs = std::filesystem;

void expect_bad_input(const std::vector<std::string>& args, const std::string& names,
                      const std::string& env = "") {
  const CommandResult r = run_warpscope_with(args, "", env);
  std::string line;
  for (const auto& a : args) line += a + " ";
  EXPECT_EQ(r.exit_code, 2) << line << "\n" << r.err;
  EXPECT_NE(r.err.find("warpscope: " + names), std::string::npos) << line << "\n" << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << line << "\n" << r.err;
}

TEST(ExitCodes, BadInputIsTwoForEverySubcommand) {
  expect_bad_input({"analyze", "--space", "shared", "--op", "load", "--bytes", "3", "--expr", "lane"}, "--bytes");
  expect_bad_input({"report", "--kernel", "copy", "--rows", "0"}, "--rows");
  // Flags are checked before the GPU is looked for: the same on machines with and without one.
  expect_bad_input({"bench", "--kernel", "copy", "--repeat", "0"}, "--repeat");
  expect_bad_input({"bench", "--kernel", "copy", "--json", "/nonexistent-dir/b.json"}, "--json");
  expect_bad_input({"compare", "--gpu", "no-such-gpu"}, "--gpu");
  expect_bad_input({"report", "--kernel", "copy", "--gpu", "no-such-gpu"}, "--gpu");
  expect_bad_input({"no-such-command"}, "");
  expect_bad_input({"report", "--kernel", "copy", "--rows", "1e3"}, "--rows");
  expect_bad_input({"variant", "--layout", "c % 16", "--rows", "64", "--cols", "64"}, "--layout");
  expect_bad_input({"variant", "--pattern", "4 * lane + x"}, "--pattern");
  expect_bad_input({"variant", "--kernel", "copy", "--layout", "c"}, "--kernel");
  expect_bad_input({"variant", "--layout", "c", "--run", "--repeat", "0"}, "--repeat");
  if (!screenshot_built()) GTEST_SKIP() << "built without the window";
  // All refused before a display is needed, so this holds without one too.
  expect_bad_input({"screenshot", "--kernel", "copy", "--out", "/tmp/x.png", "--font-scale", "nan"}, "--font-scale");
  expect_bad_input({"screenshot", "--kernel", "copy", "--out", "/nonexistent-dir/x.png"}, "--out");
}

// Issue 37: input before the device (README "Exit codes"). A command given bad
// input and asking for a GPU is refused with 2 on every machine, never with 3
// on one without a GPU: `report --gpu live --csv` looked for the GPU first.
TEST(ExitCodes, InputIsCheckedBeforeTheGpuIsLookedFor) {
  expect_bad_input({"bench", "--json", "/nonexistent/x.json"}, "--json: cannot write /nonexistent/x.json");
  expect_bad_input({"bench", "--calibrate", "--json", "/nonexistent/x.json"}, "--json: cannot write");
  expect_bad_input({"report", "--kernel", "copy", "--gpu", "live", "--csv"}, "--csv: give it alone, not with --gpu");
  expect_bad_input({"report", "--kernel", "copy", "--gpu", "live", "--block", "9999,0"}, "--block: 9999,0 is outside");
  expect_bad_input({"report", "--kernel", "copy", "--gpu", "live", "--warp", "99"}, "--warp: 99 is outside");
  expect_bad_input({"variant", "--layout", "c", "--run", "--rows", "0"}, "--rows: 0");
  expect_bad_input({"compare", "--gpu", "live", "--json", "--csv"}, "--json excludes --csv");
  expect_bad_input({"reconcile", "--kernel", "copy", "--rows", "0", "--live"}, "--rows: 0");
  if (!screenshot_built()) return;
  expect_bad_input({"screenshot", "--kernel", "copy", "--live-bench", "--out", "/nonexistent-dir/x.png"}, "--out");
  expect_bad_input({"screenshot", "--variant-layout", "c", "--variant-run", "--out", "/nonexistent-dir/x.png"},
                   "--out");
}

// Faults that used to run with exit 0 (issue 27): each is bad input, named.
TEST(ExitCodes, FaultsOnceAcceptedAreTwo) {
  expect_bad_input({"analyze", "--space", "shared", "--op", "load", "--bytes", "4", "--expr", "lane", "--mask", ""},
                   "--mask: is empty");
  // The bounds check once overflowed (UBSan: signed integer overflow) and took the pattern.
  expect_bad_input({"variant", "--pattern", "9223372036854775804", "--repeats", "1"},
                   "--pattern: lane 0 reads byte 9223372036854775804");
  expect_bad_input({"variant", "--pattern", "9223372036854775804"}, "--pattern: lane 0 reads byte");
  expect_bad_input({"variant", "--layout", "c", "--swizzle-preset", "cute:1,2,3xyz"}, "--swizzle-preset: 'cute:1,2,3xyz'");
  expect_bad_input({"variant", "--layout", "c", "--swizzle-preset", "cute:1,0,1,"}, "--swizzle-preset: 'cute:1,0,1,'");
  expect_bad_input({"lessons", "--show", ""}, "--show: is empty");
  expect_bad_input({"lessons", "--show", "banks", "--json"}, "--json");
  expect_bad_input({"--lesson", ""}, "--lesson: is empty");
  // Every text option: '' is refused, never read as "not given" (each of these ran with exit 0).
  expect_bad_input({"lessons", "--text", ""}, "--text: is empty");
  expect_bad_input({"report", "--kernel", "copy", "--gpu", ""}, "--gpu: is empty");
  expect_bad_input({"variant", "--layout", "c", "--swizzle-preset", ""}, "--swizzle-preset: is empty");
  expect_bad_input({"analyze", "--space", "global", "--op", "load", "--bytes", "4", "--expr", "0", "--ldmatrix", ""},
                   "--ldmatrix: is empty");
  expect_bad_input({"lessons"}, "WARPSCOPE_DATA_DIR: '/nonexistent' does not exist", "WARPSCOPE_DATA_DIR=/nonexistent");
  const fs::path file = fs::temp_directory_path() / ("ws_data_file_" + std::to_string(::getpid()));
  std::ofstream(file) << "not a folder";
  expect_bad_input({"report", "--kernel", "copy"}, "WARPSCOPE_DATA_DIR: '" + file.string() + "' is not a folder",
                   "WARPSCOPE_DATA_DIR=" + shell_quote(file.string()));
  fs::remove(file);
  if (!screenshot_built()) return;
  expect_bad_input({"screenshot", "--lesson", "", "--out", "/tmp/x.png"}, "--lesson: is empty");
  expect_bad_input({"export", "--kernel", "transpose_shared", "--format", "svg", "--size", "800x600", "--out", "/tmp/x.svg"},
                   "--size");
  expect_bad_input({"export", "--kernel", "transpose_shared", "--format", "png", "--out", "/tmp/x.svg"},
                   "--out: '/tmp/x.svg' names a svg file but --format is png");
  expect_bad_input({"export", "--kernel", "transpose_shared", "--out", "/tmp/x.PNG"}, "--out: '/tmp/x.PNG' names a png");
}

// A swizzle preset written out in full is still taken (the strict reading refuses only what trails it).
TEST(ExitCodes, AWellFormedCutePresetRuns) {
  const CommandResult r = run_warpscope({"variant", "--layout", "c", "--swizzle-preset", "cute:3,4,3", "--json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("cute:3,4,3"), std::string::npos) << r.out;
}

// Every command that needs a GPU, on a machine without one, exits 3 with one
// line (README "Exit codes"); with a GPU the same commands are not bad input.
TEST(ExitCodes, NoGpuIsThreeForEveryCommandThatNeedsOne) {
  const bool gpu = run_warpscope({"bench", "--kernel", "copy", "--rows", "256", "--cols", "256", "--repeat", "1"})
                       .exit_code != 3;
  if (gpu) GTEST_SKIP() << "this machine has a GPU";
  std::vector<std::vector<std::string>> need_gpu = {
      {"bench", "--kernel", "copy"},
      {"report", "--kernel", "copy", "--rows", "256", "--cols", "256", "--gpu", "live"},
      {"compare", "--gpu", "live"},
      {"variant", "--layout", "c ^ r", "--rows", "256", "--cols", "256", "--run"},
  };
  if (screenshot_built()) {
    need_gpu.push_back({"screenshot", "--kernel", "copy", "--live-bench", "--out", "/tmp/ws_no_gpu.png"});
    need_gpu.push_back({"screenshot", "--variant-pattern", "4*lane", "--variant-run", "--out", "/tmp/ws_no_gpu.png"});
  }
  for (const auto& args : need_gpu) {
    const CommandResult r = run_warpscope(args);
    EXPECT_EQ(r.exit_code, 3) << args[0] << " " << args.back() << "\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

TEST(ExitCodes, SuccessIsZeroAndFailedOutputIsOne) {
  const std::vector<std::vector<std::string>> ok = {
      {"analyze", "--space", "global", "--op", "load", "--bytes", "4", "--expr", "4*lane"},
      {"report", "--kernel", "copy", "--rows", "256", "--cols", "256"},
      {"report", "--kernel", "copy", "--rows", "256", "--cols", "256", "--json"},
      {"variant", "--layout", "(c + r) % T", "--rows", "256", "--cols", "256", "--json"},
  };
  for (const auto& args : ok) {
    EXPECT_EQ(run_warpscope(args).exit_code, 0) << args[0];
    const CommandResult full = run_warpscope_with(args, ">/dev/full");
    EXPECT_EQ(full.exit_code, 1) << args[0] << " " << full.err;
    EXPECT_NE(full.err.find("cannot write to standard output"), std::string::npos) << full.err;
    const CommandResult closed = run_warpscope_with(args, ">&-");
    EXPECT_EQ(closed.exit_code, 1) << args[0] << " " << closed.err;
  }
}

TEST(ExitCodes, VariantRunWithoutAGpuIsThree) {
  // Without a GPU: 3 and one line; with one the variant runs and passes its checks (0).
  const CommandResult r =
      run_warpscope({"variant", "--layout", "c ^ r", "--rows", "256", "--cols", "256", "--run", "--repeat", "1"});
  if (r.exit_code == 3) {
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  } else {
    EXPECT_EQ(r.exit_code, 0) << r.err;
  }
}

TEST(ExitCodes, NoGpuIsThreeOrTheBenchRuns) {
  // Without a GPU: 3 and one line; with one the bench runs (0), or a kernel fails its check (1).
  const CommandResult r = run_warpscope({"bench", "--kernel", "copy", "--rows", "256", "--cols", "256", "--repeat", "1"});
  if (r.exit_code == 3) {
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  } else {
    EXPECT_EQ(r.exit_code, 0) << r.err;
  }
}

TEST(ExitCodes, ABadMeasurementFileIsTwoNamingFileAndField) {
  if (!screenshot_built()) GTEST_SKIP() << "built without the window (the only command that reads them)";
  const fs::path dir = fs::temp_directory_path() / ("ws_bad_measurements_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "bad.json") << R"({"gpu": "x", "memcpy_d2d_gbps": "fast", "kernels": {}})";
  expect_bad_input({"screenshot", "--kernel", "copy", "--out", (dir / "x.png").string()},
                   (dir / "bad.json").string() + ": memcpy_d2d_gbps is a string",
                   "WARPSCOPE_MEASUREMENTS_DIR=" + shell_quote(dir.string()));
  fs::remove_all(dir);
}

// The caps on heavy states (README "Limits"): each refused at once, naming the flag or the file.
TEST(ExitCodes, WhatTheWindowAndTheLoadersCannotHoldIsTwo) {
  const fs::path dir = fs::temp_directory_path() / ("ws_caps_" + std::to_string(::getpid()));
  fs::create_directories(dir / "big");
  fs::create_directories(dir / "many");
  {
    std::ofstream big(dir / "big" / "h100.json");
    big << R"({"gpu": "x", "kernels": {}, "padding": ")" << std::string((16u << 20), 'x') << "\"}";
  }
  {
    std::ofstream many(dir / "many" / "h100.json");
    many << R"({"gpu": "x", "kernels": {)";
    for (int i = 0; i <= 2000; ++i) many << (i ? "," : "") << "\"copy " << i << R"(": {"kernel": "copy", "median_ms": 1})";
    many << "}}";
  }
  const fs::path big = dir / "big" / "h100.json";
  expect_bad_input({"compare", "--gpu", "h100"},
                   "--gpu: " + big.string() + ": is " + std::to_string(fs::file_size(big)) + " bytes, over the 16777216",
                   "WARPSCOPE_MEASUREMENTS_DIR=" + shell_quote((dir / "big").string()));
  expect_bad_input({"compare", "--gpu", "h100"},
                   "--gpu: " + (dir / "many" / "h100.json").string() + ": kernels has 2001 entries, over the 2000",
                   "WARPSCOPE_MEASUREMENTS_DIR=" + shell_quote((dir / "many").string()));
  fs::remove_all(dir);
  if (!screenshot_built()) return;
  expect_bad_input({"screenshot", "--kernel", "copy", "--size", "8192x8192", "--out", "/tmp/x.png"},
                   "--size: 8192x8192 is outside 320x240 .. 3840x2160");
  expect_bad_input({"screenshot", "--kernel", "copy", "--size", "3840x3840", "--out", "/tmp/x.png"}, "--size: 3840x3840");
  expect_bad_input({"export", "--kernel", "copy", "--view", "sector-map", "--format", "png", "--size", "8192x8192",
                    "--out", "/tmp/x.png"},
                   "--size: 8192x8192");
  // 6e7 accesses: report takes it (up to 1e8), the window's limit is 2.5e7.
  expect_bad_input({"screenshot", "--kernel", "matmul_naive", "--rows", "16384", "--cols", "16384", "--inner", "16384",
                    "--out", "/tmp/x.png"},
                   "--rows 16384 --cols 16384 --inner 16384 --tile 16: too much to simulate for matmul_naive");
}

}  // namespace
}  // namespace ws::test
