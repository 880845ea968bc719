// TimingsModel: recorded files read at start, the GPU probed once, the live
// bench and the predictions each in their own background task.
#include "gui/timings_model.hpp"

#include <chrono>
#include <exception>

#include <fmt/format.h>

#include "ws/kernels/work.hpp"

namespace ws::gui {
namespace {

template <class T>
bool finished(const std::future<T>& f) {
  return f.valid() && f.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
}

}  // namespace

const Measurement* MeasurementSet::find(std::string_view kernel) const {
  for (const Measurement& m : kernels)
    if (m.kernel == kernel) return &m;
  return nullptr;
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
  live_job_ = std::async(std::launch::async, [this]() {
    return run_live_bench([this](float fraction, const std::string& kernel) {
      progress_ = fraction;
      std::lock_guard lock(stage_mutex_);
      stage_ = kernel;
    });
  });
}

void TimingsModel::poll() {
  if (finished(live_job_)) {
    try {
      live_ = live_job_.get();
    } catch (const std::exception& e) {
      live_error_ = e.what();
    }
  }
  if (finished(predict_job_)) predicted_ = predict_job_.get();
}

void TimingsModel::wait_live_bench() {
  if (live_job_.valid()) live_job_.wait();
  poll();
}

void TimingsModel::ensure_predictions() {
  if (predictions_started_) return;
  predictions_started_ = true;
  // Predict at the sizes measured (a file's params), else at the catalog defaults.
  std::vector<std::pair<const kernels::KernelInfo*, kernels::KernelParams>> jobs;
  const MeasurementSet* set = shown();
  for (const kernels::KernelInfo& k : kernels::catalog()) {
    const Measurement* m = set ? set->find(k.name) : nullptr;
    jobs.push_back({&k, m ? m->params : k.defaults});
  }
  predict_job_ = std::async(std::launch::async, [jobs]() {
    std::map<std::string, double> out;
    for (const auto& [k, p] : jobs) {
      try {
        if (kernels::check_params(*k, p, default_preset())) continue;
        // A file's sizes could ask for minutes of simulation: no prediction then.
        if (kernels::check_work(*k, p, default_preset().warp_lanes)) continue;
        out[std::string(k->name)] = kernels::report(*k, p, default_preset(), Dim3{0, 0, 0}, 0).simulated_seconds;
      } catch (const std::exception&) {
        // A kernel the simulator cannot run at these sizes gets no prediction.
      }
    }
    return out;
  });
}

void TimingsModel::wait_predictions() {
  ensure_predictions();
  if (predict_job_.valid()) predict_job_.wait();
  poll();
}

double TimingsModel::predicted_seconds(const std::string& kernel) const {
  auto it = predicted_.find(kernel);
  return it == predicted_.end() ? 0.0 : it->second;
}

std::string TimingsModel::notice() const {
  if (gpu == GpuStatus::Present) return {};
  std::string s = "No GPU here: simulation only";
  if (const MeasurementSet* m = shown()) s += fmt::format(", timings recorded on {} ({})", m->gpu, m->date);
  else s += ", and no recorded timings";
  return s;
}

}  // namespace ws::gui
