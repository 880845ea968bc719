// What the Timings and Whole-kernel panels show: recorded measurements
// (assets/measurements/<gpu>.json: an H100 and an H200), a live bench on this machine's
// GPU in a background thread, and the cost model's predicted time of each
// kernel at the measured sizes (also in the background: whole-kernel
// simulations of 8192² matrices take a while).
#pragma once

#include <atomic>
#include <functional>
#include <future>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "ws/kernels/catalog.hpp"

namespace ws::gui {

struct Measurement {
  std::string kernel;
  kernels::KernelParams params;
  double median_ms = 0;
  double gbps = 0;    // bytes read + written over time
  double gflops = 0;  // matmul only
  std::map<std::string, double> ncu;  // Nsight Compute metric -> value (recorded files only)
};

struct MeasurementSet {
  std::string gpu, driver, cuda, date, origin;  // origin: the file, or "live on this machine"
  double memcpy_gbps = 0;                       // cudaMemcpy device-to-device: the ceiling
  std::vector<Measurement> kernels;
  const Measurement* find(std::string_view kernel) const;
};

enum class GpuStatus : std::uint8_t { Unknown, Present, Absent };

class TimingsModel {
 public:
  TimingsModel();
  ~TimingsModel();
  TimingsModel(const TimingsModel&) = delete;
  TimingsModel& operator=(const TimingsModel&) = delete;

  void poll();                 // once per frame: collect finished background work
  void start_live_bench();     // needs a GPU; progress() reports
  void wait_live_bench();      // screenshots: block until the bench is done
  void ensure_predictions();  // first use starts them (they cost seconds of CPU)
  void wait_predictions();

  // The set the panels show: live results when there are any, else the chosen file.
  const MeasurementSet* shown() const;
  std::vector<MeasurementSet> recorded;
  int selected = 0;                 // index into recorded
  std::string recorded_error;       // no folder or no file
  // One message per file that could not be read ("<file>: <field> ..."): the
  // file is skipped, the others are shown, the panel lists these.
  std::vector<std::string> skipped_files;
  GpuStatus gpu = GpuStatus::Unknown;
  std::string gpu_name, gpu_reason;  // reason: why no live bench (no GPU, no driver, CPU-only build)
  bool live_running() const { return live_job_.valid(); }
  float live_progress() const { return progress_.load(); }
  std::string live_stage() const;
  const std::optional<MeasurementSet>& live() const { return live_; }
  const std::string& live_error() const { return live_error_; }
  // Predicted seconds (cost model) of a kernel at the measured parameters; 0 while computing.
  double predicted_seconds(const std::string& kernel) const;
  bool predictions_ready() const { return predictions_started_ && !predict_job_.valid(); }
  // A line for the status bar: "No GPU: simulation + recorded timings (H100, 2026-11-20)".
  std::string notice() const;

 private:
  bool predictions_started_ = false;
  std::future<MeasurementSet> live_job_;
  std::future<std::map<std::string, double>> predict_job_;
  std::optional<MeasurementSet> live_;
  std::string live_error_;
  std::map<std::string, double> predicted_;
  std::atomic<float> progress_{0.0f};
  mutable std::mutex stage_mutex_;
  std::string stage_;  // the kernel being timed, for the progress bar
};

// Provided by measurement_source.cpp, over the kernels library's bench and loader.
// *error: why there is nothing to read; *skipped: one message per bad file.
std::vector<MeasurementSet> load_recorded_measurements(std::string* error, std::vector<std::string>* skipped);
// Empty when a GPU can run the bench; else why not. Sets *name to the GPU's name.
std::string probe_gpu(std::string* name);
// Times every catalog kernel; progress(fraction, kernel) from the bench thread.
MeasurementSet run_live_bench(const std::function<void(float, const std::string&)>& progress);

}  // namespace ws::gui
