#include "cli/deck_export.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <iostream>

#include "cli/command.hpp"
#include "cli/progress_line.hpp"
#include "export/figure_export.hpp"
#include "gui/lesson_panel.hpp"
#include "gui/lesson_player.hpp"
#include "gui/session.hpp"
#include "lessons/concealment.hpp"
#include "lessons/deck.hpp"
#include "slides/slide_builder.hpp"
#include "slides/slide_svg.hpp"
#include "ws/kernels/input_file.hpp"

namespace ws::cli {
namespace {

namespace fs = std::filesystem;

std::string html(std::string_view s) {
  // The lessons' `code` marks are dropped, lines become <br>.
  std::string plain;
  for (char c : s)
    if (c != '`') plain.push_back(c);
  std::string out;
  for (char c : exporting::escaped(plain)) {
    if (c == '\n') out += "<br>";
    else out.push_back(c);
  }
  return out;
}

// What one step's pages say, from the player as the window shows it.
struct StepPage {
  std::string title, text_before, text_after, question, answer, explanation;
  std::vector<std::string> options;
  std::string question_png, question_svg, reveal_png, reveal_svg;  // file names in DIR; reveal_* empty without a question
};

struct LessonPages {
  std::string title;
  std::vector<StepPage> steps;
};

// The step's slide as SVG (slides/slide_svg.hpp): the same elements the window paints.
std::string step_svg(const lessons::Lesson& lesson, int step, bool reveal, const std::string& position, std::string* error) {
  auto r = lessons::resolve_step(lesson.steps[static_cast<std::size_t>(step)]);
  if (!r) {
    *error = r.error().message;
    return {};
  }
  slides::SlideState state;
  state.revealed = reveal;
  state.position = position;
  return slides::to_svg(slides::build_slide(lesson, step, *r, state));
}

// A slide as the window paints it: a step in the question or reveal state, or
// (with `at`) one of the deck's own slides.
bool slide_png(const std::string& deck, const std::string& lesson, int step, bool reveal,
               const std::optional<lessons::DeckPosition>& at, const fs::path& out, std::string* error) {
  gui::AppState state;
  state.view.animate_reveal = false;  // the final state, not the reveal's first frame
  gui::ScreenshotPlan plan;
  plan.width = 1280;
  plan.height = 720;
  plan.lesson.lesson = lesson;
  plan.lesson.step = step + 1;
  plan.lesson.present = true;
  plan.lesson.deck = deck;
  plan.lesson.deck_position = at;
  plan.reveal = reveal;
  gui::Image image;
  return gui::render_screenshot(state, plan, image, error) &&
         gui::write_png(image, out.string(), error, gui::PathNamedBy::Warpscope);
}

// The names inside --out are ours and predictable: a link planted at one is
// refused, not followed (kernels::write_chosen_file, issue 37).
void write_text(const fs::path& path, const std::string& text) {
  if (auto written = kernels::write_chosen_file(path.string(), text); !written)
    throw UsageError(fmt::format("--out: cannot write {}: {}", kernels::printable(path.string()), written.error().message));
}

std::string page_head(const std::string& title, const std::string& intro) {
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{0}</title>\n"
      "<style>\nbody {{ font-family: \"DejaVu Sans\", Verdana, sans-serif; max-width: 60em; margin: 2em auto; "
      "line-height: 1.45; }}\n"
      "img {{ width: 100%; border: 1px solid #bbb; }}\n.step {{ break-inside: avoid; margin-bottom: 2.5em; }}\n"
      ".question {{ font-weight: bold; }}\n.answer {{ color: #00785a; font-weight: bold; }}\n"
      ".blank {{ border-bottom: 1px solid #444; display: inline-block; width: 12em; }}\n"
      "h2 {{ break-before: page; }}\n</style>\n</head>\n<body>\n<h1>{0}</h1>\n<p>{1}</p>\n",
      html(title), intro);
}

// For students before class: each question with its figure, its step's own
// words before the reveal and its options, and nothing of any other step (a
// later step's text would answer an earlier question).
std::string handout(const std::string& deck_title, const std::vector<LessonPages>& lessons) {
  std::string s = page_head(deck_title, "Predict each answer before class; the class reveals them one by one.");
  int number = 0;
  for (std::size_t l = 0; l < lessons.size(); ++l) {
    bool heading = false;
    for (const StepPage& p : lessons[l].steps) {
      if (p.question.empty()) continue;
      if (!heading) s += fmt::format("<h2>{}. {}</h2>\n", l + 1, html(lessons[l].title));
      heading = true;
      s += fmt::format("<div class=\"step\">\n<h3>Question {}: {}</h3>\n<img src=\"{}\" alt=\"{}\">\n<p>{}</p>\n",
                       ++number, html(p.title), p.question_png, html(p.title), html(p.text_before));
      s += fmt::format("<p class=\"question\">{}</p>\n", html(p.question));
      if (!p.options.empty()) {
        s += "<ul>\n";
        for (const std::string& o : p.options) s += fmt::format("<li>{}</li>\n", html(o));
        s += "</ul>\n";
      }
      s += "<p>My prediction: <span class=\"blank\"></span></p>\n</div>\n";
    }
  }
  return s + "</body>\n</html>\n";
}

// For the teacher: every slide of the deck in order, each question with its answer.
std::string teacher_page(const std::string& deck_title, const std::vector<LessonPages>& lessons,
                         const std::string& title_png, const std::vector<std::string>& recap_pngs) {
  std::string s = page_head(deck_title + " (teacher)",
                            "The teacher's pages: every slide, each question with its answer and the figure after the reveal.");
  if (!title_png.empty()) s += fmt::format("<img src=\"{}\" alt=\"title slide\">\n", title_png);
  for (std::size_t l = 0; l < lessons.size(); ++l) {
    s += fmt::format("<h2>{}. {}</h2>\n", l + 1, html(lessons[l].title));
    for (std::size_t i = 0; i < lessons[l].steps.size(); ++i) {
      const StepPage& p = lessons[l].steps[i];
      s += fmt::format("<div class=\"step\">\n<h3>{}. {}</h3>\n<img src=\"{}\" alt=\"{}\">\n<p>{}</p>\n", i + 1,
                       html(p.title), p.question_png, html(p.title), html(p.text_before));
      if (!p.question.empty()) {
        s += fmt::format("<p class=\"question\">{}</p>\n", html(p.question));
        if (!p.options.empty()) {
          s += "<ul>\n";
          for (const std::string& o : p.options) s += fmt::format("<li>{}</li>\n", html(o));
          s += "</ul>\n";
        }
        s += fmt::format("<p class=\"answer\">{}</p>\n", html(p.answer));
        if (!p.explanation.empty()) s += fmt::format("<p>{}</p>\n", html(p.explanation));
        if (p.text_after != p.text_before) s += fmt::format("<p>{}</p>\n", html(p.text_after));
        s += fmt::format("<img src=\"{}\" alt=\"{} (revealed)\">\n", p.reveal_png, html(p.title));
      }
      s += "</div>\n";
    }
  }
  if (!recap_pngs.empty()) {
    s += "<h2>Recap</h2>\n";
    for (std::size_t i = 0; i < recap_pngs.size(); ++i)
      s += fmt::format("<img src=\"{}\" alt=\"recap {}\">\n", recap_pngs[i], i + 1);
  }
  return s + "</body>\n</html>\n";
}

}  // namespace

