#include "gui/variant_jobs.hpp"

#include <chrono>
#include <exception>

#include <fmt/format.h>

#include "ws/arch.hpp"
#include "ws/kernels/prediction.hpp"
#include "gui/prediction_slices.hpp"
#include "ws/kernels/work.hpp"

namespace ws::gui {
namespace {

// The model's time for each kernel, or nothing where it cannot go (sizes that would
// take minutes to simulate, a kernel the simulator refuses): PredictionSlices' rows.
std::vector<VariantPrediction> rows_of(const Predictions& predicted) {
  std::vector<VariantPrediction> rows;
  for (const std::optional<kernels::Prediction>& p : predicted) {
    VariantPrediction row;
    if (p) {
      row.ms = p->predicted_ms;
      row.bound = std::string(p->bound);
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace

bool same_variant(const kernels::KernelVariant& a, const kernels::KernelVariant& b) {
  return a.spec().base == b.spec().base && a.spec().expression == b.spec().expression && a.params() == b.params();
}

VariantJobs::~VariantJobs() {
  if (predict_job_.valid()) predict_job_.wait();
  if (run_job_.valid()) run_job_.wait();
}

bool VariantJobs::requested(const kernels::KernelVariant& v, const std::string& gpu) const {
  auto same = [&](const std::optional<PredictRequest>& r) {
    return r && r->gpu == gpu && same_variant(*r->variant, v);
  };
  if (waiting_) return same(waiting_);  // a newer request replaces what runs now
  if (predict_job_.valid()) return same(running_request_);
  return predicted_ && predicted_->gpu == gpu && same_variant(*predicted_->variant, v);
}

void VariantJobs::predict(std::shared_ptr<const kernels::KernelVariant> v, const kernels::Calibration& calibration,
                          const std::string& gpu) {
  if (!v || requested(*v, gpu)) return;
  PredictRequest r{std::move(v), calibration, gpu};
  if (predict_job_.valid()) waiting_ = std::move(r);
  else start_predict(std::move(r));
}

void VariantJobs::start_predict(PredictRequest r) {
  running_request_ = r;
  // [0] the variant, then the kernels beside it. The variant's descriptor lives in
  // r.variant, which the job holds until it has finished.
  PredictionJobs jobs{{&r.variant->descriptor(), r.variant->params()}};
  for (const BesideKernel& b : beside_kernels(*r.variant)) jobs.emplace_back(b.kernel, b.params);
  auto slices = std::make_shared<PredictionSlices>(std::move(jobs), r.calibration);
  predict_job_.start([r = std::move(r), slices](SliceClock::time_point until) -> std::optional<VariantPredictions> {
    std::optional<Predictions> done = slices->step(until);
    if (!done) return std::nullopt;
    return VariantPredictions{r.variant, r.gpu, rows_of(*done)};
  });
}

const VariantPredictions* VariantJobs::predictions(const kernels::KernelVariant& v, const std::string& gpu) const {
  if (!predicted_ || predicted_->gpu != gpu || !same_variant(*predicted_->variant, v)) return nullptr;
  return &*predicted_;
}

void VariantJobs::wait_predictions() {
  while (predicting()) {
    if (predict_job_.valid()) predict_job_.wait();
    poll();
  }
}

void VariantJobs::start_run(std::shared_ptr<const kernels::KernelVariant> v, int repeat) {
  if (!v || run_job_.valid()) return;
  progress_ = 0.0f;
  {
    std::lock_guard lock(stage_mutex_);
    stage_ = "compiling";
  }
  run_job_.start([this, v = std::move(v), repeat](SliceClock::time_point) -> std::optional<VariantRunOutcome> {
    VariantRunOutcome out;
    out.variant = v;
    const std::vector<BesideKernel> beside = beside_kernels(*v);
    // The variant takes the first half of the bar, the kernels beside it the rest.
    const double share = 0.5 / std::max<std::size_t>(1, beside.size());
    auto report = [this](double fraction, std::string_view stage) {
      progress_ = static_cast<float>(fraction);
      std::lock_guard lock(stage_mutex_);
      stage_ = std::string(stage);
    };
    kernels::BenchOptions options;
    options.repeat = repeat;
    try {
      auto result = kernels::run_variant(*v, options, [&](double f, std::string_view stage) {
        report(0.5 * f, fmt::format("your variant: {}", stage));
      });
      if (auto* e = std::get_if<kernels::VariantRunError>(&result)) {
        out.error = e->message;
        return out;
      }
      out.run = std::move(std::get<kernels::VariantRun>(result));
      options.twin = false;
      for (std::size_t i = 0; i < beside.size(); ++i) {
        const double base = 0.5 + share * static_cast<double>(i);
        auto timed = kernels::bench_kernel(*beside[i].kernel, beside[i].params, options,
                                           [&](double f, std::string_view) { report(base + share * f, beside[i].label); });
        if (auto* t = std::get_if<kernels::BenchResult>(&timed)) out.beside.push_back(*t);
        else out.beside.push_back(std::nullopt);
      }
    } catch (const std::exception& e) {
      out.error = e.what();
    }
    return out;
  });
}

std::string VariantJobs::run_stage() const {
  std::lock_guard lock(stage_mutex_);
  return stage_;
}

const VariantRunOutcome* VariantJobs::run_of(const kernels::KernelVariant& v) const {
  return ran_ && same_variant(*ran_->variant, v) ? &*ran_ : nullptr;
}

void VariantJobs::wait_run() {
  if (run_job_.valid()) run_job_.wait();
  poll();
}

void VariantJobs::poll() {
  if (predict_job_.ready()) {
    predicted_ = predict_job_.get();
    running_request_.reset();
  }
  if (!predict_job_.valid() && waiting_) {
    PredictRequest r = std::move(*waiting_);
    waiting_.reset();
    start_predict(std::move(r));
  }
  if (run_job_.ready()) ran_ = run_job_.get();
}

}  // namespace ws::gui
