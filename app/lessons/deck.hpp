// A deck: what one class runs with a clicker, as steps of lessons in a course
// order. assets/lessons/decks/<name>.json holds
//   {"title": "...", "subtitle": "...", "title_slide": true, "recap": true,
//    "lessons": ["banks", {"lesson": "padding", "steps": [1, 2, 4], "title": "..."}, ...]}
// A lesson named alone shows all its steps; "steps" picks some (from 1, in
// order), and "title" names what those steps teach. The title slide opens the deck; the recap closes it with each
// lesson's "remember" figure and sentence, one per forward press. `warpscope
// --deck NAME|FILE` opens one; `warpscope lessons --deck NAME --plan` times it
// (docs/lessons.md, "Decks").
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "lessons/lesson_library.hpp"
#include "ws/result.hpp"

namespace ws::lessons {

struct DeckEntry {
  std::string lesson;      // a lesson id of the library
  std::vector<int> steps;  // from 0, ascending; every step of the lesson when the file names none
  // What the deck calls the lesson (agenda, recap, contents) when it shows only
  // some steps: "Padding and rotation" where the lesson's own title promises
  // XOR too. Empty: the lesson's title.
  std::string title;
};

// The title the deck gives its entry: its own, else the lesson's.
const std::string& entry_title(const DeckEntry& entry, const LessonLibrary& library);

struct Deck {
  std::string name;   // the file's stem ("default"), or the path given
  std::string title;
  std::string subtitle;  // the title slide's second line; may be empty
  bool title_slide = false;
  bool recap = false;
  std::vector<DeckEntry> entries;  // in the order the class sees them; each lesson at most once
  std::string file;
  // The entry of a lesson, -1 when the deck does not show it.
  int index_of(std::string_view lesson) const;
};

// assets/lessons/decks under the lessons folder; $WARPSCOPE_DECKS_DIR overrides it.
std::string decks_dir(const LessonLibrary& library);

// A deck by name (a file in decks_dir) or by path (anything with a '/' or ending
// in .json). Every lesson and step it names must be in `library`, and with a
// recap every lesson must have a "remember" step the deck shows; the error names
// the file and the entry ("default.json: lessons[3]: 'padingg' is not a lesson (known: ...)").
Result<Deck> load_deck(const std::string& name_or_path, const LessonLibrary& library);
Result<Deck> parse_deck(const std::string& text, const std::string& name, const LessonLibrary& library);

// The names of the decks in decks_dir, sorted, for messages and the window's list.
std::vector<std::string> deck_names(const LessonLibrary& library);

// Every lesson of the library in file order, all steps: the deck of a lessons
// folder that has no default one.
Deck whole_library_deck(const LessonLibrary& library);

// Where a slide sits in a deck. On a step: the entry, the lesson's step (one the
// entry shows) and whether its answer is shown. On the title slide, the entry's
// first step is the one about to come. On the recap: item `lesson` is the last
// shown, on the figure of that lesson's remember step, revealed.
enum class DeckPart : std::uint8_t { Title, Step, Recap };
struct DeckPosition {
  int lesson = 0;
  int step = 0;
  bool revealed = false;
  DeckPart part = DeckPart::Step;
  bool operator==(const DeckPosition&) const = default;
};

// The first slide: the title slide, else the first step.
DeckPosition deck_start(const Deck& deck);
// The first shown step of an entry.
DeckPosition entry_start(const Deck& deck, int entry);

// One press of the forward key: title -> question -> reveal -> next shown step
// -> the next entry's first step -> the recap, one lesson more per press. At the
// deck's last slide it stays put (returns false).
bool step_forward(const Deck& deck, const LessonLibrary& library, DeckPosition& at);
// The back key, the exact reverse: a revealed question goes back to its
// question; a step goes to the previous shown step in its final state (revealed
// when it has a question); an entry's first step to the last slide of the entry
// before (or the title slide). At the first slide it stays put (returns false).
bool step_back(const Deck& deck, const LessonLibrary& library, DeckPosition& at);

// Steps the deck shows before a step that teaches what they need ("padding.json
// step 2 needs 'four-bank-toy', which no earlier slide of the deck teaches"),
// in deck order; empty when the order holds.
std::vector<std::string> deck_order_problems(const Deck& deck, const LessonLibrary& library);

// Concepts some step needs that no step of the library teaches (a misspelt
// need), as messages naming the file and step.
std::vector<std::string> untaught_needs(const LessonLibrary& library);

// The clock of a deck: a question about two minutes (predict, discuss, reveal),
// another step one, the title slide one, the recap half a minute per lesson.
struct DeckMinutes {
  static constexpr double kQuestion = 2;
  static constexpr double kStep = 1;
  static constexpr double kTitle = 1;
  static constexpr double kRecapPerLesson = 0.5;
};
struct PlannedSlide {
  DeckPart part = DeckPart::Step;
  int entry = -1;   // -1 for the title and the recap
  int step = -1;    // the lesson's step, from 0
  std::string lesson;  // its id; empty for the title and the recap
  std::string title;
  bool question = false;
  double minutes = 0;
};
std::vector<PlannedSlide> deck_plan(const Deck& deck, const LessonLibrary& library);
int deck_questions(const Deck& deck, const LessonLibrary& library);
double deck_minutes(const Deck& deck, const LessonLibrary& library);

}  // namespace ws::lessons
