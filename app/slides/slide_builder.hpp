// Builds the slide of one state of one lesson step (slide.hpp): the step's
// title, its sentences, the figure drawn from the simulator's facts for the
// step's state, and the question with its options. The question state draws
// the input of the reasoning and withholds its result (docs/lessons.md,
// "Slides"): a bank question shows each lane's word and the empty banks, a
// sector question each lane's bytes, a time question the kernels' code; the
// reveal places the lanes, draws the sectors, the bars and the answer.
#pragma once

#include <optional>
#include <vector>
#include <string>

#include "lessons/deck.hpp"
#include "lessons/lesson.hpp"
#include "lessons/lesson_facts.hpp"
#include "slides/slide.hpp"

namespace ws::slides {

struct SlideState {
  bool revealed = false;
  int chosen = -1;  // the class's choice, -1 none
  // 0..1 while the reveal moves the lanes into their banks; 1 when still.
  float reveal_progress = 1;
  // "Lesson 5 · 3 of 5" at the top right; empty: none.
  std::string position;
  // The what-ifs chosen (lesson.hpp's toggles), and the step as they make it
  // (lessons::toggled); null: the lesson's step as written.
  std::vector<int> toggles;
  const lessons::Step* step = nullptr;
  // The what-if buttons at the top right: the presenter's controls, shown on
  // demand (key help, or once one is flipped, so the class sees what changed),
  // never on an exported slide as written (review 3: keyboard chips are tool
  // chrome to a student).
  bool show_toggles = false;
};

// The keys of a step's toggles, in order: Q, W, E.
char toggle_key(int index);

Slide build_slide(const lessons::Lesson& lesson, int step, lessons::ResolvedStep& resolved, const SlideState& state);

// "Lesson 5 · 3 of 5": where the class is, at the slide's top right.
std::string slide_position(const lessons::Lesson& lesson, int step);
// The same in a deck: the lesson's place in the deck, the step among those it shows.
std::string slide_position(const lessons::Deck& deck, int entry, int step);

// A deck's title slide: its title, subtitle and the lessons it will show.
Slide build_title_slide(const std::string& title, const std::string& subtitle, const std::vector<std::string>& agenda);

// One press of a deck's recap: the lesson's "remember" step's figure, revealed,
// beside its sentence to remember, under the titles of the lessons recapped before;
// `title` is what the deck calls the lesson (empty: the lesson's own title).
Slide build_recap_slide(const lessons::Lesson& lesson, lessons::ResolvedStep& resolved,
                        const std::vector<std::string>& earlier_titles, const std::string& position,
                        const std::string& title = {});

// The same for a deck: its title, subtitle and the titles of its lessons; and
// press `item` (from 0) of its recap, "Recap · 3 of 8", on the lesson's
// remember step resolved.
Slide build_title_slide(const lessons::Deck& deck, const lessons::LessonLibrary& library);
Slide build_recap_slide(const lessons::Deck& deck, const lessons::LessonLibrary& library, int item,
                        lessons::ResolvedStep& resolved);

// The slide of a step that cannot be shown: its title and why.
Slide error_slide(const lessons::Lesson& lesson, int step, const std::string& error);

}  // namespace ws::slides
