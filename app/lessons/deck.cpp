#include "lessons/deck.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "lessons/lesson_limits.hpp"
#include "ws/kernels/input_file.hpp"

namespace ws::lessons {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const Lesson& lesson_at(const Deck& d, const LessonLibrary& lib, int i) { return *lib.find(d.lessons[i]); }

bool has_question(const Deck& d, const LessonLibrary& lib, int lesson, int step) {
  return lesson_at(d, lib, lesson).steps[step].question.has_value();
}

int step_count(const Deck& d, const LessonLibrary& lib, int lesson) {
  return static_cast<int>(lesson_at(d, lib, lesson).steps.size());
}

}  // namespace

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
    if (key != "title" && key != "lessons")
      return Error{fmt::format("{}: {}: unknown field (known: title, lessons)", name, kernels::printable(key, 60))};
  Deck d;
  d.name = name;
  const auto title = j.find("title");
  if (title == j.end() || !title->is_string() || title->get<std::string>().empty())
    return Error{fmt::format("{}: title: is missing or not a non-empty string", name)};
  d.title = title->get<std::string>();
  // The lesson files' limits: the title is drawn in one piece, the lessons one line each in the deck's list.
  if (d.title.size() > LessonLimits::kTitleBytes)
    return Error{fmt::format("{}: title: {} bytes, over the {} a title may hold", name, d.title.size(),
                             LessonLimits::kTitleBytes)};
  const auto lessons = j.find("lessons");
  if (lessons == j.end() || !lessons->is_array() || lessons->empty())
    return Error{fmt::format("{}: lessons: is missing or not a non-empty array of lesson ids", name)};
  if (lessons->size() > LessonLimits::kDeckLessons)
    return Error{fmt::format("{}: lessons: {} entries, over the {} a deck may have", name, lessons->size(),
                             LessonLimits::kDeckLessons)};
  for (std::size_t i = 0; i < lessons->size(); ++i) {
    const json& v = (*lessons)[i];
    if (!v.is_string()) return Error{fmt::format("{}: lessons[{}]: is not a lesson id (a string)", name, i)};
    const std::string id = v.get<std::string>();
    if (!library.find(id))
      return Error{fmt::format("{}: lessons[{}]: '{}' is not a lesson (known: {})", name, i,
                               kernels::printable(id, 60), library.ids())};
    if (std::find(d.lessons.begin(), d.lessons.end(), id) != d.lessons.end())
      return Error{fmt::format("{}: lessons[{}]: '{}' is in the deck twice", name, i, kernels::printable(id, 60))};
    d.lessons.push_back(id);
  }
  return d;
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
  d->name = is_path ? name_or_path : name_or_path;
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

bool step_forward(const Deck& deck, const LessonLibrary& lib, DeckPosition& at) {
  if (!at.revealed && has_question(deck, lib, at.lesson, at.step)) {
    at.revealed = true;
    return true;
  }
  if (at.step + 1 < step_count(deck, lib, at.lesson)) {
    at = {at.lesson, at.step + 1, false};
    return true;
  }
  if (at.lesson + 1 < static_cast<int>(deck.lessons.size())) {
    at = {at.lesson + 1, 0, false};
    return true;
  }
  return false;
}

bool step_back(const Deck& deck, const LessonLibrary& lib, DeckPosition& at) {
  if (at.revealed) {
    at.revealed = false;
    return true;
  }
  if (at.step > 0) {
    at = {at.lesson, at.step - 1, has_question(deck, lib, at.lesson, at.step - 1)};
    return true;
  }
  if (at.lesson > 0) {
    const int last = step_count(deck, lib, at.lesson - 1) - 1;
    at = {at.lesson - 1, last, has_question(deck, lib, at.lesson - 1, last)};
    return true;
  }
  return false;
}

}  // namespace ws::lessons
