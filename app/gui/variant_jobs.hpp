// The background work behind "Your variant" (no ImGui here, so tests drive it):
//   predictions        the variant and the kernels beside it (kernels::beside_kernels()) predicted on one GPU's calibration
//   GPU run            run_variant (NVRTC, load, check, time) and the kernels beside it timed
// A whole-kernel prediction at 8192 x 8192 takes a tenth of a second per kernel
// and a GPU run seconds: both run in the background (gui/background.hpp: a
// thread natively, slices between frames in the browser) so typing never waits for them.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "gui/background.hpp"
#include "ws/kernels/bench.hpp"
#include "ws/kernels/measurements.hpp"
#include "ws/kernels/variant.hpp"
#include "ws/kernels/variant_gpu.hpp"

namespace ws::gui {

// The catalog kernels shown beside a variant: its base's VariantHints (ws/kernels/variant.hpp).
using kernels::BesideKernel;
using kernels::beside_kernels;

// Same typed variant: the same base, expression and parameters (a retyped
// expression is a new object but the same kernel, so its GPU run still applies).
bool same_variant(const kernels::KernelVariant& a, const kernels::KernelVariant& b);

struct VariantPrediction {
  std::optional<double> ms;  // empty where the model cannot go (too much work, an error)
  std::string bound;
};

// Predictions for one (variant, calibration): [0] the variant, then beside_kernels().
struct VariantPredictions {
  std::shared_ptr<const kernels::KernelVariant> variant;
  std::string gpu;  // the calibrated GPU's name
  std::vector<VariantPrediction> rows;
};

// A finished GPU run of a variant and the kernels beside it, timed in the same run.
struct VariantRunOutcome {
  std::shared_ptr<const kernels::KernelVariant> variant;
  std::optional<kernels::VariantRun> run;
  std::vector<std::optional<kernels::BenchResult>> beside;  // as beside_kernels(); empty when the variant failed
  std::string error;  // the NVRTC log or CUDA error; the run is empty then
};

class VariantJobs {
 public:
  VariantJobs() = default;
  VariantJobs(const VariantJobs&) = delete;
  VariantJobs& operator=(const VariantJobs&) = delete;
  ~VariantJobs();  // waits for running work: it holds the variant and the GPU

  // Starts predicting `v` on `calibration` unless that is already done or running;
  // a request made while one runs waits, replacing an earlier waiting one.
  void predict(std::shared_ptr<const kernels::KernelVariant> v, const kernels::Calibration& calibration,
               const std::string& gpu);
  // The latest finished predictions for `v` (same_variant) on `gpu`; nullptr while computing.
  const VariantPredictions* predictions(const kernels::KernelVariant& v, const std::string& gpu) const;
  bool predicting() const { return predict_job_.valid() || waiting_.has_value(); }
  void wait_predictions();

  // Compiles, checks and times `v` on this machine's GPU, then the kernels beside it.
  void start_run(std::shared_ptr<const kernels::KernelVariant> v, int repeat = 20);
  bool running() const { return run_job_.valid(); }
  float run_progress() const { return progress_.load(); }
  std::string run_stage() const;
  // The latest finished run when it was of `v`; else nullptr.
  const VariantRunOutcome* run_of(const kernels::KernelVariant& v) const;
  void wait_run();

  void poll();  // once per frame: collect finished work, start a waiting request

 private:
  struct PredictRequest {
    std::shared_ptr<const kernels::KernelVariant> variant;
    kernels::Calibration calibration;
    std::string gpu;
  };
  void start_predict(PredictRequest r);
  bool requested(const kernels::KernelVariant& v, const std::string& gpu) const;

  std::optional<PredictRequest> running_request_;  // what predict_job_ computes
  Background<VariantPredictions> predict_job_;
  std::optional<PredictRequest> waiting_;
  std::optional<VariantPredictions> predicted_;

  Background<VariantRunOutcome> run_job_;
  std::optional<VariantRunOutcome> ran_;
  std::atomic<float> progress_{0.0f};
  mutable std::mutex stage_mutex_;
  std::string stage_;
};

}  // namespace ws::gui
