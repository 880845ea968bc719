// A lesson step resolved in pieces, so that the window keeps drawing while it
// works. A step whose facts need whole-kernel simulations (lesson 12 compares
// three matmuls) takes a third of a second natively and seconds in the web
// page, which has no threads: computed in the frame that opens the step, it
// froze the page. The pieces:
//   1. build the step's facts (trace its warps: milliseconds);
//   2. find which fact tables name a whole-kernel or predicted fact, by filling
//      the step's texts with those facts deferred (FactTable::defer_whole);
//   3. simulate each such kernel as a kernels::ReportRun, slice by slice;
//   4. fill the texts and question with the real values.
// Stepped to the end it gives what resolve_step() gives (lesson tests check
// every step of every lesson both ways).
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>

#include "lessons/lesson.hpp"
#include "lessons/lesson_facts.hpp"
#include "ws/result.hpp"

namespace ws::lessons {

class StepResolution {
 public:
  // `keep_going` is asked between pieces and within a simulation; false stops
  // the work, and step() then returns an Error saying it was cancelled.
  explicit StepResolution(Step step, std::function<bool()> keep_going = {});
  ~StepResolution();
  StepResolution(StepResolution&&) noexcept;
  StepResolution& operator=(StepResolution&&) noexcept;

  // Works until `until` has passed (at least one piece: a warp's trace, a
  // simulated warp); the resolved step, or why it cannot be shown, once finished.
  std::optional<Result<ResolvedStep>> step(std::chrono::steady_clock::time_point until);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ws::lessons
