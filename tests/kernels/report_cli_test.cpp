// `warpscope report` and `warpscope bench` as other tools see them: JSON keys,
// exit codes, and one line on stderr naming the bad parameter.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli/run_command.hpp"
#include "ws/kernels/bench.hpp"

using ws::test::run_warpscope;

namespace {

nlohmann::json report_json(std::vector<std::string> args) {
  args.insert(args.begin(), "report");
  args.push_back("--json");
  const auto r = run_warpscope(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

void expect_usage_error(std::vector<std::string> args, const std::string& names) {
  const auto r = run_warpscope(args);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.err.find(names), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

}  // namespace

TEST(ReportCli, JsonKeysAndWholeKernelCounts) {
  const auto j = report_json({"--kernel", "transpose_shared"});
  for (const char* key : {"kernel", "params", "sites", "totals", "shared_bytes_per_block", "occupancy",
                          "simulated_seconds"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["kernel"], "transpose_shared");
  EXPECT_EQ(j["params"]["rows"], 8192);
  ASSERT_EQ(j["sites"].size(), 4u);
  for (const auto& s : j["sites"])
    for (const char* key : {"name", "line", "space", "op", "bytes", "instructions", "wavefronts", "ideal_wavefronts",
                            "bank_conflicts", "requests", "sectors"})
      EXPECT_TRUE(s.contains(key)) << key;
  const auto& load = j["totals"]["shared_load"];
  EXPECT_EQ(load["instructions"], 8192ull * 8192 / 32);
  EXPECT_EQ(load["wavefronts"], 32ull * 8192 * 8192 / 32);  // 32-way on every column read
  EXPECT_EQ(j["totals"]["global_store"]["sectors"], 8192ull * 8192 * 4 / 32);
  EXPECT_EQ(j["shared_bytes_per_block"], 32 * 32 * 4);
  EXPECT_GT(j["simulated_seconds"].get<double>(), 0.0);
}

TEST(ReportCli, PaddedTileOverTheOldSixteenKilobytes) {
  // The shared-memory transpose lesson: a 64 x 64 float tile padded to 65 columns
  // is 16.25 KB, more than the 16 KB per block of cc 1.x (sm1x refuses it).
  const auto j = report_json({"--kernel", "transpose_padded", "--tile", "64", "--block-rows", "8"});
  EXPECT_EQ(j["shared_bytes_per_block"], 64 * 65 * 4);
  EXPECT_EQ(j["occupancy"]["blocks_per_sm"], 4);
  EXPECT_EQ(j["occupancy"]["limiter"], "threads");
  expect_usage_error({"report", "--kernel", "transpose_padded", "--tile", "64", "--block-rows", "8", "--arch", "sm1x"},
                     "--tile");
}

TEST(ReportCli, ChosenWarpAndBlock) {
  const auto j = report_json({"--kernel", "transpose_nonsquare_int", "--block", "3,0", "--warp", "0"});
  for (const auto& s : j["sites"]) {
    // 4 instructions; 17 lanes x 4 bytes = 68 bytes each: 3 sectors.
    if (s["name"] == "in_load") {
      EXPECT_EQ(s["warp"]["sectors"], 4 * 3);
    }
  }
}

TEST(ReportCli, BadParametersExitTwoNamingThem) {
  expect_usage_error({"report", "--kernel", "transpose_padded", "--rows", "0"}, "--rows");
  expect_usage_error({"report", "--kernel", "transpose_padded", "--tile", "64", "--block-rows", "64"}, "--tile");
  expect_usage_error({"report", "--kernel", "transpose_padded", "--tile", "48"}, "--tile");
  expect_usage_error({"report", "--kernel", "no_such_kernel"}, "--kernel");
  expect_usage_error({"report", "--kernel", "copy", "--arch", "sm99"}, "--arch");
  expect_usage_error({"report", "--kernel", "copy", "--warp", "8"}, "--warp");
  expect_usage_error({"report", "--kernel", "copy", "--block", "256,0"}, "--block");
  expect_usage_error({"report", "--kernel", "smem_stride", "--bytes", "3"}, "--bytes");
  expect_usage_error({"report", "--kernel", "transpose_fast", "--cols", "30"}, "--cols");
  expect_usage_error({"report"}, "--kernel");
}

TEST(BenchCli, NoGpuExitsThree) {
  const auto info = ws::kernels::gpu_info();
  if (std::holds_alternative<ws::kernels::GpuInfo>(info)) GTEST_SKIP() << "a GPU is present";
  const auto r = run_warpscope({"bench", "--kernel", "copy"});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("no GPU"), std::string::npos) << r.err;
  expect_usage_error({"bench", "--kernel", "copy", "--rows", "-1"}, "--rows");  // flags are checked first
}

TEST(ReportCli, NumbersWithALeadingZeroAreDecimal) {
  // CLI11 alone read 010 as octal 8 (8 rows); the README promises decimal or 0x hex.
  const auto j = report_json({"--kernel", "copy", "--rows", "010", "--cols", "0x20"});
  EXPECT_EQ(j["params"]["rows"], 10);
  EXPECT_EQ(j["params"]["cols"], 32);
  EXPECT_EQ(j["totals"]["global_load"]["bytes_requested"], 10 * 32 * 4);  // every float of 10 rows read once
  expect_usage_error({"report", "--kernel", "copy", "--rows", "1O"}, "--rows: '1O' is not a whole number");
  expect_usage_error({"report", "--kernel", "copy", "--warp", "9999999999"}, "--warp");
}

TEST(ReportCli, FailedOutputIsAnError) {
  for (const char* redirect : {">/dev/full", ">&-"})
    for (bool json : {false, true}) {
      std::vector<std::string> args = {"report", "--kernel", "copy", "--rows", "256", "--cols", "256"};
      if (json) args.push_back("--json");
      const auto r = ws::test::run_warpscope_with(args, redirect);
      EXPECT_EQ(r.exit_code, 1) << redirect << " json=" << json << " " << r.err;
      EXPECT_NE(r.err.find("cannot write to standard output"), std::string::npos) << r.err;
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    }
}

TEST(ReportCli, HugeWorkIsRefusedUpFront) {
  // The reproducer: the element limit refuses it (2^32 elements of A).
  expect_usage_error({"report", "--kernel", "matmul_tiled", "--rows", "65536", "--cols", "4096", "--inner", "65536",
                      "--tile", "2"},
                     "--inner");
  // Within the element limits but 11 s or more of tracing (ws/kernels/work.hpp): refused by the
  // estimate before any tracing (no timing asserted here: the WorkLimit tests check the estimate).
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"report", "--kernel", "matmul_naive", "--rows", "32", "--cols", "32", "--inner", "65536", "--tile", "32"},
           {"report", "--kernel", "matmul_tiled", "--rows", "4096", "--cols", "4096", "--inner", "65536", "--tile",
            "32"}}) {
    const auto r = run_warpscope(args);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("--rows " + args[4] + " --cols " + args[6] + " --inner " + args[8]), std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("at most 100000000"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}
