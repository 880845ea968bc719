// A deck: lessons in a course order, as one class runs them with a clicker.
// assets/lessons/decks/<name>.json holds {"title": "...", "lessons": ["banks", ...]};
// "default" is every lesson in teaching order. `warpscope --deck NAME|FILE`
// opens one; the forward key walks it from its first slide to its last.
#pragma once

#include <string>
#include <vector>

#include "lessons/lesson_library.hpp"
#include "ws/result.hpp"

namespace ws::lessons {

struct Deck {
  std::string name;   // the file's stem ("default"), or the path given
  std::string title;
  std::vector<std::string> lessons;  // lesson ids, in order; each one in the library
  std::string file;
};

// assets/lessons/decks under the lessons folder; $WARPSCOPE_DECKS_DIR overrides it.
std::string decks_dir(const LessonLibrary& library);

// A deck by name (a file in decks_dir) or by path (anything with a '/' or ending
// in .json). Every lesson it names must be in `library`; the error names the
// file and the entry ("default.json: lessons[3]: 'padingg' is not a lesson (known: ...)").
Result<Deck> load_deck(const std::string& name_or_path, const LessonLibrary& library);
Result<Deck> parse_deck(const std::string& text, const std::string& name, const LessonLibrary& library);

// The names of the decks in decks_dir, sorted, for messages and the window's list.
std::vector<std::string> deck_names(const LessonLibrary& library);

// Where a slide sits in a deck: lesson index in the deck, step in the lesson,
// and whether the step's answer is shown. The clicker's keys move it.
struct DeckPosition {
  int lesson = 0;
  int step = 0;
  bool revealed = false;
  bool operator==(const DeckPosition&) const = default;
};

// One press of the forward key: question -> reveal -> next step -> first step
// of the next lesson. At the deck's last slide it stays put (returns false).
bool step_forward(const Deck& deck, const LessonLibrary& library, DeckPosition& at);
// The back key, the exact reverse: a revealed question goes back to its
// question; a step goes to the previous step in its final state (revealed
// when it has a question); the first step of a lesson to the last slide of the
// lesson before. At the first slide it stays put (returns false).
bool step_back(const Deck& deck, const LessonLibrary& library, DeckPosition& at);

}  // namespace ws::lessons
