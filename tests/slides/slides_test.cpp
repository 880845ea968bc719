// The slide model of every state of every shipped deck (slides/slide.hpp):
// what a lecture hall reads, checked without pixels.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <mutex>
#include <set>

#include "deck_slides.hpp"
#include "slides/figure.hpp"
#include "slides/slide_svg.hpp"
#include "ws/kernels/assets.hpp"

namespace ws::slides::test {

const std::vector<BuiltSlide>& every_shipped_slide() {
  static std::vector<BuiltSlide> slides;
  static std::once_flag once;
  std::call_once(once, [] {
    static const lessons::LessonLibrary lib = lessons::load_library();
    std::set<std::string> seen;
    for (const std::string& name : lessons::deck_names(lib)) {
      auto deck = lessons::load_deck(name, lib);
      if (!deck) continue;
      for (const lessons::DeckEntry& entry : deck->entries) {
        const std::string& id = entry.lesson;
        if (!seen.insert(id).second) continue;
        const lessons::Lesson* l = lib.find(id);
        if (!l) continue;
        for (int i = 0; i < static_cast<int>(l->steps.size()); ++i) {
          auto r = lessons::resolve_step(l->steps[static_cast<std::size_t>(i)]);
          if (!r) {
            ADD_FAILURE() << id << " step " << i + 1 << ": " << r.error().message;
            continue;
          }
          for (bool revealed : {false, true}) {
            if (revealed && !l->steps[static_cast<std::size_t>(i)].question) continue;
            SlideState s;
            s.revealed = revealed;
            s.position = slide_position(*l, i);
            BuiltSlide b;
            b.name = id + " step " + std::to_string(i + 1) + (revealed ? ", revealed" : ", question");
            b.lesson = l;
            b.step = i;
            b.revealed = revealed;
            b.slide = build_slide(*l, i, *r, s);
            b.conceal = r->conceal;
            b.question = r->question;
            slides.push_back(std::move(b));
          }
        }
      }
    }
  });
  return slides;
}

// The deck's own slides: each shipped deck's title slide and every press of its recap.
const std::vector<DeckPage>& every_deck_page() {
  static std::vector<DeckPage> pages;
  static std::once_flag once;
  std::call_once(once, [] {
    static const lessons::LessonLibrary lib = lessons::load_library();
    for (const std::string& name : lessons::deck_names(lib)) {
      auto deck = lessons::load_deck(name, lib);
      if (!deck) {
        ADD_FAILURE() << deck.error().message;
        continue;
      }
      if (deck->title_slide) pages.push_back({name + " title slide", build_title_slide(*deck, lib)});
      if (!deck->recap) continue;
      for (std::size_t i = 0; i < deck->entries.size(); ++i) {
        const lessons::Lesson& l = *lib.find(deck->entries[i].lesson);
        auto r = lessons::resolve_step(l.steps[static_cast<std::size_t>(l.remember->step)]);
        if (!r) {
          ADD_FAILURE() << l.id << ": " << r.error().message;
          continue;
        }
        pages.push_back({name + " recap " + std::to_string(i + 1), build_recap_slide(*deck, lib, static_cast<int>(i), *r)});
      }
    }
  });
  return pages;
}

// Every slide drawn: each state of each step, and each deck's own slides.
std::vector<DeckPage> every_slide_drawn() {
  std::vector<DeckPage> all;
  for (const auto& b : every_shipped_slide()) all.push_back({b.name, b.slide});
  for (const auto& p : every_deck_page()) all.push_back(p);
  return all;
}

namespace {

bool overlap(const Box& a, const Box& b, float slack) {
  return a.x + slack < b.right() && b.x + slack < a.right() && a.y + slack < b.bottom() && b.y + slack < a.bottom();
}

TEST(Slides, EveryShippedDeckIsBuilt) {
  // Two decks with a title slide and a recap of 7 and 13 lessons.
  EXPECT_GE(every_deck_page().size(), 20u);
  const auto& all = every_shipped_slide();
  // 13 lessons, 57 steps, 30 questions in the default deck today: a deck that
  // built nothing (a lost lesson) must not pass the checks below vacuously.
  EXPECT_GE(all.size(), 60u);
}

TEST(Slides, EveryGlyphIsAtLeast16Pixels) {
  std::map<std::string, float> smallest;
  for (const auto& b : every_slide_drawn()) {
    EXPECT_GE(b.slide.smallest_glyph(), kMinGlyphPx) << b.name;
    for (const auto& e : b.slide.elements)
      if (e.kind == Kind::Text && e.glyph_px < kMinGlyphPx) ADD_FAILURE() << b.name << ": '" << e.text << "' " << e.glyph_px << " px";
  }
}

TEST(Slides, NothingIsCutOffAtAnEdge) {
  for (const auto& b : every_slide_drawn())
    for (const auto& e : b.slide.elements) {
      const Box& x = e.box;
      const float left = std::min(x.x, x.right()), right = std::max(x.x, x.right());
      const float top = std::min(x.y, x.bottom()), bottom = std::max(x.y, x.bottom());
      EXPECT_TRUE(left >= -0.5f && top >= -0.5f && right <= kSlideWidth + 0.5f && bottom <= kSlideHeight + 0.5f)
          << b.name << ": " << to_string(e.role) << " '" << e.text << "' at (" << x.x << ", " << x.y << ") size " << x.w
          << " x " << x.h;
    }
}

TEST(Slides, NoTextCoversAnotherText) {
  for (const auto& b : every_slide_drawn()) {
    std::vector<const Element*> texts;
    for (const auto& e : b.slide.elements)
      if (e.kind == Kind::Text) texts.push_back(&e);
    for (std::size_t i = 0; i < texts.size(); ++i)
      for (std::size_t j = i + 1; j < texts.size(); ++j) {
        // Boxes are a line tall: 2 px of slack for the leading of neighbouring lines.
        EXPECT_FALSE(overlap(texts[i]->box, texts[j]->box, 2))
            << b.name << ": '" << texts[i]->text << "' and '" << texts[j]->text << "'";
      }
  }
}

TEST(Slides, NoToolChromeOnASlide) {
  // File names, commands, flags, key help: what a student should not see.
  const std::vector<std::string> chrome = {".md", ".json", "warpscope", "--", "PgDn", "Ctrl+", "Shift+", "docs/", "tab"};
  for (const auto& b : every_slide_drawn())
    for (const auto& s : b.slide.strings())
      for (const auto& c : chrome) {
        if (c == "tab" && s.find(" tab") == std::string::npos) continue;
        EXPECT_EQ(s.find(c), std::string::npos) << b.name << ": '" << s << "' holds '" << c << "'";
      }
}

TEST(Slides, BankAndSectorFiguresShowTheirLineOfCode) {
  int checked = 0;
  for (const auto& b : every_shipped_slide()) {
    const auto view = b.lesson->steps[static_cast<std::size_t>(b.step)].state.view;
    if ((view != lessons::View::BankMap && view != lessons::View::SectorMap) ||
        !b.lesson->steps[static_cast<std::size_t>(b.step)].beside.empty())
      continue;
    bool code = false;
    for (const auto& e : b.slide.elements)
      code |= e.kind == Kind::Text && e.role == Role::Code && e.mono && e.text.find('[') != std::string::npos;
    EXPECT_TRUE(code) << b.name << ": no line of the kernel's code";
    ++checked;
  }
  EXPECT_GT(checked, 20);
}

TEST(Slides, RevealedBankQuestionsPlaceTheLanes) {
  // The reveal draws the lanes in their banks: a placement the question state withholds.
  int checked = 0;
  for (const auto& b : every_shipped_slide()) {
    if (!b.revealed || !b.conceal.hides(lessons::Quantity::SharedCost)) continue;
    if (b.lesson->steps[static_cast<std::size_t>(b.step)].state.view != lessons::View::BankMap) continue;
    std::set<int> placed;
    for (const auto& e : b.slide.elements)
      if (e.role == Role::Lane && e.bank && e.config.empty()) placed.insert(*e.lane);
    EXPECT_GE(placed.size(), 1u) << b.name;
    ++checked;
  }
  EXPECT_GE(checked, 10);
}

TEST(Slides, ComparedLayoutsNeverDrawTheSameFigure) {
  // Consecutive steps that change only the layout or the kernel (rotation, then
  // XOR) must show the difference the text names.
  const auto& all = every_shipped_slide();
  auto figure_of = [](const Slide& s) {
    std::vector<std::string> f;
    for (const auto& e : s.elements)
      if (e.box.y > 60 && e.box.x < 860 && e.kind == Kind::Text && e.role != Role::Body && e.role != Role::Caption)
        f.push_back(e.text + "@" + std::to_string(static_cast<int>(e.box.x)) + "," + std::to_string(static_cast<int>(e.box.y)));
    return f;
  };
  int compared = 0;
  for (std::size_t i = 1; i < all.size(); ++i) {
    const auto& a = all[i - 1];
    const auto& b = all[i];
    if (a.lesson != b.lesson || a.revealed || b.revealed || b.step != a.step + 1) continue;
    const auto& sa = a.lesson->steps[static_cast<std::size_t>(a.step)].state;
    const auto& sb = b.lesson->steps[static_cast<std::size_t>(b.step)].state;
    if (sa.view != sb.view || (sa.kernel == sb.kernel && sa.params == sb.params && sa.arch == sb.arch)) continue;
    EXPECT_NE(figure_of(a.slide), figure_of(b.slide)) << a.name << " and " << b.name << " draw the same figure";
    ++compared;
  }
  EXPECT_GE(compared, 5);
}

TEST(Slides, SvgHoldsEveryStringOfTheSlide) {
  for (const auto& b : every_slide_drawn()) {
    const std::string svg = to_svg(b.slide);
    for (const auto& s : b.slide.strings()) {
      std::string escaped;
      for (char c : s) escaped += c == '&' ? "&amp;" : c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '"' ? "&quot;" : std::string(1, c);
      EXPECT_NE(svg.find(">" + escaped + "</text>"), std::string::npos) << b.name << ": '" << s << "'";
    }
  }
}


}  // namespace
}  // namespace ws::slides::test