// The deck's own slide as PNG and SVG, named `stem`; false with `error` set when it fails.
bool write_deck_slide(const lessons::Deck& deck, const std::string& deck_name, const lessons::DeckPosition& at,
                      const slides::Slide& slide, const fs::path& dir, const std::string& stem, std::string* error) {
  if (!slide_png(deck_name, deck.entries[static_cast<std::size_t>(at.lesson)].lesson, at.step, false, at,
                 dir / (stem + ".png"), error))
    return false;
  write_text(dir / (stem + ".svg"), slides::to_svg(slide));
  return true;
}

int run_deck_export(const std::string& deck_name, const std::string& out_dir) {
  gui::LessonPlayer reader;
  const lessons::LessonLibrary& lib = reader.library();
  auto deck = lessons::load_deck(deck_name, lib);
  if (!deck) throw UsageError("--deck: " + deck.error().message);
  std::error_code ec;
  fs::create_directories(out_dir, ec);
  if (!fs::is_directory(out_dir)) throw UsageError(fmt::format("--out: {} is not a folder that can be made", out_dir));
  const fs::path dir(out_dir);
  ProgressLine progress("export");
  auto fail = [&progress](const std::string& what, const std::string& error) {
    progress.clear();
    std::cerr << fmt::format("warpscope: export: {}: {}\n", what, error);
    return kFailure;
  };

  // Progress on a terminal (52 s for the default deck): each slide is a rendered PNG and its SVG.
  std::size_t slides_in_all = (deck->title_slide ? 1 : 0) + (deck->recap ? deck->entries.size() : 0), slide = 0;
  for (const auto& entry : deck->entries)
    for (const int s : entry.steps)
      slides_in_all += lib.find(entry.lesson)->steps[static_cast<std::size_t>(s)].question ? 2 : 1;
  int files = 0;
  std::string title_png;
  if (deck->title_slide) {
    progress.show("slide", ++slide, slides_in_all, "00-title");
    std::string error;
    if (!write_deck_slide(*deck, deck_name, lessons::deck_start(*deck), slides::build_title_slide(*deck, lib), dir,
                          "00-title", &error))
      return fail("the title slide", error);
    title_png = "00-title.png";
    files += 2;
  }
  std::vector<LessonPages> pages;
  for (std::size_t l = 0; l < deck->entries.size(); ++l) {
    const std::string& id = deck->entries[l].lesson;
    const lessons::Lesson& lesson = *lib.find(id);
    LessonPages lp;
    lp.title = lesson.title;
    for (const int s : deck->entries[l].steps) {
      const lessons::Step& step = lesson.steps[static_cast<std::size_t>(s)];
      auto r = lessons::resolve_step(step);
      if (!r) return fail(fmt::format("{} step {}", id, s + 1), r.error().message);
      StepPage p;
      p.title = step.title;
      p.text_before = r->shown_text(false);
      p.text_after = r->shown_text(true);
      if (r->question) {
        p.question = gui::question_line(*r->question, false);
        for (std::size_t i = 0; i < r->question->choices.size(); ++i)
          p.options.push_back(gui::choice_label(static_cast<int>(i), r->question->choices[i]));
        p.answer = gui::answer_line(*r->question);
        p.explanation = r->question->reveal;
      }
      const std::string stem = fmt::format("{:02}-{}-s{:02}", l + 1, id, s + 1);
      for (const bool reveal : {false, true}) {
        if (reveal && !step.question) break;
        const std::string name = stem + (reveal ? "-reveal" : "-question");
        progress.show("slide", ++slide, slides_in_all, name);
        std::string error;
        if (!slide_png(deck_name, id, s, reveal, std::nullopt, dir / (name + ".png"), &error))
          return fail(fmt::format("{} step {}", id, s + 1), error);
        const std::string svg = step_svg(lesson, s, reveal, slides::slide_position(*deck, static_cast<int>(l), s), &error);
        if (svg.empty()) return fail(fmt::format("{} step {}", id, s + 1), error);
        write_text(dir / (name + ".svg"), svg);
        (reveal ? p.reveal_png : p.question_png) = name + ".png";
        (reveal ? p.reveal_svg : p.question_svg) = name + ".svg";
        files += 2;
      }
      lp.steps.push_back(std::move(p));
    }
    pages.push_back(std::move(lp));
  }
  std::vector<std::string> recap_pngs;
  for (std::size_t l = 0; deck->recap && l < deck->entries.size(); ++l) {
    const lessons::Lesson& lesson = *lib.find(deck->entries[l].lesson);
    auto r = lessons::resolve_step(lesson.steps[static_cast<std::size_t>(lesson.remember->step)]);
    if (!r) return fail(fmt::format("recap {}", l + 1), r.error().message);
    const lessons::DeckPosition at{static_cast<int>(l), lesson.remember->step, true, lessons::DeckPart::Recap};
    const std::string stem = fmt::format("{:02}-recap-{:02}", deck->entries.size() + 1, l + 1);
    progress.show("slide", ++slide, slides_in_all, stem);
    std::string error;
    if (!write_deck_slide(*deck, deck_name, at, slides::build_recap_slide(*deck, lib, static_cast<int>(l), *r), dir, stem,
                          &error))
      return fail(fmt::format("recap {}", l + 1), error);
    recap_pngs.push_back(stem + ".png");
    files += 2;
  }
  progress.clear();
  write_text(dir / "handout.html", handout(deck->title, pages));
  write_text(dir / "teacher.html", teacher_page(deck->title, pages, title_png, recap_pngs));
  fmt::print("wrote {} figures, handout.html and teacher.html in {}\n", files, out_dir);
  return kOk;
}

}  // namespace ws::cli
