// `report --gpu` and `compare --gpu` as other tools see them: keys, shapes and
// exit codes. The measurement file here is SYNTHETIC (made-up timings and a
// made-up calibration, written by the test): it checks plumbing, not accuracy.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli/run_command.hpp"
#include "ws/kernels/bench.hpp"

using ws::test::run_warpscope;
using ws::test::run_warpscope_with;

namespace {

nlohmann::json synthetic_calibration() {
  return {{"sm_count", 100}, {"sm_clock_mhz", 1000}, {"launch_overhead_us", 2}, {"dram_gbps", 2000},
          {"l2_gbps", 6000}, {"l1_sectors_per_clock_per_sm", 4}, {"l1_requests_per_clock_per_sm", 1},
          {"shared_wavefronts_per_clock_per_sm", 1}, {"fma_per_clock_per_sm", 128}, {"l2_bytes", 40e6},
          {"shared_bytes_per_sm", 233472}, {"max_threads_per_sm", 2048}, {"command", "synthetic, for tests"}};
}

nlohmann::json entry(const char* kernel, nlohmann::json params, double ms) {
  return {{"kernel", kernel}, {"params", std::move(params)}, {"median_ms", ms}, {"min_ms", 0.9 * ms},
          {"max_ms", 1.2 * ms}};
}

// A folder with synthetic.json (calibrated) and uncalibrated.json; removed at the end.
struct SyntheticGpus {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("ws_gpus_" + std::to_string(::getpid()));
  SyntheticGpus() {
    std::filesystem::create_directories(dir);
    nlohmann::json kernels = {
        {"a", entry("transpose_shared", {{"rows", 1024}, {"cols", 1024}}, 0.05)},
        {"b", entry("transpose_padded", {{"rows", 1024}, {"cols", 1024}}, 0.03)},
        {"c", entry("smem_stride", {{"stride", 4}, {"repeats", 8}}, 0.04)},
        {"d", entry("smem_stride", {{"stride", 1}, {"repeats", 8}}, 0.01)},
    };
    std::ofstream(dir / "synthetic.json") << nlohmann::json{{"gpu", "Synthetic GPU"}, {"kernels", kernels},
                                                            {"calibration", synthetic_calibration()}};
    std::ofstream(dir / "uncalibrated.json") << nlohmann::json{{"gpu", "Old GPU"}, {"kernels", kernels}};
  }
  ~SyntheticGpus() { std::filesystem::remove_all(dir); }
  std::string env() const { return "WARPSCOPE_MEASUREMENTS_DIR=" + ws::test::shell_quote(dir.string()); }
};

void expect_usage_error(const ws::test::CommandResult& r, const std::string& names) {
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.err.find(names), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

}  // namespace

TEST(ReportGpu, JsonHasThePrediction) {
  const SyntheticGpus gpus;
  const auto r = run_warpscope_with(
      {"report", "--kernel", "transpose_shared", "--rows", "1024", "--cols", "1024", "--gpu", "synthetic", "--json"},
      "", gpus.env());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_TRUE(j.contains("predicted_ms") && j.contains("bound") && j.contains("resources")) << r.out;
  double largest = 0;
  for (const auto& [name, ms] : j["resources"].items()) largest = std::max(largest, ms.get<double>());
  EXPECT_GE(j["predicted_ms"].get<double>(), largest);
  EXPECT_TRUE(j["resources"].contains(j["bound"].get<std::string>()));
  EXPECT_FALSE(j["explanation"].get<std::string>().empty());
}

TEST(ReportGpu, BadNamesExitTwoListingTheGpus) {
  const SyntheticGpus gpus;
  const auto unknown = run_warpscope_with({"report", "--kernel", "copy", "--gpu", "h300"}, "", gpus.env());
  expect_usage_error(unknown, "--gpu");
  EXPECT_NE(unknown.err.find("synthetic"), std::string::npos) << unknown.err;
  EXPECT_NE(unknown.err.find("live"), std::string::npos) << unknown.err;
  expect_usage_error(run_warpscope_with({"report", "--kernel", "copy", "--gpu", "uncalibrated"}, "", gpus.env()),
                     "--gpu: ");
  expect_usage_error(
      run_warpscope_with({"report", "--kernel", "copy", "--gpu", "synthetic", "--arch", "sm50"}, "", gpus.env()),
      "--gpu");
}

TEST(ReportGpu, LiveWithoutAGpuExitsThree) {
  if (std::holds_alternative<ws::kernels::GpuInfo>(ws::kernels::gpu_info())) GTEST_SKIP() << "a GPU is present";
  const auto r = run_warpscope({"report", "--kernel", "copy", "--gpu", "live"});
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST(CompareCli, JsonPairsAndKernels) {
  const SyntheticGpus gpus;
  const auto r = run_warpscope_with({"compare", "--gpu", "synthetic", "--json"}, "", gpus.env());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["gpu"], "synthetic");
  ASSERT_EQ(j["pairs"].size(), 2u) << r.out;  // shared -> padded at 1024^2; stride 4 -> 1
  for (const auto& p : j["pairs"]) {
    for (const char* side : {"baseline", "variant"})
      for (const char* key : {"kernel", "params", "measured_ms", "predicted_ms", "bound"})
        EXPECT_TRUE(p[side].contains(key)) << side << "." << key;
    const double measured = p["baseline"]["measured_ms"].get<double>() / p["variant"]["measured_ms"].get<double>();
    EXPECT_DOUBLE_EQ(p["measured_speedup"].get<double>(), measured);
    const double predicted = p["baseline"]["predicted_ms"].get<double>() / p["variant"]["predicted_ms"].get<double>();
    EXPECT_DOUBLE_EQ(p["predicted_speedup"].get<double>(), predicted);
    EXPECT_NEAR(p["error"].get<double>(), predicted / measured - 1, 1e-12);
    // The range comes from the recorded spread: slowest baseline over fastest variant and back.
    ASSERT_TRUE(p.contains("measured_speedup_range"));
    EXPECT_LT(p["measured_speedup_range"][0].get<double>(), measured);
    EXPECT_GT(p["measured_speedup_range"][1].get<double>(), measured);
  }
  EXPECT_EQ(j["kernels"].size(), 4u);
  for (const auto& k : j["kernels"]) EXPECT_TRUE(k["params"].contains("rows"));
}

TEST(CompareCli, CsvHasARowPerPairAndKernel) {
  const SyntheticGpus gpus;
  const auto r = run_warpscope_with({"compare", "--gpu", "synthetic", "--csv"}, "", gpus.env());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1 + 2 + 4) << r.out;
  EXPECT_EQ(r.out.rfind("row,baseline_kernel", 0), 0u) << r.out;
}

