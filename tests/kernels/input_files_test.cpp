// Inputs the kernels library reads or is asked for, held to "fail soft, name
// the problem": measurement files with a wrong type or shape, and amounts of
// simulation work over the limit.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "ws/kernels/measurements.hpp"
#include "ws/kernels/work.hpp"

namespace wk = ws::kernels;
namespace fs = std::filesystem;

namespace {

// A measurement file that loads, to break one field at a time.
nlohmann::json good_file() {
  return nlohmann::json::parse(R"({
    "gpu": "Test GPU", "driver": "1.0", "cuda": "12.0", "date": "2026-01-01", "command": "warpscope bench",
    "memcpy_d2d_gbps": 1000.0,
    "kernels": {
      "copy": {"kernel": "copy", "params": {"rows": 1024, "cols": 2048}, "median_ms": 0.5, "gbps": 900.0,
               "ncu": {"dram__bytes_read.sum": 8388608}},
      "smem_stride stride=2": {"kernel": "smem_stride", "params": {"stride": 2}, "median_ms": 0.1}
    }})");
}

class MeasurementFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("ws_measurements_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& text) {
    const fs::path p = dir_ / name;
    std::ofstream(p) << text;
    return p.string();
  }
  // The file's Error message; "" when it loaded.
  std::string load_error(const nlohmann::json& j) {
    const auto r = wk::load_measurements(write("m.json", j.dump()));
    return r ? "" : r.error().message;
  }

  fs::path dir_;
};

TEST_F(MeasurementFiles, AGoodFileLoads) {
  const auto r = wk::load_measurements(write("m.json", good_file().dump()));
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->gpu, "Test GPU");
  EXPECT_DOUBLE_EQ(r->memcpy_d2d_gbps, 1000.0);
  ASSERT_EQ(r->kernels.size(), 2u);
  const wk::MeasuredKernel* copy = r->find("copy");
  ASSERT_NE(copy, nullptr);
  EXPECT_EQ(copy->params.rows, 1024);
  EXPECT_EQ(copy->params.cols, 2048);
  EXPECT_EQ(copy->params.tile, wk::find_kernel("copy")->defaults.tile);  // absent: the catalog default
  EXPECT_DOUBLE_EQ(copy->ncu.at("dram__bytes_read.sum"), 8388608.0);
}

TEST_F(MeasurementFiles, AWrongTypeNamesTheFileAndTheField) {
  struct Case {
    const char* name;
    void (*breaks)(nlohmann::json&);
    const char* message;
  };
  const Case cases[] = {
      {"memcpy_string", [](nlohmann::json& j) { j["memcpy_d2d_gbps"] = "fast"; },
       "memcpy_d2d_gbps is a string, not a number"},
      {"memcpy_negative", [](nlohmann::json& j) { j["memcpy_d2d_gbps"] = -1; }, "memcpy_d2d_gbps is -1"},
      {"kernels_number", [](nlohmann::json& j) { j["kernels"] = 3; }, "kernels is an integer, not an object"},
      {"kernels_missing", [](nlohmann::json& j) { j.erase("kernels"); }, "\"kernels\" is missing"},
      {"not_an_object", [](nlohmann::json& j) { j = nlohmann::json::array({1, 2}); }, "is an array"},
      {"gpu_number", [](nlohmann::json& j) { j["gpu"] = 100; }, "gpu is an integer, not a string"},
      {"entry_number", [](nlohmann::json& j) { j["kernels"]["copy"] = 7; }, "kernels.copy is an integer"},
      {"median_null", [](nlohmann::json& j) { j["kernels"]["copy"]["median_ms"] = nullptr; },
       "kernels.copy.median_ms is null, not a number"},
      {"gbps_string", [](nlohmann::json& j) { j["kernels"]["copy"]["gbps"] = "900"; }, "kernels.copy.gbps is a string"},
      {"params_array", [](nlohmann::json& j) { j["kernels"]["copy"]["params"] = nlohmann::json::array(); },
       "kernels.copy.params is an array, not an object"},
      {"param_string", [](nlohmann::json& j) { j["kernels"]["copy"]["params"]["rows"] = "big"; },
       "kernels.copy.params.rows is a string, not an integer"},
      {"param_float", [](nlohmann::json& j) { j["kernels"]["copy"]["params"]["rows"] = 1.5; },
       "kernels.copy.params.rows is a number, not an integer"},
      {"param_huge", [](nlohmann::json& j) { j["kernels"]["copy"]["params"]["rows"] = 1ll << 40; },
       "kernels.copy.params.rows is 1099511627776, too large"},
      {"kernel_name_number", [](nlohmann::json& j) { j["kernels"]["copy"]["kernel"] = 1; },
       "kernels.copy.kernel is an integer"},
      {"ncu_array", [](nlohmann::json& j) { j["kernels"]["copy"]["ncu"] = nlohmann::json::array(); },
       "kernels.copy.ncu is an array"},
      {"ncu_value_string", [](nlohmann::json& j) { j["kernels"]["copy"]["ncu"]["x"] = "many"; },
       "kernels.copy.ncu.x is a string"},
  };
  for (const Case& c : cases) {
    nlohmann::json j = good_file();
    c.breaks(j);
    const std::string e = load_error(j);
    EXPECT_NE(e.find((dir_ / "m.json").string() + ": "), std::string::npos) << c.name << ": " << e;
    EXPECT_NE(e.find(c.message), std::string::npos) << c.name << ": " << e;
  }
}

