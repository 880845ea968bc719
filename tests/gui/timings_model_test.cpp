// The Timings model without a display: recorded entries matched by parameters
// (sweeps included), predictions on the shown GPU, lesson pairs. The files are
// SYNTHETIC (made-up timings and calibration, written here): plumbing only.
#include "gui/timings_model.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "gui/comparison_view.hpp"
#include "gui/prediction_slices.hpp"

namespace {

nlohmann::json synthetic_calibration() {
  return {{"sm_count", 100},
          {"sm_clock_mhz", 1000},
          {"launch_overhead_us", 2},
          {"dram_gbps", 2000},
          {"l2_gbps", 6000},
          {"l1_sectors_per_clock_per_sm", 4},
          {"l1_requests_per_clock_per_sm", 1},
          {"shared_wavefronts_per_clock_per_sm", 1},
          {"fma_per_clock_per_sm", 128},
          {"l2_bytes", 40e6},
          {"shared_bytes_per_sm", 233472},
          {"max_threads_per_sm", 2048}};
}

class TimingsModelTest : public ::testing::Test {
 protected:
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("ws_timings_" + std::to_string(::getpid()));
  void SetUp() override {
    std::filesystem::create_directories(dir);
    const nlohmann::json kernels = {
        {"x",
         {{"kernel", "smem_stride"},
          {"params", {{"stride", 4}, {"repeats", 8}}},
          {"median_ms", 0.04},
          {"ncu", {{"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", 1.0}}}}},
        {"y", {{"kernel", "smem_stride"}, {"params", {{"stride", 1}, {"repeats", 8}}}, {"median_ms", 0.01}}},
        {"z", {{"kernel", "smem_stride"}, {"params", {{"stride", 1}, {"repeats", 8}}}, {"median_ms", 0.02}}}};
    std::ofstream(dir / "a.json") << nlohmann::json{
        {"gpu", "Synthetic A"}, {"kernels", kernels}, {"calibration", synthetic_calibration()}};
    std::ofstream(dir / "b.json") << nlohmann::json{{"gpu", "Synthetic B"}, {"kernels", kernels}};
    setenv("WARPSCOPE_MEASUREMENTS_DIR", dir.c_str(), 1);
  }
  void TearDown() override {
    unsetenv("WARPSCOPE_MEASUREMENTS_DIR");
    std::filesystem::remove_all(dir);
  }
};

ws::kernels::KernelParams stride(int s) {
  ws::kernels::KernelParams p = ws::kernels::find_kernel("smem_stride")->defaults;
  p.stride = s;
  p.repeats = 8;
  return p;
}

}  // namespace

TEST_F(TimingsModelTest, SweepEntriesArePredictedAndPaired) {
  ws::gui::TimingsModel t;
  ASSERT_EQ(t.recorded.size(), 2u);
  t.selected = 0;
  const ws::gui::MeasurementSet& a = t.recorded[0];
  EXPECT_EQ(a.kernels.size(), 2u);  // the repeated stride-1 entry counts once
  const ws::gui::Measurement* four = a.find("smem_stride", stride(4));
  ASSERT_NE(four, nullptr);  // a sweep entry, found by its parameters: its ncu counters show
  EXPECT_FALSE(four->ncu.empty());
  EXPECT_EQ(a.find("smem_stride"), nullptr);  // nothing recorded at the defaults
  t.wait_predictions();
  for (const auto& m : a.kernels) EXPECT_NE(t.prediction(m), nullptr) << m.key;
  const auto pairs = ws::gui::pair_views(t);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0].baseline, four);
  EXPECT_DOUBLE_EQ(pairs[0].measured, four->median_ms / a.find("smem_stride", stride(1))->median_ms);
  EXPECT_DOUBLE_EQ(pairs[0].predicted, t.prediction(*four)->predicted_ms /
                                           t.prediction(*a.find("smem_stride", stride(1)))->predicted_ms);
  EXPECT_FALSE(pairs[0].sentence.empty());
}

TEST_F(TimingsModelTest, AnotherGpuIsPredictedAgainAndNoCalibrationMeansNoPrediction) {
  ws::gui::TimingsModel t;
  t.selected = 0;
  t.wait_predictions();
  t.selected = 1;  // Synthetic B: no calibration
  t.wait_predictions();
  EXPECT_TRUE(t.predictions_ready());
  for (const auto& m : t.recorded[1].kernels) EXPECT_EQ(t.prediction(m), nullptr);
  EXPECT_EQ(ws::gui::pair_views(t).at(0).predicted, 0.0);
}

