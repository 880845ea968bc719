// Work off the frame, written once for both builds. A job is a function that
// does a slice of its work until a deadline and returns the value once it is
// finished. Natively a thread runs it to the end at once (std::async); in the
// browser, which has no threads, poll() runs one slice inside each frame, so a
// whole-kernel simulation of several seconds never freezes the page.
#pragma once

#include <chrono>
#include <exception>
#include <functional>
#include <future>
#include <optional>
#include <utility>

namespace ws::gui {

using SliceClock = std::chrono::steady_clock;

// Where this frame's slices stop (browser): the page's main loop sets it before
// each frame; every job polled in that frame shares it, and each does at least
// one unit of work (a probe, a warp) however late it is.
inline SliceClock::time_point& slice_deadline() {
  static SliceClock::time_point deadline{};
  return deadline;
}

// Where this frame's slices of filler work stop: the predictions of the whole
// recorded set, which nothing on screen waits for (only the Timings tab's
// table). The page sets it a few milliseconds into a frame while the user is
// acting, so that keys and clicks are answered at the frame rate the drawing
// allows, and to slice_deadline() when the page is idle; natively threads run
// the work and no deadline applies.
inline SliceClock::time_point& filler_deadline() {
  static SliceClock::time_point deadline = SliceClock::time_point::max();
  return deadline;
}

// How long an action (a key that opens a lesson step) may wait for the work it
// started before the frame goes on without it: long enough that most work
// finishes unseen, short enough that a frame stays near 60 per second.
#ifdef __EMSCRIPTEN__
inline constexpr std::chrono::milliseconds kActionGrace{8};
#else
inline constexpr std::chrono::milliseconds kActionGrace{50};
#endif

template <class T>
class Background {
 public:
  // One slice: work until `until`, then the value when finished, else nothing.
  using Step = std::function<std::optional<T>(SliceClock::time_point until)>;

  // Natively a thread runs `step` to the end; in the browser ready() runs it in slices.
  void start(Step step) {
#ifdef __EMSCRIPTEN__
    step_ = std::move(step);
    value_.reset();
    error_ = nullptr;
    started_ = true;
#else
    future_ = std::async(std::launch::async, [step = std::move(step)]() {
      for (;;)
        if (std::optional<T> v = step(SliceClock::time_point::max())) return std::move(*v);
    });
#endif
  }
  // Started and not yet taken with get().
  bool valid() const {
#ifdef __EMSCRIPTEN__
    return started_;
#else
    return future_.valid();
#endif
  }
  // Finished: get() returns at once. In the browser this runs a slice first.
  bool ready() {
#ifdef __EMSCRIPTEN__
    if (started_ && !value_ && !error_) run_until(slice_deadline());
    return started_ && (value_ || error_);
#else
    return future_.valid() && future_.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
#endif
  }
  // Waits (natively) or works (browser) for at most `d`; true when finished.
  bool wait_for(std::chrono::milliseconds d) {
#ifdef __EMSCRIPTEN__
    if (started_ && !value_ && !error_) run_until(SliceClock::now() + d);
    return started_ && (value_ || error_);
#else
    return future_.valid() && future_.wait_for(d) == std::future_status::ready;
#endif
  }
  // Blocks (natively) or runs every slice left (browser) until finished.
  void wait() {
#ifdef __EMSCRIPTEN__
    while (started_ && !value_ && !error_) run_until(SliceClock::time_point::max());
#else
    if (future_.valid()) future_.wait();
#endif
  }
  // The value, or the exception the work threw; the job is then no longer valid().
  T get() {
#ifdef __EMSCRIPTEN__
    wait();
    started_ = false;
    step_ = nullptr;
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
    T v = std::move(*value_);
    value_.reset();
    return v;
#else
    return future_.get();
#endif
  }

 private:
#ifdef __EMSCRIPTEN__
  void run_until(SliceClock::time_point until) {
    try {
      value_ = step_(until);
    } catch (...) {
      error_ = std::current_exception();
    }
  }
  Step step_;
  std::optional<T> value_;
  std::exception_ptr error_;
  bool started_ = false;
#else
  std::future<T> future_;
#endif
};

}  // namespace ws::gui
