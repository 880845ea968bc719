#include "cli/lessons_command.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "lessons/lesson_facts.hpp"

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
  for (const lessons::Lesson& l : lib.lessons)
    for (std::size_t i = 0; i < l.steps.size(); ++i) {
      auto r = lessons::resolve_step(l.steps[i]);
      if (!r) throw UsageError(fmt::format("{}: steps[{}].{}", l.file_name(), i, r.error().message));
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

}  // namespace

CLI::App* add_lessons_command(CLI::App& root, LessonsOptions& o) {
  CLI::App* cmd = root.add_subcommand("lessons", "list the built-in lessons (open one with --lesson ID)");
  cmd->add_flag("--json", o.json, "print one JSON array");
  cmd->add_flag("--check", o.check, "resolve every step and question through the simulator");
  cmd->add_option("--show", o.show, "print lesson ID's steps with their computed texts and answers");
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

int run_lessons(const LessonsOptions& o) {
  const lessons::LessonLibrary lib = lessons::load_library();
  if (!lib.errors.empty()) throw UsageError(lib.errors.front());
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