TEST_F(MeasurementFiles, FoldersTruncatedAndMissingFilesAreErrors) {
  fs::create_directories(dir_ / "x.json");
  const auto folder = wk::load_measurements((dir_ / "x.json").string());
  ASSERT_FALSE(folder);
  EXPECT_NE(folder.error().message.find("x.json: is a folder"), std::string::npos) << folder.error().message;
  const auto truncated = wk::load_measurements(write("t.json", "{\"kernels\": {"));
  ASSERT_FALSE(truncated);
  EXPECT_NE(truncated.error().message.find("t.json: not JSON"), std::string::npos);
  const auto missing = wk::load_measurements((dir_ / "none.json").string());
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("none.json: no such file"), std::string::npos);
}

TEST_F(MeasurementFiles, OneBadFileLeavesTheOthersLoadable) {
  write("a.json", good_file().dump());
  write("b.json", R"({"kernels": 3})");
  fs::create_directories(dir_ / "c.json");
  const auto files = wk::measurement_files(dir_.string());
  ASSERT_EQ(files.size(), 3u);
  int loaded = 0, failed = 0;
  for (const auto& f : files) (wk::load_measurements(f) ? loaded : failed)++;
  EXPECT_EQ(loaded, 1);
  EXPECT_EQ(failed, 2);
}

TEST(WorkLimit, TheCatalogDefaultsAreFarBelowIt) {
  for (const wk::KernelDescriptor& k : wk::catalog()) {
    const wk::WorkEstimate e = wk::estimate_work(k, k.defaults, 32);
    EXPECT_LT(e.traced_accesses(), wk::kMaxTracedAccesses / 10) << k.name;
    EXPECT_FALSE(wk::check_work(k, k.defaults, 32)) << k.name;
  }
}

TEST(WorkLimit, LongInnerLoopsAreRefusedNamingTheFlags) {
  const wk::KernelDescriptor& naive = *wk::find_kernel("matmul_naive");
  wk::KernelParams p = naive.defaults;
  p.rows = p.cols = 32;
  p.inner = 65536;
  p.tile = 32;
  ASSERT_FALSE(wk::check_params(naive, p, ws::default_preset()));
  const wk::WorkEstimate e = wk::estimate_work(naive, p, 32);
  EXPECT_EQ(e.block_classes, 1u);
  EXPECT_EQ(e.threads_per_block, 1024u);
  EXPECT_EQ(e.accesses_per_thread, 2u * 65536 + 1);  // a row of A, a column of B, one C
  const auto message = wk::check_work(naive, p, 32);
  ASSERT_TRUE(message);
  EXPECT_NE(message->find("--rows 32 --cols 32 --inner 65536 --tile 32"), std::string::npos) << *message;
  EXPECT_NE(message->find("at most 100000000"), std::string::npos) << *message;
  // 8192^3, the largest square lesson size, stays allowed.
  p.rows = p.cols = p.inner = 8192;
  EXPECT_FALSE(wk::check_work(naive, p, 32));
}

TEST(WorkLimit, TheEstimateCountsTheClassesTheReportSimulates) {
  // Odd sizes and small tiles give several residue classes per axis; the
  // estimate must find as many as the report simulates, for every kernel.
  int compared = 0;
  for (const wk::KernelDescriptor& k : wk::catalog()) {
    for (int tile : {0, 2, 4, 8, 16}) {
      wk::KernelParams p = k.defaults;
      if (k.reads(&wk::KernelParams::rows)) p.rows = 333;
      if (k.reads(&wk::KernelParams::cols)) p.cols = 517;
      if (k.reads(&wk::KernelParams::inner)) p.inner = 100;
      if (tile && k.reads(&wk::KernelParams::tile)) p.tile = tile;
      if (k.reads(&wk::KernelParams::block_rows)) p.block_rows = std::min(p.block_rows, p.tile);
      if (wk::check_params(k, p, ws::default_preset())) continue;
      const wk::WholeKernel whole =
          wk::simulate_whole_kernel(k, p, ws::default_preset(), wk::BlockSampling::EquivalenceClasses);
      EXPECT_EQ(wk::estimate_work(k, p, 32).block_classes, whole.blocks_simulated) << k.name << " tile " << p.tile;
      ++compared;
    }
  }
  EXPECT_GE(compared, 20);
}

}  // namespace

// Issue 37: a key with a newline or ESC was echoed raw, forging a second "warpscope:" line.
TEST_F(MeasurementFiles, KeysEchoedInMessagesAreEscaped) {
  nlohmann::json j = good_file();
  j["kernels"]["x\nwarpscope: forged\x1b[2J"] = {{"kernel", 5}};
  const std::string e = load_error(j);
  EXPECT_NE(e.find(R"(kernels.x\nwarpscope: forged\x1b[2J.kernel is)"), std::string::npos) << e;
  EXPECT_EQ(e.find('\n'), std::string::npos) << e;
  EXPECT_EQ(e.find('\x1b'), std::string::npos) << e;
}
