#include "lessons/step_resolution.hpp"

#include <exception>
#include <utility>
#include <vector>

#include "ws/kernels/report_run.hpp"

namespace ws::lessons {

struct StepResolution::Impl {
  Step step;
  std::function<bool()> keep_going;
  std::optional<ResolvedStep> resolved;   // facts built (piece 1) and filled at the end (piece 4)
  std::vector<FactTable*> wanting;        // tables whose whole-kernel facts are still to simulate
  std::optional<kernels::ReportRun> run;  // the simulation of wanting.front()

  bool cancelled() const { return keep_going && !keep_going(); }

  // Pieces 1 and 2.
  std::optional<Error> build() {
    auto facts = StepFacts::build(step);
    if (!facts) return Error{facts.error().message};
    resolved.emplace(ResolvedStep{std::move(*facts), {}, {}, {}, {}});
    for (FactTable* t : resolved->facts.tables()) t->defer_whole(true);
    // The texts filled with stand-ins: only which facts they name matters here.
    // A fill that fails early may miss a table; piece 4 then simulates it at once.
    (void)fill_resolved_step(step, *resolved);
    for (FactTable* t : resolved->facts.tables()) {
      t->defer_whole(false);
      if (t->whole_wanted() && !t->whole_done()) wanting.push_back(t);
    }
    return std::nullopt;
  }

  // Piece 3, until `until`: true once every wanted table has its report.
  bool simulate(std::chrono::steady_clock::time_point until) {
    while (!wanting.empty()) {
      FactTable& t = *wanting.front();
      const PreparedState& s = t.state();
      try {
        if (!run) {
          kernels::SimulationProgress progress;
          if (keep_going) progress.on_progress = [this](double) { return keep_going(); };
          run.emplace(*s.kernel, s.params, *s.arch, s.block, s.warp, std::move(progress));
        }
        if (!run->step(until)) return false;
        const std::optional<kernels::KernelReport> report = run->take();
        t.set_whole(report ? &*report : nullptr, "cancelled");
      } catch (const std::exception& e) {
        t.set_whole(nullptr, e.what());  // as the lazy simulation reports it
      }
      run.reset();
      wanting.erase(wanting.begin());
      if (std::chrono::steady_clock::now() >= until) return wanting.empty();
    }
    return true;
  }
};

StepResolution::StepResolution(Step step, std::function<bool()> keep_going)
    : impl_(std::make_unique<Impl>()) {
  impl_->step = std::move(step);
  impl_->keep_going = std::move(keep_going);
}
StepResolution::~StepResolution() = default;
StepResolution::StepResolution(StepResolution&&) noexcept = default;
StepResolution& StepResolution::operator=(StepResolution&&) noexcept = default;

std::optional<Result<ResolvedStep>> StepResolution::step(std::chrono::steady_clock::time_point until) {
  Impl& m = *impl_;
  if (m.cancelled()) return Result<ResolvedStep>{Error{"cancelled"}};
  if (!m.resolved) {
    if (auto e = m.build()) return Result<ResolvedStep>{*e};
    if (std::chrono::steady_clock::now() >= until) return std::nullopt;
  }
  // Piece 4, filled with the whole-kernel facts still deferred: a table the
  // stand-in fill of piece 2 missed (a question that failed on stand-ins before
  // it reached the table) is simulated in slices too, then the fill is redone,
  // never simulated inside the fill (148 ms of one frame in the web page).
  for (;;) {
    if (!m.simulate(until)) return std::nullopt;
    if (m.cancelled()) return Result<ResolvedStep>{Error{"cancelled"}};
    for (FactTable* t : m.resolved->facts.tables()) t->defer_whole(true);
    std::optional<Error> e = fill_resolved_step(m.step, *m.resolved);
    bool missed = false;
    for (FactTable* t : m.resolved->facts.tables()) {
      t->defer_whole(false);
      if (t->whole_wanted() && !t->whole_done()) {
        m.wanting.push_back(t);
        missed = true;
      }
    }
    if (!missed) {
      if (e) return Result<ResolvedStep>{*e};
      return Result<ResolvedStep>{std::move(*m.resolved)};
    }
    if (std::chrono::steady_clock::now() >= until) return std::nullopt;
  }
}

}  // namespace ws::lessons
