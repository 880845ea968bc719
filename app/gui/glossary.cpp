#include "gui/glossary.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <iterator>

#include "ws/kernels/assets.hpp"
#include "ws/kernels/input_file.hpp"

namespace ws::gui {
namespace {

bool same_word(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace

const GlossaryEntry* Glossary::find(std::string_view term) const {
  for (const GlossaryEntry& e : entries)
    if (same_word(e.term, term)) return &e;
  return nullptr;
}

std::vector<std::string> Glossary::terms_in(std::string_view text) const {
  const auto lower = [](unsigned char c) { return static_cast<char>(std::tolower(c)); };
  std::string t(text.size(), ' ');
  std::transform(text.begin(), text.end(), t.begin(), lower);
  const auto letter = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  // Longest terms first, so that a term inside a longer one is not found there.
  std::vector<const GlossaryEntry*> order;
  for (const GlossaryEntry& e : entries) order.push_back(&e);
  std::stable_sort(order.begin(), order.end(),
                   [](const GlossaryEntry* a, const GlossaryEntry* b) { return a->term.size() > b->term.size(); });
  std::vector<bool> taken(t.size(), false);
  std::vector<const GlossaryEntry*> found;
  for (const GlossaryEntry* e : order) {
    std::string term(e->term.size(), ' ');
    std::transform(e->term.begin(), e->term.end(), term.begin(), lower);
    bool used = false;
    for (std::size_t at = t.find(term); at != std::string::npos; at = t.find(term, at + 1)) {
      std::size_t end = at + term.size();
      if (at > 0 && letter(t[at - 1])) continue;
      if (end + 1 < t.size() && t[end] == 'e' && t[end + 1] == 's' && (end + 2 == t.size() || !letter(t[end + 2])))
        end += 2;  // "...es"
      else if (end < t.size() && t[end] == 's') ++end;  // plural
      if (end < t.size() && letter(t[end])) continue;
      if (std::any_of(taken.begin() + at, taken.begin() + end, [](bool b) { return b; })) continue;
      std::fill(taken.begin() + at, taken.begin() + end, true);
      used = true;
    }
    if (used) found.push_back(e);
  }
  std::vector<std::string> out;
  for (const GlossaryEntry& e : entries)
    if (std::find(found.begin(), found.end(), &e) != found.end()) out.push_back(e.term);
  return out;
}

Result<Glossary> parse_glossary(const std::string& json_text, const std::string& file_name) {
  using nlohmann::json;
  const json doc = json::parse(json_text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) return Error{fmt::format("{}: not a JSON object", file_name)};
  Glossary g;
  g.title = doc.value("title", "Glossary");
  if (!doc.contains("terms") || !doc["terms"].is_array() || doc["terms"].empty())
    return Error{fmt::format("{}: 'terms' must be a list of entries", file_name)};
  const json& terms = doc["terms"];
  for (std::size_t i = 0; i < terms.size(); ++i) {
    const json& t = terms[i];
    const std::string where = fmt::format("{}: terms[{}]", file_name, i);
    for (const char* key : {"term", "text"})
      if (!t.is_object() || !t.contains(key) || !t[key].is_string() || t[key].get<std::string>().empty())
        return Error{fmt::format("{}: no '{}' (a non-empty string)", where, key)};
    GlossaryEntry e{t["term"].get<std::string>(), t["text"].get<std::string>(), {}};
    if (g.find(e.term)) return Error{fmt::format("{}: '{}' is given twice", where, e.term)};
    if (t.contains("see")) {
      if (!t["see"].is_array()) return Error{fmt::format("{}: 'see' must be a list of terms", where)};
      for (const json& s : t["see"]) {
        if (!s.is_string()) return Error{fmt::format("{}: 'see' must be a list of terms", where)};
        e.see.push_back(s.get<std::string>());
      }
    }
    g.entries.push_back(std::move(e));
  }
  // Cross-references only after every term is known (a later entry may be named).
  for (std::size_t i = 0; i < g.entries.size(); ++i)
    for (const std::string& s : g.entries[i].see)
      if (!g.find(s)) return Error{fmt::format("{}: terms[{}]: 'see' names '{}', which is not a term", file_name, i, s)};
  return g;
}

Result<Glossary> load_glossary() {
  const std::string path = kernels::find_data_file("assets/glossary.json");
  if (path.empty()) return Error{"assets/glossary.json not found in any data folder (WARPSCOPE_DATA_DIR)"};
  const auto text = kernels::read_input_file(path, kMaxGlossaryBytes, [](std::uintmax_t bytes) {
    return fmt::format("is {} bytes, over the glossary's {} KiB limit", bytes, kMaxGlossaryBytes >> 10);
  });
  if (!text) return Error{fmt::format("{}: {}", kernels::printable(path), text.error().message)};
  return parse_glossary(*text, "glossary.json");
}

}  // namespace ws::gui
