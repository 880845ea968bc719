// The glossary: the words the lessons and figures use (wavefront, sector, bank,
// broadcast...), one to three sentences each, written for students. Data in
// assets/glossary.json; the window's Glossary panel (glossary_panel.hpp) and
// docs/glossary.md show the same entries.
#pragma once

#include <string>
#include <vector>

#include "ws/result.hpp"

namespace ws::gui {

struct GlossaryEntry {
  std::string term;
  std::string text;
  std::vector<std::string> see;  // other terms of the glossary
};

struct Glossary {
  std::string title;
  std::vector<GlossaryEntry> entries;  // in the file's order
  const GlossaryEntry* find(std::string_view term) const;  // case-insensitive; null when absent
};

// The error names the file and the entry at fault ("glossary.json: terms[2]: no 'text'").
Result<Glossary> parse_glossary(const std::string& json_text, const std::string& file_name);
// assets/glossary.json from the data roots (ws/kernels/assets.hpp).
Result<Glossary> load_glossary();

}  // namespace ws::gui
