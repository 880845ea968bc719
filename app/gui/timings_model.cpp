// TimingsModel: recorded files read at start, the GPU probed once, the live
// bench and the predictions each in their own background task.
#include "gui/timings_model.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

#include "gui/browser.hpp"
#include "gui/prediction_slices.hpp"
#include "ws/kernels/work.hpp"

namespace ws::gui {
namespace {

// The last predictions made in this process, by set and entries: every AppState
// predicts the same recorded set, and `export --deck` makes one per slide (about
// 3 s each on two cores without this).
struct PredictionMemo {
  std::mutex lock;
  std::string origin;
  PredictionJobs jobs;
  Predictions results;
  bool filled = false;
};

// Each entry's prediction, on every core, the costliest first (a matmul's flops
// dominate): every screenshot waits for these, 3.3 s of one core for the H100's
// 80 entries (docs/performance.md "Heavy states").
Predictions predict_entries(const PredictionJobs& jobs, const kernels::Calibration& calibration) {
  Predictions out(jobs.size());
  auto predict_one = [&](std::size_t i) {
    const auto& [k, p] = jobs[i];
    try {
      if (!k || kernels::check_params(*k, p, default_preset())) return;
      // A file's sizes could ask for minutes of simulation: no prediction then.
      if (kernels::check_work(*k, p, default_preset().warp_lanes)) return;
      out[i] = kernels::predict(*k, p, calibration);
    } catch (const std::exception&) {
      // A kernel the simulator cannot run at these sizes gets no prediction.
    }
  };
  std::vector<std::size_t> order = cheapest_first(jobs);
  std::reverse(order.begin(), order.end());
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t n = next++; n < order.size(); n = next++) predict_one(order[n]);
  };
  std::vector<std::thread> helpers(std::clamp(std::thread::hardware_concurrency(), 1u, 8u) - 1);
  for (std::thread& t : helpers) t = std::thread(worker);
  worker();
  for (std::thread& t : helpers) t.join();
  return out;
}

PredictionMemo& prediction_memo() {
  static PredictionMemo memo;
  return memo;
}

}  // namespace

const Measurement* MeasurementSet::find(std::string_view kernel, const kernels::KernelParams& params) const {
  for (const Measurement& m : kernels)
    if (m.kernel == kernel && m.params == params) return &m;
  return nullptr;
}

const Measurement* MeasurementSet::find(std::string_view kernel) const {
  const kernels::KernelDescriptor* k = kernels::find_kernel(kernel);
  return k ? find(kernel, k->defaults) : nullptr;
}

TimingsModel::TimingsModel() {
  recorded = load_recorded_measurements(&recorded_error, &skipped_files);
  std::string name;
  gpu_reason = probe_gpu(&name);
  gpu = gpu_reason.empty() ? GpuStatus::Present : GpuStatus::Absent;
  gpu_name = name;
}

TimingsModel::~TimingsModel() {
  if (live_job_.valid()) live_job_.wait();
  if (predict_job_.valid()) predict_job_.wait();
}

const MeasurementSet* TimingsModel::shown() const {
  if (live_) return &*live_;
  if (selected >= 0 && selected < static_cast<int>(recorded.size())) return &recorded[selected];
  return nullptr;
}

std::string TimingsModel::live_stage() const {
  std::lock_guard lock(stage_mutex_);
  return stage_;
}

void TimingsModel::start_live_bench() {
  if (live_job_.valid() || gpu != GpuStatus::Present) return;
  live_error_.clear();
  progress_ = 0.0f;
  live_job_.start([this](SliceClock::time_point) {
    return std::optional(run_live_bench([this](float fraction, const std::string& kernel) {
      progress_ = fraction;
      std::lock_guard lock(stage_mutex_);
      stage_ = kernel;
    }));
  });
}

void TimingsModel::poll() {
  if (live_job_.ready()) {
    try {
      live_ = live_job_.get();
      predictions_started_ = false;  // a new set: predict it
    } catch (const std::exception& e) {
      live_error_ = e.what();
    }
  }
  if (predict_job_.ready()) {
    slices_.reset();
    collect(predict_job_.get());
  } else if (slices_) {
    collect(slices_->so_far());
  }
}

void TimingsModel::collect(const Predictions& results) {
  const MeasurementSet* set = shown();
  // Another set may be shown by now: then ensure_predictions() starts again.
  if (set && set->origin == predicted_origin_ && results.size() == set->kernels.size())
    for (std::size_t i = 0; i < results.size(); ++i)
      if (results[i]) predicted_.emplace(&set->kernels[i], *results[i]);
}

