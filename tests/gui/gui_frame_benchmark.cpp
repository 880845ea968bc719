// Frame time of the window, run by hand: under xvfb-run where
// there is no display. Not a timed test: the figures go to docs/performance.md.
//
//   BM_FrameCpu          warpscope's own CPU work per frame (ImGui layout and
//                        draw lists) on the busiest view: transpose_shared's
//                        32-way column read, bank map + shared array + code + timings
//   BM_FrameCpuStepping  the same while re-simulating every frame (next
//                        instruction; a new warp traced every 8 frames)
//   BM_FrameFull         the whole frame including llvmpipe's rendering and the swap
//   BM_FirstFrame        start (model, window, fonts) to the first frame on screen
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <memory>

#include "gui/session.hpp"

namespace ws::gui {
namespace {

struct Scene {
  AppState state;
  std::unique_ptr<GlWindow> window;
  Workbench bench;

  Scene() {
    WindowOptions o;
    o.visible = false;
    std::string error;
    window = GlWindow::open(o, state, &error);
    if (!window) {
      std::fprintf(stderr, "%s\n", error.c_str());
      return;
    }
    state.select_kernel("transpose_shared");
    for (std::size_t i = 0; i < state.trace.sites.size(); ++i)
      if (state.trace.sites[i].space == Space::Shared && state.trace.sites[i].op == Op::Load)
        state.select_site(static_cast<int>(i));
    state.whole_kernel.wait();
    state.timings.wait_predictions();
    for (int i = 0; i < 3; ++i) {  // settle tabs and fonts
      build_frame(*window, bench, state, 1.0 / 60);
      window->end_frame();
    }
  }
};

void BM_FrameCpu(benchmark::State& st) {
  Scene s;
  if (!s.window) return st.SkipWithError("no display (run under xvfb-run)");
  for (auto _ : st) {
    build_frame(*s.window, s.bench, s.state, 1.0 / 60);
    s.window->end_frame_without_drawing();
  }
}
BENCHMARK(BM_FrameCpu)->Unit(benchmark::kMillisecond);

void BM_FrameCpuStepping(benchmark::State& st) {
  Scene s;
  if (!s.window) return st.SkipWithError("no display (run under xvfb-run)");
  int frame = 0;
  for (auto _ : st) {
    s.state.step_instruction(1);
    if (++frame % 8 == 0) s.state.step_warp(1);
    build_frame(*s.window, s.bench, s.state, 1.0 / 60);
    s.window->end_frame_without_drawing();
  }
}
BENCHMARK(BM_FrameCpuStepping)->Unit(benchmark::kMillisecond);

void BM_FrameFull(benchmark::State& st) {
  Scene s;
  if (!s.window) return st.SkipWithError("no display (run under xvfb-run)");
  for (auto _ : st) {
    build_frame(*s.window, s.bench, s.state, 1.0 / 60);
    s.window->end_frame();
  }
}
BENCHMARK(BM_FrameFull)->Unit(benchmark::kMillisecond);

void BM_FirstFrame(benchmark::State& st) {
  for (auto _ : st) {
    const auto t0 = std::chrono::steady_clock::now();
    AppState state;
    WindowOptions o;
    o.visible = false;
    std::string error;
    auto window = GlWindow::open(o, state, &error);
    if (!window) return st.SkipWithError("no display (run under xvfb-run)");
    Workbench bench;
    build_frame(*window, bench, state, 0);
    window->end_frame();
    st.SetIterationTime(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
}
BENCHMARK(BM_FirstFrame)->UseManualTime()->Iterations(3)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace ws::gui

BENCHMARK_MAIN();
