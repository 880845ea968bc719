// What the Timings and Whole-kernel panels show: recorded measurements
// (assets/measurements/<gpu>.json: an H100 and an H200, with each GPU's
// calibration), a live bench and calibration on this machine's GPU in a
// background thread, and the model's prediction of every measured entry on
// that GPU (also in the background, gui/background.hpp: whole-kernel
// simulations take a while).
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "gui/background.hpp"
#include "gui/prediction_slices.hpp"
#include "ws/kernels/catalog.hpp"
#include "ws/kernels/lesson_pairs.hpp"
#include "ws/kernels/measurements.hpp"
#include "ws/kernels/prediction.hpp"

namespace ws::gui {

// One measured (kernel, parameters): timings, spread, ncu counters (recorded files only).
using Measurement = kernels::MeasuredKernel;

// A measurement file, or a live run; each (kernel, parameters) once, sweeps included.
struct MeasurementSet : kernels::Measurements {
  std::string origin;  // the file, or "live on this machine"
  // The entry at the kernel's catalog defaults, or at `params`; nullptr when not measured.
  const Measurement* find(std::string_view kernel) const;
  const Measurement* find(std::string_view kernel, const kernels::KernelParams& params) const;
};

enum class GpuStatus : std::uint8_t { Unknown, Present, Absent };

class TimingsModel {
 public:
  TimingsModel();
  ~TimingsModel();
  TimingsModel(const TimingsModel&) = delete;
  TimingsModel& operator=(const TimingsModel&) = delete;

  void poll();                // once per frame: collect finished background work
  void start_live_bench();    // needs a GPU; progress() reports
  void wait_live_bench();     // screenshots: block until the bench is done
  void ensure_predictions();  // for the shown set; restarts when another set is shown
  void wait_predictions();
  // Screenshots: predict now only `entries` of the shown set (what the picture
  // shows), on every core, instead of the whole set (wait_predictions()): the
  // whole set is 3.3 s of one core for the H100's 80 entries. Later panels see
  // no prediction for the others.
  void predict_only(const std::vector<const Measurement*>& entries);
  // The shown set's entry for (kernel, params) and the other sides of its lesson
  // pairs: the predictions the Timings tab shows for that kernel.
  std::vector<const Measurement*> entries_beside(std::string_view kernel,
                                                 const kernels::KernelParams& params) const;
  // While the set is predicted slice by slice (the browser), these entries
  // next: the Timings tab's kernel gets its prediction in a second or two, not
  // after the whole set. Natively the whole set is done in one go: nothing to do.
  void predict_first(const std::vector<const Measurement*>& entries);

  // The set the panels show: live results when there are any, else the chosen file.
  const MeasurementSet* shown() const;
  std::vector<MeasurementSet> recorded;
  int selected = 0;            // index into recorded
  std::string recorded_error;  // no folder or no file
  // One message per file that could not be read ("<file>: <field> ..."): the
  // file is skipped, the others are shown, the panel lists these.
  std::vector<std::string> skipped_files;
  GpuStatus gpu = GpuStatus::Unknown;
  std::string gpu_name, gpu_reason;  // reason: why no live bench (no GPU, no driver, CPU-only build)
  bool comparison_open = false;      // the "Measured vs predicted" window
  bool live_running() const { return live_job_.valid(); }
  float live_progress() const { return progress_.load(); }
  std::string live_stage() const;
  const std::optional<MeasurementSet>& live() const { return live_; }
  const std::string& live_error() const { return live_error_; }

  // The model's prediction of a measured entry of the shown set on its GPU;
  // nullptr while computing, without a calibration, or where the simulator cannot go.
  const kernels::Prediction* prediction(const Measurement& m) const;
  bool predictions_ready() const { return predictions_started_ && !predict_job_.valid(); }
  // The shown set's lesson pairs (catalog data matched by parameters).
  std::vector<kernels::LessonPair> pairs() const;
  // A line for the status bar: "No GPU: simulation + recorded timings (H100, 2026-11-20)".
  std::string notice() const;

 private:
  bool predictions_started_ = false;
  std::string predicted_origin_;  // the set the predictions are for
  Background<std::vector<std::optional<kernels::Prediction>>> predict_job_;
  // The browser's job, read between slices: its finished entries show at once.
  std::shared_ptr<PredictionSlices> slices_;
  void collect(const Predictions& results);
  std::map<const Measurement*, kernels::Prediction> predicted_;
  Background<MeasurementSet> live_job_;
  std::optional<MeasurementSet> live_;
  std::string live_error_;
  std::atomic<float> progress_{0.0f};
  mutable std::mutex stage_mutex_;
  std::string stage_;  // the kernel being timed, for the progress bar
};

// Provided by measurement_source.cpp, over the kernels library's bench and loader.
// *error: why there is nothing to read; *skipped: one message per bad file.
std::vector<MeasurementSet> load_recorded_measurements(std::string* error, std::vector<std::string>* skipped);
// Empty when a GPU can run the bench; else why not. Sets *name to the GPU's name.
std::string probe_gpu(std::string* name);
// Times every lesson run (each kernel's defaults and its contrasts) and
// calibrates the GPU; progress(fraction, kernel) from the bench thread.
MeasurementSet run_live_bench(const std::function<void(float, const std::string&)>& progress);

}  // namespace ws::gui
