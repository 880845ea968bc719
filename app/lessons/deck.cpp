#include "lessons/deck.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include "lessons/lesson_limits.hpp"
#include "ws/kernels/input_file.hpp"

namespace ws::lessons {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const Lesson& lesson_at(const Deck& d, const LessonLibrary& lib, int entry) { return *lib.find(d.entries[entry].lesson); }

bool has_question(const Deck& d, const LessonLibrary& lib, int entry, int step) {
  return lesson_at(d, lib, entry).steps[step].question.has_value();
}

DeckPosition recap_item(const Deck& d, const LessonLibrary& lib, int entry) {
  return {entry, lesson_at(d, lib, entry).remember->step, true, DeckPart::Recap};
}

DeckPosition last_slide_of(const Deck& d, const LessonLibrary& lib, int entry) {
  const int step = d.entries[entry].steps.back();
  return {entry, step, has_question(d, lib, entry, step), DeckPart::Step};
}

// One entry of "lessons": "id" or {"lesson": "id", "steps": [1, 2, 4]}.
Result<DeckEntry> read_entry(const json& v, const std::string& field, const LessonLibrary& library) {
  DeckEntry e;
  const json* steps = nullptr;
  if (v.is_string()) {
    e.lesson = v.get<std::string>();
  } else if (v.is_object()) {
    for (const auto& [key, _] : v.items())
      if (key != "lesson" && key != "steps" && key != "title")
        return Error{fmt::format("{}.{}: unknown field (known: lesson, steps, title)", field, kernels::printable(key, 60))};
    const auto id = v.find("lesson");
    if (id == v.end() || !id->is_string()) return Error{fmt::format("{}.lesson: is missing or not a lesson id", field)};
    e.lesson = id->get<std::string>();
    if (const auto t = v.find("title"); t != v.end()) {
      if (!t->is_string() || t->get<std::string>().empty())
        return Error{fmt::format("{}.title: is not a non-empty string", field)};
      e.title = t->get<std::string>();
      if (e.title.size() > LessonLimits::kTitleBytes)
        return Error{fmt::format("{}.title: {} bytes, over the {} a title may hold", field, e.title.size(),
                                 LessonLimits::kTitleBytes)};
    }
    if (const auto s = v.find("steps"); s != v.end()) steps = &*s;
  } else {
    return Error{fmt::format("{}: is not a lesson id or {{\"lesson\": ID, \"steps\": [...]}}", field)};
  }
  const Lesson* lesson = library.find(e.lesson);
  if (!lesson)
    return Error{fmt::format("{}: '{}' is not a lesson (known: {})", field, kernels::printable(e.lesson, 60), library.ids())};
  const int count = static_cast<int>(lesson->steps.size());
  if (!steps) {
    for (int i = 0; i < count; ++i) e.steps.push_back(i);
    return e;
  }
  if (!steps->is_array() || steps->empty())
    return Error{fmt::format("{}.steps: is not a non-empty array of step numbers (from 1)", field)};
  for (std::size_t i = 0; i < steps->size(); ++i) {
    const json& s = (*steps)[i];
    const std::string f = fmt::format("{}.steps[{}]", field, i);
    if (!s.is_number_integer()) return Error{fmt::format("{}: is not a step number", f)};
    const long long n = s.get<long long>();
    if (n < 1 || n > count) return Error{fmt::format("{}: {} is outside 1..{} (lesson {})", f, n, count, e.lesson)};
    if (!e.steps.empty() && n - 1 <= e.steps.back())
      return Error{fmt::format("{}: {} comes after step {}: steps are shown in the lesson's order, each once", f, n,
                               e.steps.back() + 1)};
    e.steps.push_back(static_cast<int>(n - 1));
  }
  return e;
}

std::optional<bool> flag_at(const json& j, const char* key, std::string* error, const std::string& name) {
  const auto it = j.find(key);
  if (it == j.end()) return false;
  if (!it->is_boolean()) {
    *error = fmt::format("{}: {}: is not true or false", name, key);
    return std::nullopt;
  }
  return it->get<bool>();
}

}  // namespace