namespace ws::slides::test {
namespace {

// docs/lessons.md keeps the smallest text and lane number of every state of the
// course deck (scripts/slide-glyphs.sh): each row must be what the slide draws.
TEST(Slides, TheGlyphTableInTheDocsIsTheSlides) {
  const std::string path = kernels::find_data_file("docs/lessons.md");
  ASSERT_FALSE(path.empty()) << "docs/lessons.md not found";
  std::ifstream in(path);
  const std::regex row(R"(^\| ([a-z0-9-]+) (\d+) \| (step|question|reveal) \| ([0-9.]+) px \| (?:([0-9.]+) px|-) \|$)");
  int rows = 0;
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (!std::regex_match(line, m, row)) continue;
    ++rows;
    const std::string id = m[1];
    const int step = std::stoi(m[2]) - 1;
    const bool revealed = m[3] == "reveal";
    const BuiltSlide* found = nullptr;
    for (const auto& b : every_shipped_slide())
      if (b.lesson->id == id && b.step == step && b.revealed == revealed) found = &b;
    ASSERT_NE(found, nullptr) << line;
    EXPECT_NEAR(found->slide.smallest_glyph(), std::stof(m[4]), 0.05) << line;
    float lane = 0;
    for (const auto& e : found->slide.elements)
      if (e.kind == Kind::Text && e.role == Role::Lane) lane = lane == 0 ? e.glyph_px : std::min(lane, e.glyph_px);
    if (m[5].matched) EXPECT_NEAR(lane, std::stof(m[5]), 0.05) << line;
    else EXPECT_EQ(lane, 0) << line;
  }
  // Every state of every step of the course has its row.
  const auto deck = lessons::load_deck("course", lessons::load_library());
  ASSERT_TRUE(deck.has_value());
  int states = 0;
  for (const auto& b : every_shipped_slide())
    if (deck->index_of(b.lesson->id) >= 0) ++states;
  EXPECT_EQ(rows, states) << "rerun scripts/slide-glyphs.sh into docs/lessons.md";
}


// Review 5: a short figure beside the text left half the slide empty and set
// its digits at 18 px in 26 px cells. Such a figure is zoomed to the slide's
// width, the text under it: banks step 1 (four rows of 32 banks) gets bank
// numbers of 24 px or more and spans most of the slide's width. A 32-row stack
// (transpose-shared's column read) needs the height and stays beside the text.
TEST(Slides, AShortFigureIsZoomedAcrossTheSlide) {
  const auto find = [](const std::string& name) -> const Slide* {
    for (const auto& b : every_shipped_slide())
      if (b.name == name) return &b.slide;
    return nullptr;
  };
  const auto figure_extent = [](const Slide& s, float& right, float& smallest_axis) {
    right = 0, smallest_axis = kSlideHeight;
    for (const auto& e : s.elements) {
      if (e.role == Role::Cell || e.role == Role::Lane || e.role == Role::LaneInput) right = std::max(right, e.box.right());
      if (e.role == Role::Axis && e.kind == Kind::Text) smallest_axis = std::min(smallest_axis, e.glyph_px);
    }
  };
  for (const char* name : {"banks step 1, question", "coalescing step 1, question"}) {
    const Slide* s = find(name);
    ASSERT_NE(s, nullptr) << name;
    float right = 0, axis = 0;
    figure_extent(*s, right, axis);
    EXPECT_GT(right, 0.85f * kSlideWidth) << name;
    EXPECT_GE(axis, 24.0f) << name;
  }
  const Slide* tall = find("transpose-shared step 3, question");
  ASSERT_NE(tall, nullptr);
  float right = 0, axis = 0;
  figure_extent(*tall, right, axis);
  EXPECT_LT(right, 0.72f * kSlideWidth) << "the 32-row stack stays beside the text";
}

}  // namespace
}  // namespace ws::slides::test
