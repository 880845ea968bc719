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

LessonPlayer::LessonPlayer() : library_(lessons::load_library()) {
  if (!use_deck("default")) {
    // No default deck (a lessons folder of a teacher's own): every lesson in file order.
    deck_ = lessons::whole_library_deck(library_);
    if (deck_error_.find("is not a deck") != std::string::npos) deck_error_.clear();
  }
}

LessonPlayer::~LessonPlayer() { stop_resolving(); }

void LessonPlayer::stop_resolving() {
  if (!resolving_.valid()) return;
  stop_resolving_->store(true);
  resolving_.wait();  // within one simulated warp: the job asks the flag between warps
  (void)resolving_.get();
}

void LessonPlayer::take_resolved() {
  Result<lessons::ResolvedStep> r = resolving_.get();
  if (!r) {
    error_ = fmt::format("{}: steps[{}].{}", lesson()->file_name(), step_, r.error().message);
    return;
  }
  resolved_.emplace(std::move(*r));
}

void LessonPlayer::poll() {
  if (resolving_.valid() && resolving_.ready()) take_resolved();
}

void LessonPlayer::wait() {
  if (!resolving_.valid()) return;
  resolving_.wait();
  take_resolved();
}

bool LessonPlayer::use_deck(const std::string& name_or_path) {
  auto d = lessons::load_deck(name_or_path, library_);
  if (!d) {
    deck_error_ = d.error().message;
    return false;
  }
  deck_ = std::move(*d);
  deck_error_.clear();
  return true;
}

int LessonPlayer::deck_lesson() const { return open() ? deck_.index_of(lesson()->id) : -1; }

void LessonPlayer::open_deck_lesson(int index, AppState& state) {
  if (index < 0 || index >= static_cast<int>(deck_.entries.size())) return;
  move_to(lessons::entry_start(deck_, index), state);
}

void LessonPlayer::open_deck_start(AppState& state) {
  if (deck_.entries.empty()) return;
  move_to(lessons::deck_start(deck_), state);
}

bool LessonPlayer::open_at(const lessons::DeckPosition& at, AppState& state) {
  if (at.lesson < 0 || at.lesson >= static_cast<int>(deck_.entries.size())) return false;
  const lessons::Lesson* l = library_.find(deck_.entries[static_cast<std::size_t>(at.lesson)].lesson);
  if (!l || at.step < 0 || at.step >= static_cast<int>(l->steps.size())) return false;
  if (at.part == lessons::DeckPart::Recap && (!deck_.recap || !l->remember || l->remember->step != at.step)) return false;
  if (at.part == lessons::DeckPart::Title && !deck_.title_slide) return false;
  move_to(at, state);
  return true;
}

bool LessonPlayer::forward(AppState& state) {
  if (!open()) {
    if (deck_.entries.empty()) return false;
    open_deck_start(state);
    return open();
  }
  const int in_deck = deck_lesson();
  if (in_deck < 0) {
    // A lesson outside the deck: reveal, then its steps, and its end is the end.
    if (current_step()->question && !revealed) return reveal(state), true;
    if (step_ + 1 >= step_count()) return false;
    next(state);
    return true;
  }
  lessons::DeckPosition at{in_deck, step_, revealed, deck_part_};
  if (!lessons::step_forward(deck_, library_, at)) return false;
  move_to(at, state);
  return true;
}

bool LessonPlayer::back(AppState& state) {
  if (!open()) return false;
  const int in_deck = deck_lesson();
  if (in_deck < 0) {
    if (revealed) return unreveal(state), true;
    if (step_ == 0) return false;
    go_to(step_ - 1, state);
    if (current_step()->question) reveal(state);
    return true;
  }
  lessons::DeckPosition at{in_deck, step_, revealed, deck_part_};
  if (!lessons::step_back(deck_, library_, at)) return false;
  move_to(at, state);
  return true;
}

void LessonPlayer::move_to(const lessons::DeckPosition& at, AppState& state) {
  const std::string& id = deck_.entries[static_cast<std::size_t>(at.lesson)].lesson;
  if (!open() || id != lesson()->id) start(id, at.step, state);
  else go_to(at.step, state);
  if (at.revealed && !revealed) reveal(state);
  else if (!at.revealed && revealed) unreveal(state);
  deck_part_ = at.part;
}

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
  stop_resolving();
  lesson_ = -1;
  deck_part_ = lessons::DeckPart::Step;
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
  deck_part_ = lessons::DeckPart::Step;  // move_to() sets the title or recap after
  step = std::clamp(step, 0, step_count() - 1);
  if (step == step_) return;
  step_ = step;
  chosen = -1;
  typed = 0;
  revealed = false;
  stop_resolving();
  resolved_.reset();
  error_.clear();
  const lessons::Step& s = lesson()->steps[step_];
  auto stop = std::make_shared<std::atomic<bool>>(false);
  stop_resolving_ = stop;
  lessons::StepResolution resolution(s, [stop] { return !stop->load(); });
  if (background_) {
    // The window draws on while it works; most steps finish within the grace
    // and show at once, without a frame of "working out" between.
    auto shared = std::make_shared<lessons::StepResolution>(std::move(resolution));
    resolving_.start([shared](SliceClock::time_point until) { return shared->step(until); });
    resolving_.wait_for(kActionGrace);
    poll();
  } else {
    for (;;)
      if (auto r = resolution.step(SliceClock::time_point::max())) {
        if (*r) resolved_.emplace(std::move(**r));
        else error_ = fmt::format("{}: steps[{}].{}", lesson()->file_name(), step_, r->error().message);
        break;
      }
  }
  if (!error_.empty()) return;
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
