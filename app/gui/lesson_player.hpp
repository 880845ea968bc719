// A lesson running in the window: which lesson and step, the step's resolved
// text and question, what the class predicted and whether it is revealed.
// Going to a step applies its whole state to AppState (kernel, parameters,
// preset, block, warp, instruction, highlights) and asks for its view.
#pragma once

#include <atomic>
#include <memory>
#include <optional>
#include <string>

#include "gui/app_state.hpp"
#include "gui/background.hpp"
#include "lessons/deck.hpp"
#include "lessons/lesson_facts.hpp"
#include "lessons/lesson_library.hpp"
#include "lessons/step_resolution.hpp"

namespace ws::gui {

class LessonPlayer {
 public:
  LessonPlayer();  // reads the library (bad files become messages, not failures)
  ~LessonPlayer();  // stops a step still being resolved
  LessonPlayer(const LessonPlayer&) = delete;
  LessonPlayer& operator=(const LessonPlayer&) = delete;

  // The window resolves a step's numbers off the frame (lessons/step_resolution.hpp):
  // going to a step applies its state at once and shows its text once resolved,
  // so a step that simulates three matmuls never freezes a frame. Off (the
  // default: the command line, exports, screenshots), a step is resolved before
  // go_to() returns.
  void resolve_in_background(bool on) { background_ = on; }
  // A step's numbers are still being worked out: resolved() and error() are empty.
  bool resolving() const { return resolving_.valid(); }
  // Once per frame: takes the resolved step when it is ready.
  void poll();
  // Blocks until the current step is resolved (a screenshot of the window).
  void wait();

  const lessons::LessonLibrary& library() const { return library_; }
  bool open() const { return lesson_ >= 0; }
  const lessons::Lesson* lesson() const { return open() ? &library_.lessons[lesson_] : nullptr; }
  int step() const { return step_; }  // from 0
  int step_count() const { return open() ? static_cast<int>(lesson()->steps.size()) : 0; }
  const lessons::Step* current_step() const { return open() ? &lesson()->steps[step_] : nullptr; }

  // Opens a lesson by id at `step` (from 0); false when there is no such lesson.
  // The deck stays: a lesson outside it runs alone (its end is the end).
  bool start(std::string_view id, int step, AppState& state);
  // The deck the forward key walks: the default deck (every lesson in teaching
  // order) until use_deck() names another. The error names the file and entry.
  const lessons::Deck& deck() const { return deck_; }
  const std::string& deck_error() const { return deck_error_; }
  bool use_deck(const std::string& name_or_path);
  // Where the class is in the deck; -1 when the open lesson is not in it.
  int deck_lesson() const;
  // The deck's title slide or recap is on the screen (the open step is the one
  // about to come, or the recap item's figure); Step otherwise.
  lessons::DeckPart deck_part() const { return deck_part_; }
  // The clicker: one forward key goes question -> reveal -> next step -> the
  // next lesson of the deck; back goes the other way (lessons/deck.hpp).
  // Without an open lesson, forward opens the deck's first one. False at an end.
  bool forward(AppState& state);
  bool back(AppState& state);
  // Jumps to a deck lesson's first shown step (the table of contents).
  void open_deck_lesson(int index, AppState& state);
  // The deck's first slide (its title slide, else its first step).
  void open_deck_start(AppState& state);
  // Any slide of the deck; false when the deck has no such position.
  bool open_at(const lessons::DeckPosition& at, AppState& state);
  void close(AppState& state);
  void go_to(int step, AppState& state);  // clamped to the lesson
  void next(AppState& state) { go_to(step_ + 1, state); }
  void previous(AppState& state) { go_to(step_ - 1, state); }

  // The step as computed; empty with error() set when it cannot be shown.
  const lessons::ResolvedStep* resolved() const { return resolved_ ? &*resolved_ : nullptr; }
  // The same, for the slide builder (its facts evaluate lazily; all are resolved by now).
  lessons::ResolvedStep* resolved_mutable() { return resolved_ ? &*resolved_ : nullptr; }
  const std::string& error() const { return error_; }

  // Predict, then reveal.
  int chosen = -1;        // the choice the class picked, -1 none
  double typed = 0;       // a number question without choices
  bool revealed = false;
  // Shows the answer: lifts the step's concealment from the figures.
  void reveal(AppState& state);
  // Back to the question (the clicker's back key from a reveal).
  void unreveal(AppState& state);
  bool prediction_right() const;

  // The view the step asks for; the workbench consumes it once.
  std::optional<lessons::View> take_view_request();

 private:
  void move_to(const lessons::DeckPosition& at, AppState& state);
  lessons::LessonLibrary library_;
  lessons::Deck deck_;
  std::string deck_error_;
  int lesson_ = -1;
  int step_ = 0;
  lessons::DeckPart deck_part_ = lessons::DeckPart::Step;
  std::optional<lessons::ResolvedStep> resolved_;
  std::string error_;
  std::optional<lessons::View> view_request_;
  // The step being resolved, and the flag that stops it when the class moves on.
  bool background_ = false;
  Background<Result<lessons::ResolvedStep>> resolving_;
  std::shared_ptr<std::atomic<bool>> stop_resolving_;
  void stop_resolving();
  void take_resolved();
};

// Puts the window in a step's state. Returns why not, when a field does not
// fit (the lesson tests check every step, so this is for edited files).
std::optional<std::string> apply_step_state(const lessons::StepState& s, AppState& state);

}  // namespace ws::gui