void TimingsModel::predict_first(const std::vector<const Measurement*>& entries) {
  const MeasurementSet* set = shown();
  if (!slices_ || !set || set->origin != predicted_origin_) return;
  std::vector<std::size_t> indices;
  for (const Measurement* m : entries)
    if (m >= set->kernels.data() && m < set->kernels.data() + set->kernels.size())
      indices.push_back(static_cast<std::size_t>(m - set->kernels.data()));
  slices_->put_first(indices);
}

void TimingsModel::wait_live_bench() {
  if (live_job_.valid()) live_job_.wait();
  poll();
}

void TimingsModel::ensure_predictions() {
  const MeasurementSet* set = shown();
  if (!set || predict_job_.valid()) return;
  if (predictions_started_ && predicted_origin_ == set->origin) return;
  predictions_started_ = true;
  predicted_origin_ = set->origin;
  predicted_.clear();
  if (!set->calibration.present) return;  // the panels say so
  std::vector<std::pair<const kernels::KernelDescriptor*, kernels::KernelParams>> jobs;
  for (const Measurement& m : set->kernels) jobs.emplace_back(kernels::find_kernel(m.kernel), m.params);
  // Natively every core predicts the whole set in one go; in the browser (no
  // threads) one entry after another, a slice per frame.
  auto slices = std::make_shared<PredictionSlices>(jobs, set->calibration);
  if (in_browser()) slices_ = slices;
  predict_job_.start([jobs, calibration = set->calibration, origin = set->origin,
                      slices](SliceClock::time_point until) -> std::optional<Predictions> {
    PredictionMemo& memo = prediction_memo();
    {
      std::lock_guard<std::mutex> held(memo.lock);
      if (memo.filled && memo.origin == origin && memo.jobs == jobs) return memo.results;
    }
    std::optional<Predictions> done = in_browser() ? slices->step(until) : predict_entries(jobs, calibration);
    if (!done) return std::nullopt;
    Predictions out = std::move(*done);
    std::lock_guard<std::mutex> held(memo.lock);
    memo.origin = origin;
    memo.jobs = jobs;
    memo.results = out;
    memo.filled = true;
    return out;
  });
}

void TimingsModel::predict_only(const std::vector<const Measurement*>& entries) {
  const MeasurementSet* set = shown();
  if (!set || predict_job_.valid() || (predictions_started_ && predicted_origin_ == set->origin))
    return wait_predictions();  // the whole set is on its way or done already
  predictions_started_ = true;
  predicted_origin_ = set->origin;
  predicted_.clear();
  if (!set->calibration.present) return;
  std::vector<const Measurement*> unique;
  for (const Measurement* m : entries)
    if (m && std::find(unique.begin(), unique.end(), m) == unique.end()) unique.push_back(m);
  PredictionJobs jobs;
  for (const Measurement* m : unique) jobs.emplace_back(kernels::find_kernel(m->kernel), m->params);
  const Predictions out = predict_entries(jobs, set->calibration);
  for (std::size_t i = 0; i < unique.size(); ++i)
    if (out[i]) predicted_.emplace(unique[i], *out[i]);
}

std::vector<const Measurement*> TimingsModel::entries_beside(std::string_view kernel,
                                                             const kernels::KernelParams& params) const {
  std::vector<const Measurement*> out;
  const MeasurementSet* set = shown();
  const Measurement* here = set ? set->find(kernel, params) : nullptr;
  if (!here) return out;
  out.push_back(here);
  for (const kernels::LessonPair& p : pairs())
    if (p.baseline == here || p.variant == here)
      for (const Measurement* side : {p.baseline, p.variant})
        if (std::find(out.begin(), out.end(), side) == out.end()) out.push_back(side);
  return out;
}

void TimingsModel::wait_predictions() {
  ensure_predictions();
  if (predict_job_.valid()) predict_job_.wait();
  poll();
}

const kernels::Prediction* TimingsModel::prediction(const Measurement& m) const {
  auto it = predicted_.find(&m);
  return it == predicted_.end() ? nullptr : &it->second;
}

std::vector<kernels::LessonPair> TimingsModel::pairs() const {
  const MeasurementSet* set = shown();
  return set ? kernels::lesson_pairs(*set) : std::vector<kernels::LessonPair>{};
}

std::string TimingsModel::notice() const {
  if (gpu == GpuStatus::Present) return {};
  std::string s = "No GPU here: simulation only";
  if (const MeasurementSet* m = shown())
    s += fmt::format(", timings recorded on {} ({})", m->gpu, m->date);
  else
    s += ", and no recorded timings";
  return s;
}

}  // namespace ws::gui
