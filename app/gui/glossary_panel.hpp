// The Glossary window: every term of assets/glossary.json with its one to three
// sentences, for students. G toggles it (the workbench), and anything that sets
// state.view.glossary_open (the lesson panel's button) opens it; a term named in
// state.view.glossary_term is scrolled to and marked.
#pragma once

#include <optional>
#include <string>

#include "gui/app_state.hpp"
#include "gui/glossary.hpp"

namespace ws::gui {

class GlossaryPanel {
 public:
  void Draw(AppState& state);

 private:
  std::optional<Result<Glossary>> glossary_;  // read on first open
  std::string scrolled_to_;                   // the term last scrolled to
  bool was_open_ = false;
};

}  // namespace ws::gui