TEST(CompareCli, BadInputExitsTwo) {
  const SyntheticGpus gpus;
  expect_usage_error(run_warpscope_with({"compare"}, "", gpus.env()), "--gpu");
  expect_usage_error(run_warpscope_with({"compare", "--gpu", "nope"}, "", gpus.env()), "--gpu");
  expect_usage_error(run_warpscope_with({"compare", "--gpu", "uncalibrated"}, "", gpus.env()), "calibration");
  const auto both = run_warpscope_with({"compare", "--gpu", "synthetic", "--json", "--csv"}, "", gpus.env());
  EXPECT_EQ(both.exit_code, 2);
}

// The one-shot block lives are optional; present, they give the latency/occupancy
// term; malformed, the file is refused naming the entry and field.
TEST(ReportGpu, BlockLifetimesFeedTheLatencyTermOrNameTheirFault) {
  const SyntheticGpus gpus;
  nlohmann::json lifetimes = nlohmann::json::array();
  for (const bool barrier : {false, true})
    for (const int threads : {256, 1024})
      for (const int words : {1, 4})
        lifetimes.push_back({{"threads", threads}, {"words", words}, {"barrier", barrier}, {"resident", false},
                             {"ns", 800.0 * words + threads}});
  nlohmann::json calibration = synthetic_calibration();
  calibration["block_lifetimes"] = lifetimes;
  calibration["launch_latency_us"] = 5;
  std::ofstream(gpus.dir / "lives.json") << nlohmann::json{{"gpu", "Lived GPU"}, {"kernels", nlohmann::json::object()},
                                                           {"calibration", calibration}};
  const std::vector<std::string> tall = {"report", "--kernel", "transpose_padded", "--block-rows", "32",
                                         "--gpu",  "lives",    "--json"};
  const auto r = run_warpscope_with(tall, "", gpus.env());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_GT(j["resources"]["latency/occupancy"].get<double>(), 0) << r.out;
  EXPECT_DOUBLE_EQ(j["resources"]["launch"].get<double>(), 5e-3);

  calibration["block_lifetimes"][1].erase("barrier");
  std::ofstream(gpus.dir / "lives.json") << nlohmann::json{{"gpu", "Lived GPU"}, {"kernels", nlohmann::json::object()},
                                                           {"calibration", calibration}};
  const auto bad = run_warpscope_with(tall, "", gpus.env());
  EXPECT_EQ(bad.exit_code, 2) << bad.out;
  EXPECT_NE(bad.err.find("calibration.block_lifetimes[1].barrier"), std::string::npos) << bad.err;
  EXPECT_NE(bad.err.find("lives.json"), std::string::npos) << bad.err;
}

// Issue 37: a FIFO x.json in WARPSCOPE_MEASUREMENTS_DIR blocked `compare --gpu x` forever, and a link
// to /dev/zero read until memory ran out; each is refused at once in one line.
TEST(CompareCli, AMeasurementFileThatIsNoRegularFileIsRefusedAtOnce) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("ws_planted_measurements_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  ASSERT_EQ(::mkfifo((dir / "x.json").c_str(), 0600), 0);
  fs::create_symlink("/dev/zero", dir / "zero.json");
  for (const auto& [gpu, names] : {std::pair{"x", "x.json: is a FIFO"}, {"zero", "zero.json: is a device"}}) {
    const auto r = run_warpscope_with({"compare", "--gpu", gpu}, "",
                                      "WARPSCOPE_MEASUREMENTS_DIR=" + dir.string() + " timeout 20");
    EXPECT_EQ(r.exit_code, 2) << r.out << r.err;  // 124: still reading when timeout stopped it
    EXPECT_NE(r.err.find(names), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  fs::remove_all(dir);
}
