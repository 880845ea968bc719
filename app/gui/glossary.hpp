// The glossary: the words the lessons and figures use (wavefront, sector, bank,
// broadcast...), at most two sentences each, written for students. Data in
// assets/glossary.json; the window's Glossary panel (glossary_panel.hpp) and
// docs/glossary.md show the same entries.
#pragma once

#include <cstddef>
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
  // The terms a text uses, in the glossary's order: each term as a whole word,
  // whatever its case, singular or plural ("wavefronts", "bank conflicts",
  // "phases"). A longer term wins over one inside it: "bank conflicts" names
  // bank conflict, not bank; "ideal wavefronts", not wavefront. The glossary
  // window lists them for the slide on screen, each a link to its entry.
  std::vector<std::string> terms_in(std::string_view text) const;
};

// The error names the file and the entry at fault ("glossary.json: terms[2]: no 'text'").
Result<Glossary> parse_glossary(const std::string& json_text, const std::string& file_name);
// assets/glossary.json from the data roots (ws/kernels/assets.hpp), read as
// every input is (kernels::read_input_file: a regular file only, at most
// kMaxGlossaryBytes; a FIFO there blocked the window, issue 37).
inline constexpr std::size_t kMaxGlossaryBytes = 256u << 10;  // the file is 6 KB; a lesson file's limit
Result<Glossary> load_glossary();

}  // namespace ws::gui
