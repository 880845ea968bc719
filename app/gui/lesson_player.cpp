#include "gui/lesson_player.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace ws::gui {

std::optional<std::string> apply_step_state(const lessons::StepState& s, AppState& state) {
  const auto presets = all_presets();
  const auto arch = std::find_if(presets.begin(), presets.end(), [&](const ArchPreset& p) { return p.name == s.arch; });
  if (arch == presets.end()) return fmt::format("arch: '{}' is not a preset", s.arch);
  state.set_source(InstructionSource::Kernel);
  state.playback.playing = false;
  // Preset first, then kernel and parameters together: one simulation of the pair.
  if (state.arch_index != arch - presets.begin()) state.arch_index = static_cast<int>(arch - presets.begin());
  if (!state.select_kernel(s.kernel, &s.params)) return fmt::format("kernel: '{}' is not a catalog kernel", s.kernel);
  if (state.param_error) return "params: " + *state.param_error;
  state.set_block(s.block);
  state.set_warp(s.warp);
  state.view.highlight_lanes = s.highlight_lanes;
  state.view.highlight_banks = s.highlight_banks;
  if (s.site.empty()) {
    state.set_instruction(0);
    return std::nullopt;
  }
  // Executions count over every site of that name (two sites may share one), as prepare() does.
  int seen = 0;
  for (int i = 0; i < state.instruction_count(); ++i)
    if (state.trace.sites[state.trace.instructions[i].site].name == s.site && seen++ == s.occurrence) {
      state.set_instruction(i);
      return std::nullopt;
    }
  return fmt::format("site: '{}' (execution {}) is not in this warp", s.site, s.occurrence + 1);
}

LessonPlayer::LessonPlayer() : library_(lessons::load_library()) {}

bool LessonPlayer::start(std::string_view id, int step, AppState& state) {
  for (std::size_t i = 0; i < library_.lessons.size(); ++i)
    if (library_.lessons[i].id == id) {
      lesson_ = static_cast<int>(i);
      step_ = -1;
      go_to(step, state);
      return true;
    }
  return false;
}

void LessonPlayer::close(AppState& state) {
  lesson_ = -1;
  resolved_.reset();
  state.view.conceal = {};
  state.view.beside.reset();
  state.view.beside_name.clear();
  error_.clear();
  state.view.highlight_lanes.clear();
  state.view.highlight_banks.clear();
}

void LessonPlayer::go_to(int step, AppState& state) {
  if (!open()) return;
  step = std::clamp(step, 0, step_count() - 1);
  if (step == step_) return;
  step_ = step;
  chosen = -1;
  typed = 0;
  revealed = false;
  resolved_.reset();
  error_.clear();
  const lessons::Step& s = lesson()->steps[step_];
  auto r = lessons::resolve_step(s);
  if (!r) {
    error_ = fmt::format("{}: steps[{}].{}", lesson()->file_name(), step_, r.error().message);
    return;
  }
  resolved_.emplace(std::move(*r));
  if (auto bad = apply_step_state(s.state, state)) {
    error_ = fmt::format("{}: steps[{}].state.{}", lesson()->file_name(), step_, *bad);
    return;
  }
  view_request_ = s.state.view;
  state.view.beside.reset();
  state.view.beside_name.clear();
  if (!s.beside.empty()) {
    state.view.beside = s.compare.at(s.beside);
    state.view.beside_name = s.beside;
  }
  state.view.conceal = s.question ? lessons::concealment_of(*s.question) : lessons::Concealment{};
}

void LessonPlayer::reveal(AppState& state) {
  revealed = true;
  state.view.conceal = {};
}

void LessonPlayer::unreveal(AppState& state) {
  const lessons::Step* s = current_step();
  if (!s || !s->question) return;
  revealed = false;
  state.view.conceal = lessons::concealment_of(*s->question);
}

bool LessonPlayer::prediction_right() const {
  if (!resolved_ || !resolved_->question) return false;
  const lessons::ResolvedQuestion& q = *resolved_->question;
  if (q.correct >= 0) return chosen == q.correct;
  // A count must be exact; a ratio or a time is predicted when within 5%.
  const bool whole = q.answer == std::round(q.answer);
  return std::abs(typed - q.answer) <= (whole ? 1e-9 : 0.05) * std::max(1.0, std::abs(q.answer));
}

std::optional<lessons::View> LessonPlayer::take_view_request() {
  auto v = view_request_;
  view_request_.reset();
  return v;
}

}  // namespace ws::gui