int Deck::index_of(std::string_view lesson) const {
  for (std::size_t i = 0; i < entries.size(); ++i)
    if (entries[i].lesson == lesson) return static_cast<int>(i);
  return -1;
}

std::string decks_dir(const LessonLibrary& library) {
  if (const char* env = std::getenv("WARPSCOPE_DECKS_DIR"); env && *env) return env;
  return library.dir.empty() ? std::string() : (fs::path(library.dir) / "decks").string();
}

Result<Deck> parse_deck(const std::string& text, const std::string& name, const LessonLibrary& library) {
  if (auto too_big = check_deck_file_size(text.size())) return Error{fmt::format("{}: {}", name, *too_big)};
  json j;
  try {
    j = json::parse(text);
  } catch (const json::exception& e) {
    return Error{fmt::format("{}: {}", name, json_problem(e))};
  }
  if (!j.is_object()) return Error{fmt::format("{}: is not an object with \"title\" and \"lessons\"", name)};
  for (const auto& [key, _] : j.items())
    if (key != "title" && key != "subtitle" && key != "title_slide" && key != "recap" && key != "lessons")
      return Error{fmt::format("{}: {}: unknown field (known: title, subtitle, title_slide, recap, lessons)", name,
                               kernels::printable(key, 60))};
  Deck d;
  d.name = name;
  const auto title = j.find("title");
  if (title == j.end() || !title->is_string() || title->get<std::string>().empty())
    return Error{fmt::format("{}: title: is missing or not a non-empty string", name)};
  d.title = title->get<std::string>();
  if (const auto sub = j.find("subtitle"); sub != j.end()) {
    if (!sub->is_string()) return Error{fmt::format("{}: subtitle: is not a string", name)};
    d.subtitle = sub->get<std::string>();
  }
  // The lesson files' limits: the titles are drawn in one piece, the lessons one line each in the deck's list.
  for (const auto& [field, value] : {std::pair{"title", &d.title}, std::pair{"subtitle", &d.subtitle}})
    if (value->size() > LessonLimits::kTitleBytes)
      return Error{fmt::format("{}: {}: {} bytes, over the {} a title may hold", name, field, value->size(),
                               LessonLimits::kTitleBytes)};
  std::string error;
  const auto title_slide = flag_at(j, "title_slide", &error, name);
  const auto recap = flag_at(j, "recap", &error, name);
  if (!title_slide || !recap) return Error{error};
  d.title_slide = *title_slide;
  d.recap = *recap;
  const auto lessons = j.find("lessons");
  if (lessons == j.end() || !lessons->is_array() || lessons->empty())
    return Error{fmt::format("{}: lessons: is missing or not a non-empty array of lesson ids", name)};
  if (lessons->size() > LessonLimits::kDeckLessons)
    return Error{fmt::format("{}: lessons: {} entries, over the {} a deck may have", name, lessons->size(),
                             LessonLimits::kDeckLessons)};
  for (std::size_t i = 0; i < lessons->size(); ++i) {
    const std::string field = fmt::format("{}: lessons[{}]", name, i);
    auto e = read_entry((*lessons)[i], field, library);
    if (!e) return e.error();
    if (d.index_of(e->lesson) >= 0)
      return Error{fmt::format("{}: '{}' is in the deck twice (one entry picks all the steps it shows)", field, e->lesson)};
    if (d.recap) {
      const Lesson& l = *library.find(e->lesson);
      if (!l.remember)
        return Error{fmt::format("{}: '{}' has no \"remember\" step, which the deck's recap shows", field, e->lesson)};
      if (std::find(e->steps.begin(), e->steps.end(), l.remember->step) == e->steps.end())
        return Error{fmt::format("{}: the recap shows step {} of '{}' (its \"remember\"), which the deck leaves out",
                                 field, l.remember->step + 1, e->lesson)};
    }
    d.entries.push_back(std::move(*e));
  }
  return d;
}

