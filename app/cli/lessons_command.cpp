#include "cli/lessons_command.hpp"

#include <fmt/format.h>

#include <algorithm>

#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "lessons/deck.hpp"
#include "lessons/lesson_facts.hpp"
#include "slides/slide_builder.hpp"
#include "slides/slide_json.hpp"
#include "slides/slide_svg.hpp"
#if WS_HAVE_GUI
#include "gui/slide_text.hpp"
#endif

namespace ws::cli {
namespace {

int question_count(const lessons::Lesson& l) {
  int n = 0;
  for (const auto& s : l.steps) n += s.question ? 1 : 0;
  return n;
}

// Every step of every lesson as the window would show it; the first failure is
// bad input naming the file and the field.
void check_all(const lessons::LessonLibrary& lib) {
  if (const auto untaught = lessons::untaught_needs(lib); !untaught.empty()) throw UsageError(untaught.front());
  // Every shipped deck reads, and shows no step before what it needs is taught.
  for (const std::string& name : lessons::deck_names(lib)) {
    auto deck = lessons::load_deck(name, lib);
    if (!deck) throw UsageError(deck.error().message);
    if (const auto problems = lessons::deck_order_problems(*deck, lib); !problems.empty())
      throw UsageError(fmt::format("deck {}: {}", name, problems.front()));
  }
  for (const lessons::Lesson& l : lib.lessons)
    for (std::size_t i = 0; i < l.steps.size(); ++i) {
      auto r = lessons::resolve_step(l.steps[i]);
      if (!r) throw UsageError(fmt::format("{}: steps[{}].{}", l.file_name(), i, r.error().message));
      // Every what-if option, one at a time, resolves as well (the slide recomputes it in class).
      for (std::size_t t = 0; t < l.steps[i].toggles.size(); ++t)
        for (std::size_t o = 1; o < l.steps[i].toggles[t].options.size(); ++o) {
          std::vector<int> choice(l.steps[i].toggles.size(), 0);
          choice[t] = static_cast<int>(o);
          auto step = lessons::toggled(l.steps[i], choice);
          auto tr = step ? lessons::resolve_step(*step) : Result<lessons::ResolvedStep>(step.error());
          if (!tr)
            throw UsageError(fmt::format("{}: steps[{}].toggles[{}] option '{}': {}", l.file_name(), i, t,
                                         l.steps[i].toggles[t].options[o].label, tr.error().message));
        }
    }
}

int show_lesson(const lessons::Lesson& l) {
  fmt::print("Lesson {}: {}\n{}\n", l.number, l.title, l.summary);
  for (std::size_t i = 0; i < l.steps.size(); ++i) {
    auto r = lessons::resolve_step(l.steps[i]);
    if (!r) throw UsageError(fmt::format("{}: steps[{}].{}", l.file_name(), i, r.error().message));
    const auto& st = l.steps[i].state;
    fmt::print("\n{}. {}   [{} on {}, block ({}, {}), warp {}, site {} #{}, view {}]\n{}\n", i + 1, l.steps[i].title,
               st.kernel, st.arch, st.block.x, st.block.y, st.warp, st.site.empty() ? "-" : st.site,
               st.occurrence + 1, lessons::to_string(st.view), r->text);
    if (!r->question) continue;
    const auto& q = *r->question;
    fmt::print("  Q: {}\n", q.prompt);
    for (std::size_t c = 0; c < q.choices.size(); ++c)
      fmt::print("     {} {}{}\n", c + 1, q.choices[c], static_cast<int>(c) == q.correct ? "   <- answer" : "");
    fmt::print("  A: {}\n  {}\n", q.answer_text, q.reveal);
  }
  return kOk;
}

std::string_view part_label(lessons::DeckPart p) {
  switch (p) {
    case lessons::DeckPart::Title: return "title";
    case lessons::DeckPart::Recap: return "recap";
    case lessons::DeckPart::Step: return "step";
  }
  return "?";
}

// Slides a class sees: the title, each shown step, each recap press.
std::size_t slide_count(const lessons::Deck& deck) {
  std::size_t n = (deck.title_slide ? 1 : 0) + (deck.recap ? deck.entries.size() : 0);
  for (const auto& e : deck.entries) n += e.steps.size();
  return n;
}

// Every shipped deck's counts as the Markdown table docs/lessons.md and the README hold.
int print_deck_counts(const lessons::LessonLibrary& lib) {
  fmt::print("| deck | lessons | slides | questions | minutes |\n|---|---|---|---|---|\n");
  for (const std::string& name : lessons::deck_names(lib)) {
    auto deck = lessons::load_deck(name, lib);
    if (!deck) throw UsageError(deck.error().message);
    fmt::print("| `{}` | {} | {} | {} | {:g} |\n", name, deck->entries.size(), slide_count(*deck),
               lessons::deck_questions(*deck, lib), lessons::deck_minutes(*deck, lib));
  }
  return kOk;
}

// A deck's clock (lessons/deck.hpp, DeckMinutes): what a teacher checks before class.
int print_plan(const lessons::LessonLibrary& lib, const LessonsOptions& o) {
  if (o.deck.empty()) return print_deck_counts(lib);
  auto deck = lessons::load_deck(o.deck, lib);
  if (!deck) throw UsageError("--deck: " + deck.error().message);
  const auto plan = lessons::deck_plan(*deck, lib);
  const auto problems = lessons::deck_order_problems(*deck, lib);
  const int questions = lessons::deck_questions(*deck, lib);
  const double minutes = lessons::deck_minutes(*deck, lib);
  if (o.json) {
    nlohmann::json slides = nlohmann::json::array();
    for (const auto& s : plan) {
      nlohmann::json j = {{"part", part_label(s.part)}, {"title", s.title}, {"question", s.question}, {"minutes", s.minutes}};
      if (s.part == lessons::DeckPart::Step) {
        j["lesson"] = s.lesson;
        j["step"] = s.step + 1;
      }
      slides.push_back(std::move(j));
    }
    nlohmann::json out = {{"deck", deck->name},       {"title", deck->title},  {"slides", slides},
                          {"lessons", deck->entries.size()}, {"questions", questions}, {"minutes", minutes},
                          {"order_problems", problems}};
    fmt::print("{}\n", out.dump());
    return problems.empty() ? kOk : kFailure;
  }
  fmt::print("Deck {}: {}\n\n  #   min  slide\n", deck->name, deck->title);
  int n = 0;
  for (const auto& s : plan) {
    std::string what;
    if (s.part == lessons::DeckPart::Title) what = "Title slide";
    else if (s.part == lessons::DeckPart::Recap) what = fmt::format("Recap ({} lessons)", deck->entries.size());
    else what = fmt::format("{} {}: {}{}", s.lesson, s.step + 1, s.title, s.question ? "   [question]" : "");
    fmt::print("{:>3}  {:>4.1f}  {}\n", ++n, s.minutes, what);
  }
  fmt::print("\n{} lessons, {} slides, {} questions: about {:.1f} minutes (a question {:g}, another step {:g}, the title "
             "{:g}, the recap {:g} a lesson)\n",
             deck->entries.size(), slide_count(*deck), questions, minutes, lessons::DeckMinutes::kQuestion,
             lessons::DeckMinutes::kStep, lessons::DeckMinutes::kTitle, lessons::DeckMinutes::kRecapPerLesson);
  if (problems.empty()) {
    fmt::print("order: every step comes after the steps that teach what it needs\n");
    return kOk;
  }
  for (const std::string& p : problems) fmt::print("order: {}\n", p);
  return kFailure;
}

}  // namespace

CLI::App* add_lessons_command(CLI::App& root, LessonsOptions& o) {
  CLI::App* cmd = root.add_subcommand("lessons", "list the built-in lessons (open one with --lesson ID)");
  cmd->add_flag("--json", o.json, "print one JSON array");
  cmd->add_flag("--check", o.check, "resolve every step and question through the simulator");
  cmd->add_option("--show", o.show, "print lesson ID's steps with their computed texts and answers")
      ->check(non_empty("a lesson id: warpscope lessons lists them"));
  cmd->add_option("--text", o.text, "print every string lesson ID's slide shows (with --step N, --reveal; --json: "
                                    "{\"strings\", \"question\", \"answer\"})");
  cmd->add_option("--figure", o.figure, "print the slide of lesson ID's step as the class sees it (with --step N, "
                                        "--reveal): each element with its box and glyph height; --json: the slide "
                                        "model, --svg: the slide as SVG");
  cmd->add_flag("--svg", o.svg, "with --figure: the slide as SVG");
  cmd->add_option("--step", o.step, "with --text or --figure: the step, from 1");
  cmd->add_flag("--reveal", o.reveal, "with --text or --figure: the slide after the reveal");
  cmd->add_option("--deck", o.deck, "with --plan: the deck (NAME in assets/lessons/decks, or FILE)")
      ->check(non_empty("a deck name: warpscope lessons --deck default --plan"));
  cmd->add_flag("--plan", o.plan, "with --deck: each slide with its estimated minutes, the total, and the order check "
                                  "(--json: one object); alone: every deck's counts as a Markdown table");
  return cmd;
}

const lessons::Lesson& lesson_named(const lessons::LessonLibrary& lib, const std::string& id, int step,
                                    const char* flag) {
  const lessons::Lesson* l = lib.find(id);
  if (!l) {
    // Its file may exist and be the one that was skipped: say why.
    for (const std::string& e : lib.errors)
      if (lessons::lesson_id_of(e.substr(0, e.find(':'))) == id) throw UsageError(e);
    throw UsageError(fmt::format("{}: unknown lesson '{}' (known: {})", flag, id, lib.ids()));
  }
  if (step < 1 || step > static_cast<int>(l->steps.size()))
    throw UsageError(fmt::format("--step: {} is outside 1..{} (lesson {})", step, l->steps.size(), id));
  return *l;
}

void check_lesson_flags(const std::string& id, int step) {
  if (id.empty()) throw UsageError("--step: needs --lesson ID");
  lesson_named(lessons::load_library(), id, step);
}

// --reveal on a step without a question: refused as a link's reveal=1 is (lessons::check_reveal).
static void refuse_reveal_without_question(const lessons::Lesson& l, const LessonsOptions& o) {
  if (o.reveal)
    if (auto no_question = lessons::check_reveal(l, o.step)) throw UsageError("--reveal: " + *no_question);
}

// The slide's strings, one per line, or the JSON object the tests read.
int print_slide_text(const lessons::LessonLibrary& lib, const LessonsOptions& o) {
  const lessons::Lesson& l = lesson_named(lib, o.text, o.step, "--text");
  refuse_reveal_without_question(l, o);
#if WS_HAVE_GUI
  auto t = gui::slide_text(l.id, o.step - 1, o.reveal);
  if (!t) throw UsageError(fmt::format("--text: {}", t.error().message));
  if (o.json) {
    nlohmann::json out = {{"strings", t->strings}};
    if (!t->question.empty()) out["question"] = t->question;
    if (t->answer) out["answer"] = *t->answer;
    out["options"] = t->options;
    out["revealed"] = o.reveal && l.steps[o.step - 1].question.has_value();
    fmt::print("{}\n", out.dump());
  } else {
    for (const std::string& s : t->strings) fmt::print("{}\n", s);
  }
  return kOk;
#else
  (void)l;
  throw UsageError("--text: the slide's strings come from the window's code, which this build lacks");
#endif
}

// The slide model of one state (slides/slide.hpp), as the window paints it.
int print_figure(const lessons::LessonLibrary& lib, const LessonsOptions& o) {
  const lessons::Lesson& l = lesson_named(lib, o.figure, o.step, "--figure");
  refuse_reveal_without_question(l, o);
  const lessons::Step& step = l.steps[static_cast<std::size_t>(o.step - 1)];
  auto resolved = lessons::resolve_step(step);
  if (!resolved) throw UsageError(fmt::format("--figure: {} step {}: {}", l.id, o.step, resolved.error().message));
  slides::SlideState state;
  state.revealed = o.reveal && step.question.has_value();
  state.position = slides::slide_position(l, o.step - 1);
  const slides::Slide slide = slides::build_slide(l, o.step - 1, *resolved, state);
  if (o.json) {
    fmt::print("{}\n", slides::to_json(slide).dump(1));
  } else if (o.svg) {
    fmt::print("{}", slides::to_svg(slide));
  } else {
    for (const auto& e : slide.elements) {
      if (e.kind != slides::Kind::Text) continue;
      fmt::print("{:<10} {:>5.1f} px  at ({:.0f}, {:.0f})  {}\n", slides::to_string(e.role), e.glyph_px, e.box.x, e.box.y,
                 e.text);
    }
    fmt::print("smallest glyph: {:.1f} px\n", slide.smallest_glyph());
    float lane = 0;
    for (const auto& e : slide.elements)
      if (e.kind == slides::Kind::Text && e.role == slides::Role::Lane) lane = lane == 0 ? e.glyph_px : std::min(lane, e.glyph_px);
    if (lane > 0) fmt::print("smallest lane number: {:.1f} px\n", lane);
  }
  return kOk;
}

void check_deck_flag(const std::string& name, const std::string& lesson_id) {
  const lessons::LessonLibrary lib = lessons::load_library();
  if (!lib.errors.empty()) throw UsageError(lib.errors.front());
  auto deck = lessons::load_deck(name, lib);
  if (!deck) throw UsageError("--deck: " + deck.error().message);
  if (!lesson_id.empty() && deck->index_of(lesson_id) < 0)
    throw UsageError(fmt::format("--lesson: '{}' is not in deck {}", lesson_id, name));
}

int run_lessons(const LessonsOptions& o) {
  const lessons::LessonLibrary lib = lessons::load_library();
  if (!lib.errors.empty()) throw UsageError(lib.errors.front());
  if (o.text.empty() && o.figure.empty() && (o.step != 1 || o.reveal))
    throw UsageError(o.reveal ? "--reveal: needs --text ID or --figure ID" : "--step: needs --text ID or --figure ID");
  if (o.svg && o.figure.empty()) throw UsageError("--svg: needs --figure ID");
  if (!o.deck.empty() && !o.plan) throw UsageError("--deck: needs --plan (to open a deck: warpscope --deck NAME)");
  if (o.plan) return print_plan(lib, o);
  if (o.svg && o.json) throw UsageError("--svg: give --json or --svg, not both");
  if (!o.text.empty() && !o.figure.empty()) throw UsageError("--figure: give --text or --figure, not both");
  if (!o.figure.empty()) return print_figure(lib, o);
  if (!o.text.empty()) return print_slide_text(lib, o);
  if (o.json && !o.show.empty())
    throw UsageError("--json: --show prints text; JSON comes from lessons --json (the list) or --text ID --json (a slide)");
  if (o.check) check_all(lib);
  if (!o.show.empty()) return show_lesson(lesson_named(lib, o.show, 1, "--show"));
  if (o.json) {
    nlohmann::json out = nlohmann::json::array();
    for (const lessons::Lesson& l : lib.lessons)
      out.push_back({{"id", l.id},
                     {"number", l.number},
                     {"title", l.title},
                     {"summary", l.summary},
                     {"steps", l.steps.size()},
                     {"questions", question_count(l)},
                     {"file", l.file}});
    fmt::print("{}\n", out.dump());
    return kOk;
  }
  for (const lessons::Lesson& l : lib.lessons)
    fmt::print("{:>2}  {:<22} {} ({} steps, {} questions)\n", l.number, l.id, l.title, l.steps.size(),
               question_count(l));
  if (o.check) fmt::print("every step and question of {} lessons resolves\n", lib.lessons.size());
  else fmt::print("\nopen one with: warpscope --lesson ID [--step N] [--present]\n");
  return kOk;
}

}  // namespace ws::cli
