// The Glossary window: every term of assets/glossary.json with its one to three
// sentences, for students. G toggles it (the workbench), and anything that sets
// state.view.glossary_open (the lesson panel's button) opens it; a term named in
// state.view.glossary_term is scrolled to and marked. Over a lesson's slide it
// first lists the terms that slide's text uses (Glossary::terms_in), each a
// button that scrolls to its entry: every term is one click from the slides
// that use it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "gui/app_state.hpp"
#include "gui/glossary.hpp"

namespace ws::gui {

class GlossaryPanel {
 public:
  // slide_text: every sentence of the lesson slide on screen; empty outside a lesson.
  void Draw(AppState& state, std::string_view slide_text = {});

 private:
  std::optional<Result<Glossary>> glossary_;  // read on first open
  std::string scrolled_to_;                   // the term last scrolled to
  bool was_open_ = false;
};

}  // namespace ws::gui