const std::string& entry_title(const DeckEntry& entry, const LessonLibrary& library) {
  if (!entry.title.empty()) return entry.title;
  const Lesson* lesson = library.find(entry.lesson);
  return lesson ? lesson->title : entry.lesson;
}

Result<Deck> load_deck(const std::string& name_or_path, const LessonLibrary& library) {
  if (name_or_path.empty()) return Error{fmt::format("no deck named (known: {})", fmt::join(deck_names(library), ", "))};
  const bool is_path = name_or_path.find('/') != std::string::npos ||
                       (name_or_path.size() > 5 && name_or_path.ends_with(".json"));
  const fs::path path = is_path ? fs::path(name_or_path) : fs::path(decks_dir(library)) / (name_or_path + ".json");
  std::error_code ec;
  if (!is_path && !fs::exists(path, ec))
    return Error{fmt::format("'{}' is not a deck (known: {})", kernels::printable(name_or_path, 60),
                             fmt::join(deck_names(library), ", "))};
  // Only a regular file, read to its cap: a FIFO or a link to /dev/zero is refused at once.
  const auto text = kernels::read_input_file(path.string(), LessonLimits::kFileBytes,
                                             [](std::uintmax_t bytes) { return *check_deck_file_size(bytes); });
  if (!text) return Error{fmt::format("{}: {}", kernels::printable(path.string()), text.error().message)};
  auto d = parse_deck(*text, path.filename().string(), library);
  if (!d) return d;
  d->name = name_or_path;
  d->file = path.string();
  return d;
}

