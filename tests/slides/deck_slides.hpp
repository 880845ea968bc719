// Every state of every slide of every shipped deck, built once for the tests.
#pragma once

#include <string>
#include <vector>

#include "lessons/deck.hpp"
#include "lessons/lesson_facts.hpp"
#include "lessons/lesson_library.hpp"
#include "slides/slide_builder.hpp"

namespace ws::slides::test {

struct BuiltSlide {
  std::string name;  // "transpose-shared step 3, question"
  const lessons::Lesson* lesson = nullptr;
  int step = 0;  // from 0
  bool revealed = false;
  Slide slide;
  lessons::Concealment conceal;           // what the step's question hides
  std::optional<lessons::ResolvedQuestion> question;
};

// Built on first use; a step that cannot be resolved fails the calling test.
const std::vector<BuiltSlide>& every_shipped_slide();

// A deck's own slide (its title slide, a press of its recap), named "default recap 3".
struct DeckPage {
  std::string name;
  Slide slide;
};
const std::vector<DeckPage>& every_deck_page();
// Both of the above: every slide a shipped deck draws.
std::vector<DeckPage> every_slide_drawn();

}  // namespace ws::slides::test
