#include "cli/deck_export.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/command.hpp"
#include "export/figure_export.hpp"
#include "gui/lesson_panel.hpp"
#include "gui/lesson_player.hpp"
#include "gui/session.hpp"
#include "lessons/concealment.hpp"
#include "lessons/deck.hpp"
#include "slides/slide_builder.hpp"
#include "slides/slide_svg.hpp"

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
std::string step_svg(const lessons::Lesson& lesson, int step, bool reveal, std::string* error) {
  auto r = lessons::resolve_step(lesson.steps[static_cast<std::size_t>(step)]);
  if (!r) {
    *error = r.error().message;
    return {};
  }
  slides::SlideState state;
  state.revealed = reveal;
  state.position = slides::slide_position(lesson, step);
  return slides::to_svg(slides::build_slide(lesson, step, *r, state));
}

// The step's slide in the question or reveal state, as the window paints it.
bool step_png(const std::string& lesson, int step, bool reveal, const fs::path& out, std::string* error) {
  gui::AppState state;
  state.view.animate_reveal = false;  // the final state, not the reveal's first frame
  gui::ScreenshotPlan plan;
  plan.width = 1280;
  plan.height = 720;
  plan.lesson.lesson = lesson;
  plan.lesson.step = step + 1;
  plan.lesson.present = true;
  plan.reveal = reveal;
  gui::Image image;
  return gui::render_screenshot(state, plan, image, error) && gui::write_png(image, out.string(), error);
}

void write_text(const fs::path& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary);
  f << text;
  f.close();
  if (!f) throw UsageError(fmt::format("--out: cannot write {}", path.string()));
}

std::string page(const std::string& deck_title, const std::vector<LessonPages>& lessons, bool teacher) {
  std::string s = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{0}{1}</title>\n"
      "<style>\nbody {{ font-family: \"DejaVu Sans\", Verdana, sans-serif; max-width: 60em; margin: 2em auto; "
      "line-height: 1.45; }}\n"
      "img {{ width: 100%; border: 1px solid #bbb; }}\n.step {{ break-inside: avoid; margin-bottom: 2.5em; }}\n"
      ".question {{ font-weight: bold; }}\n.answer {{ color: #00785a; font-weight: bold; }}\n"
      "h2 {{ break-before: page; }}\n</style>\n</head>\n<body>\n<h1>{0}</h1>\n<p>{2}</p>\n",
      html(deck_title), teacher ? " (teacher)" : "",
      teacher ? "The teacher's pages: each question with its answer and the figure after the reveal."
              : "Predict each answer before class reveals it.");
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
        if (teacher) {
          s += fmt::format("<p class=\"answer\">{}</p>\n", html(p.answer));
          if (!p.explanation.empty()) s += fmt::format("<p>{}</p>\n", html(p.explanation));
          if (p.text_after != p.text_before) s += fmt::format("<p>{}</p>\n", html(p.text_after));
          s += fmt::format("<img src=\"{}\" alt=\"{} (revealed)\">\n", p.reveal_png, html(p.title));
        }
      }
      s += "</div>\n";
    }
  }
  return s + "</body>\n</html>\n";
}

}  // namespace

int run_deck_export(const std::string& deck_name, const std::string& out_dir) {
  gui::LessonPlayer reader;
  auto deck = lessons::load_deck(deck_name, reader.library());
  if (!deck) throw UsageError("--deck: " + deck.error().message);
  std::error_code ec;
  fs::create_directories(out_dir, ec);
  if (!fs::is_directory(out_dir)) throw UsageError(fmt::format("--out: {} is not a folder that can be made", out_dir));
  const fs::path dir(out_dir);

  std::vector<LessonPages> pages;
  int files = 0;
  for (std::size_t l = 0; l < deck->lessons.size(); ++l) {
    const std::string& id = deck->lessons[l];
    const lessons::Lesson& lesson = *reader.library().find(id);
    LessonPages lp;
    lp.title = lesson.title;
    for (int s = 0; s < static_cast<int>(lesson.steps.size()); ++s) {
      const lessons::Step& step = lesson.steps[s];
      gui::AppState state;
      gui::LessonPlayer player;
      player.start(id, s, state);
      const lessons::ResolvedStep* r = player.resolved();
      if (!r) {
        std::cerr << fmt::format("warpscope: export: {} step {}: {}\n", id, s + 1, player.error());
        return kFailure;
      }
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
        std::string error;
        if (!step_png(id, s, reveal, dir / (name + ".png"), &error)) {
          std::cerr << fmt::format("warpscope: export: {} step {}: {}\n", id, s + 1, error);
          return kFailure;
        }
        const std::string svg = step_svg(lesson, s, reveal, &error);
        if (svg.empty()) {
          std::cerr << fmt::format("warpscope: export: {} step {}: {}\n", id, s + 1, error);
          return kFailure;
        }
        write_text(dir / (name + ".svg"), svg);
        (reveal ? p.reveal_png : p.question_png) = name + ".png";
        (reveal ? p.reveal_svg : p.question_svg) = name + ".svg";
        files += 2;
      }
      lp.steps.push_back(std::move(p));
    }
    pages.push_back(std::move(lp));
  }
  write_text(dir / "handout.html", page(deck->title, pages, false));
  write_text(dir / "teacher.html", page(deck->title, pages, true));
  fmt::print("wrote {} figures, handout.html and teacher.html in {}\n", files, out_dir);
  return kOk;
}

}  // namespace ws::cli