std::vector<std::string> deck_names(const LessonLibrary& library) {
  std::vector<std::string> names;
  std::error_code ec;
  const std::string dir = decks_dir(library);
  if (dir.empty() || !fs::is_directory(dir, ec)) return names;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.path().extension() == ".json") names.push_back(e.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

Deck whole_library_deck(const LessonLibrary& library) {
  Deck d{"all", "All lessons", "", false, false, {}, ""};
  for (const Lesson& l : library.lessons) {
    DeckEntry e{l.id, {}, {}};
    for (int i = 0; i < static_cast<int>(l.steps.size()); ++i) e.steps.push_back(i);
    d.entries.push_back(std::move(e));
  }
  return d;
}

DeckPosition entry_start(const Deck& deck, int entry) { return {entry, deck.entries[entry].steps.front(), false, DeckPart::Step}; }

DeckPosition deck_start(const Deck& deck) {
  DeckPosition at = entry_start(deck, 0);
  if (deck.title_slide) at.part = DeckPart::Title;
  return at;
}

bool step_forward(const Deck& deck, const LessonLibrary& lib, DeckPosition& at) {
  const int entries = static_cast<int>(deck.entries.size());
  switch (at.part) {
    case DeckPart::Title: at = entry_start(deck, 0); return true;
    case DeckPart::Recap:
      if (at.lesson + 1 >= entries) return false;
      at = recap_item(deck, lib, at.lesson + 1);
      return true;
    case DeckPart::Step: break;
  }
  if (!at.revealed && has_question(deck, lib, at.lesson, at.step)) {
    at.revealed = true;
    return true;
  }
  // The next shown step (a step the deck leaves out, opened from the workbench, goes on to it too).
  const auto& steps = deck.entries[at.lesson].steps;
  if (const auto next = std::upper_bound(steps.begin(), steps.end(), at.step); next != steps.end()) {
    at = {at.lesson, *next, false, DeckPart::Step};
    return true;
  }
  if (at.lesson + 1 < entries) {
    at = entry_start(deck, at.lesson + 1);
    return true;
  }
  if (deck.recap) {
    at = recap_item(deck, lib, 0);
    return true;
  }
  return false;
}

bool step_back(const Deck& deck, const LessonLibrary& lib, DeckPosition& at) {
  switch (at.part) {
    case DeckPart::Title: return false;
    case DeckPart::Recap:
      at = at.lesson > 0 ? recap_item(deck, lib, at.lesson - 1)
                         : last_slide_of(deck, lib, static_cast<int>(deck.entries.size()) - 1);
      return true;
    case DeckPart::Step: break;
  }
  if (at.revealed) {
    at.revealed = false;
    return true;
  }
  const auto& steps = deck.entries[at.lesson].steps;
  if (const auto here = std::lower_bound(steps.begin(), steps.end(), at.step); here != steps.begin()) {
    const int step = *(here - 1);
    at = {at.lesson, step, has_question(deck, lib, at.lesson, step), DeckPart::Step};
    return true;
  }
  if (at.lesson > 0) {
    at = last_slide_of(deck, lib, at.lesson - 1);
    return true;
  }
  if (deck.title_slide) {
    at = deck_start(deck);
    return true;
  }
  return false;
}

std::vector<std::string> deck_order_problems(const Deck& deck, const LessonLibrary& library) {
  std::vector<std::string> problems;
  std::set<std::string> taught;
  for (const DeckEntry& e : deck.entries) {
    const Lesson& l = *library.find(e.lesson);
    for (int i : e.steps) {
      const Step& s = l.steps[static_cast<std::size_t>(i)];
      for (const std::string& need : s.needs)
        if (!taught.count(need))
          problems.push_back(fmt::format("{} step {} (\"{}\") needs '{}', which no earlier slide of the deck teaches",
                                         l.file_name(), i + 1, s.title, need));
      taught.insert(s.teaches.begin(), s.teaches.end());
    }
  }
  return problems;
}

std::vector<std::string> untaught_needs(const LessonLibrary& library) {
  std::set<std::string> taught;
  for (const Lesson& l : library.lessons)
    for (const Step& s : l.steps) taught.insert(s.teaches.begin(), s.teaches.end());
  std::vector<std::string> problems;
  for (const Lesson& l : library.lessons)
    for (std::size_t i = 0; i < l.steps.size(); ++i)
      for (const std::string& need : l.steps[i].needs)
        if (!taught.count(need))
          problems.push_back(fmt::format("{}: steps[{}].needs: '{}' is taught by no step of any lesson (taught: {})",
                                         l.file_name(), i, need, fmt::join(taught, ", ")));
  return problems;
}

std::vector<PlannedSlide> deck_plan(const Deck& deck, const LessonLibrary& library) {
  std::vector<PlannedSlide> plan;
  if (deck.title_slide) plan.push_back({DeckPart::Title, -1, -1, "", deck.title, false, DeckMinutes::kTitle});
  for (std::size_t e = 0; e < deck.entries.size(); ++e) {
    const Lesson& l = *library.find(deck.entries[e].lesson);
    for (int i : deck.entries[e].steps) {
      const Step& s = l.steps[static_cast<std::size_t>(i)];
      const bool q = s.question.has_value();
      plan.push_back({DeckPart::Step, static_cast<int>(e), i, l.id, s.title, q, q ? DeckMinutes::kQuestion : DeckMinutes::kStep});
    }
  }
  if (deck.recap)
    plan.push_back({DeckPart::Recap, -1, -1, "", "Recap", false,
                    DeckMinutes::kRecapPerLesson * static_cast<double>(deck.entries.size())});
  return plan;
}

int deck_questions(const Deck& deck, const LessonLibrary& library) {
  int n = 0;
  for (const PlannedSlide& s : deck_plan(deck, library)) n += s.question ? 1 : 0;
  return n;
}

double deck_minutes(const Deck& deck, const LessonLibrary& library) {
  double m = 0;
  for (const PlannedSlide& s : deck_plan(deck, library)) m += s.minutes;
  return m;
}

}  // namespace ws::lessons