// A screenshot predicts only what its picture shows (issue 27: every
// screenshot used to wait for the whole recorded set, 3.3 s of one core on the
// H100's): the entry of the kernel shown and the other sides of its lesson
// pairs; an entry it does not show gets none, and the whole set is not started.
TEST_F(TimingsModelTest, AScreenshotPredictsOnlyTheEntriesItShows) {
  ws::gui::TimingsModel t;
  t.selected = 0;
  const ws::gui::MeasurementSet& a = t.recorded[0];
  const ws::gui::Measurement* four = a.find("smem_stride", stride(4));
  const ws::gui::Measurement* one = a.find("smem_stride", stride(1));
  ASSERT_TRUE(four && one);
  const auto beside = t.entries_beside("smem_stride", stride(4));
  ASSERT_EQ(beside.size(), 2u);  // itself and its pair's other side
  EXPECT_EQ(beside[0], four);
  EXPECT_EQ(beside[1], one);
  EXPECT_TRUE(t.entries_beside("smem_stride", stride(7)).empty());  // not measured
  t.predict_only({four});
  EXPECT_NE(t.prediction(*four), nullptr);
  EXPECT_EQ(t.prediction(*one), nullptr);
  t.ensure_predictions();  // what a panel calls every frame: the whole set stays unstarted
  EXPECT_TRUE(t.predictions_ready());
  EXPECT_EQ(t.prediction(*one), nullptr);
}

namespace {

// The browser's predictions, a unit at a time: an entry put first is the next
// one predicted, each shows in so_far() as soon as it is done, and the set
// comes out the same as without reordering.
TEST_F(TimingsModelTest, AnEntryPutFirstIsPredictedNextAndTheSetIsUnchanged) {
  using namespace ws;
  const auto* stride = kernels::find_kernel("smem_stride");
  const auto* transpose = kernels::find_kernel("transpose_shared");
  ASSERT_TRUE(stride && transpose);
  gui::TimingsModel t;
  const gui::MeasurementSet* a = t.shown();
  ASSERT_TRUE(a && a->calibration.present);
  const kernels::Calibration c = a->calibration;
  ws::gui::PredictionJobs jobs;
  for (int s : {1, 2, 4, 8}) {
    kernels::KernelParams p = stride->defaults;
    p.stride = s;
    jobs.emplace_back(stride, p);
  }
  jobs.emplace_back(transpose, transpose->defaults);  // the costliest: last in the cheapest-first order
  const std::size_t costly = jobs.size() - 1;
  using Clock = ws::gui::SliceClock;
  auto run_all = [&](bool reorder, std::vector<std::size_t>* finished) {
    ws::gui::PredictionSlices slices(jobs, c);
    for (int calls = 0; calls < 100000; ++calls) {
      if (reorder && calls == 1) slices.put_first({costly});
      auto done = slices.step(Clock::now());
      for (std::size_t i = 0; i < jobs.size(); ++i) {
        const bool ready = done ? (*done)[i].has_value() : slices.so_far()[i].has_value();
        if (ready && std::find(finished->begin(), finished->end(), i) == finished->end())
          finished->push_back(i);
      }
      if (done) return *done;
    }
    ADD_FAILURE() << "the slices never finished";
    return ws::gui::Predictions{};
  };
  std::vector<std::size_t> plain_order, reordered;
  const auto plain = run_all(false, &plain_order);
  const auto first = run_all(true, &reordered);
  ASSERT_EQ(plain_order.size(), jobs.size());
  ASSERT_EQ(reordered.size(), jobs.size());
  EXPECT_EQ(plain_order.back(), costly) << "the cheapest-first order would not have made it wait";
  // The first step may have finished one cheap entry before put_first: the costly one is next.
  EXPECT_LE(std::find(reordered.begin(), reordered.end(), costly) - reordered.begin(), 1);
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    ASSERT_TRUE(plain[i] && first[i]) << i;
    EXPECT_DOUBLE_EQ(plain[i]->predicted_ms, first[i]->predicted_ms) << i;
  }
}

}  // namespace
