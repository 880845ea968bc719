// The frame of every slide, in pixels of 1280 x 720:
//
//   +--------------------------------------------------------------+
//   | Step title (30 px)                         Lesson 5 · 3 of 5 |
//   +-----------------------------------------+--------------------+
//   |                                         | sentences (21 px)  |
//   |  figure (840 x 642): the space that is  | question (22 px)   |
//   |  left goes to the rows, so a 32-lane    | [1] 1   [2] 2 ...  |
//   |  stack gets rows of about 19 px         | answer callout     |
//   |                                         | reveal text        |
//   +-----------------------------------------+--------------------+
//
// Nothing else: no key help (the window shows it on demand), no file names,
// no tool tables. Text sizes step down to fit, never below kMinGlyphPx.
#include "slides/slide_builder.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "slides/figure.hpp"
#include "slides/pen.hpp"

namespace ws::slides {
namespace {

constexpr float kMargin = 24;
constexpr float kTitlePx = 30;
constexpr float kHeadTop = 14;
constexpr float kBodyTop = 64;
constexpr float kSideWidth = 344;
constexpr float kSideX = kSlideWidth - kMargin - kSideWidth;
constexpr float kGap = 12;
constexpr float kOptionHeight = 36;
constexpr float kCalloutHeight = 58;

Box figure_area() { return {kMargin, kBodyTop, kSideX - kMargin - 16, kSlideHeight - kBodyTop - 14}; }

// The title at the top left; at the right the position and the what-ifs'
// buttons of `toggles` (none on a recap).
void draw_heading(const std::string& title_text, const std::vector<lessons::Toggle>& toggles, const SlideState& state,
                  Pen& pen) {
  float right = kSlideWidth - kMargin;
  if (!state.position.empty()) {
    Element& pos = pen.right(right, kHeadTop, kTitlePx, state.position, 18, colour::kMuted, Role::Heading);
    right = pos.box.x - 24;
  }
  // The what-ifs, right to left: "[W] padding: off", each a button its key cycles;
  // shown on demand or while one is flipped (SlideState::show_toggles).
  const bool flipped = std::any_of(state.toggles.begin(), state.toggles.end(), [](int c) { return c != 0; });
  for (int i = static_cast<int>(toggles.size()) - 1; i >= 0 && (state.show_toggles || flipped); --i) {
    const lessons::Toggle& g = toggles[static_cast<std::size_t>(i)];
    const int chosen = i < static_cast<int>(state.toggles.size()) ? state.toggles[static_cast<std::size_t>(i)] : 0;
    const std::string label =
        fmt::format("{}: {}", plain(g.label), plain(g.options[static_cast<std::size_t>(std::clamp<int>(chosen, 0, static_cast<int>(g.options.size()) - 1))].label));
    const float w = text_width(label, 18) + 44;
    const Box box{right - w, kHeadTop - 2, w, kTitlePx + 4};
    pen.rect(box, chosen != 0 ? colour::kAccent : colour::kOption, Role::Toggle, {}, 0, 6).option = i;
    const Box key{box.x + 5, box.y + 5, 24, box.h - 10};
    pen.rect(key, colour::kWhite, Role::Toggle, {}, 0, 4).option = i;
    pen.centred(key, std::string(1, toggle_key(i)), 16, colour::kInk, Role::Toggle, Face::Bold).option = i;
    pen.text(box.x + 36, box.y + (box.h - 18) / 2, label, 18, chosen != 0 ? colour::kWhite : colour::kInk, Role::Toggle)
        .option = i;
    right = box.x - 10;
  }
  float px = kTitlePx;
  const std::string title = plain(title_text);
  while (px > 20 && text_width(title, px, Face::Bold) > right - kMargin) px -= 1;
  pen.text(kMargin, kHeadTop + (kTitlePx - px) / 2, title, px, colour::kInk, Role::Heading, Face::Bold);
  pen.line(kMargin, kBodyTop - 10, kSlideWidth - kMargin, kBodyTop - 10, colour::kGrid, 1);
}

// The options as a column of boxes: number badge and label. After the reveal
// the right one is green, a wrong pick of the class outlined in vermillion.
float options_height(const lessons::ResolvedQuestion& q) {
  return q.choices.empty() ? 0 : static_cast<float>(q.choices.size()) * (kOptionHeight + 6);
}

void draw_options(const lessons::ResolvedQuestion& q, const SlideState& state, float y, Pen& pen) {
  for (std::size_t i = 0; i < q.choices.size(); ++i) {
    const Box box{kSideX, y + static_cast<float>(i) * (kOptionHeight + 6), kSideWidth, kOptionHeight};
    const bool right = state.revealed && static_cast<int>(i) == q.correct;
    const bool picked = static_cast<int>(i) == state.chosen;
    const Colour fill = right ? colour::kGood : colour::kOption;
    const Colour ink = right ? colour::kWhite : colour::kInk;
    Colour stroke = picked ? colour::kAccent : Colour{0, 0, 0, 0};
    if (picked && state.revealed && !right) stroke = colour::kConflict;
    pen.rect(box, fill, Role::Option, stroke, picked ? 3.0f : 0.0f, 6).option = static_cast<int>(i);
    const Box badge{box.x + 6, box.y + 5, 26, box.h - 10};
    pen.rect(badge, colour::kWhite, Role::Option, {}, 0, 4);
    pen.centred(badge, std::to_string(i + 1), 18, colour::kInk, Role::Option, Face::Bold);
    std::string label = plain(q.choices[i]);
    float px = 20;
    while (px > kMinGlyphPx && text_width(label, px) > box.w - 48) px -= 1;
    pen.text(box.x + 42, box.y + (box.h - px) / 2, label, px, ink, Role::Option);
  }
}

void draw_callout(const std::string& text, bool answered, float y, Pen& pen) {
  const Box box{kSideX, y, kSideWidth, kCalloutHeight};
  pen.rect(box, answered ? colour::kGood : colour::kAccent, answered ? Role::Answer : Role::Question, {}, 0, 8);
  float px = 32;
  while (px > kMinGlyphPx && text_width(text, px, Face::Bold) > box.w - 24) px -= 1;
  pen.centred(box, text, px, colour::kWhite, answered ? Role::Answer : Role::Question, Face::Bold);
}

// Fills the side column; sizes step down until everything fits.
void draw_side(const lessons::Step& step, lessons::ResolvedStep& r, const SlideState& state, Pen& pen) {
  const float top = kBodyTop, bottom = kSlideHeight - 14, w = kSideWidth;
  const std::string body = plain(r.shown_text(state.revealed));
  if (!r.question) {
    float px = 22;
    while (px > kMinGlyphPx && Pen::paragraph_height(w, body, px) > bottom - top) px -= 1;
    pen.paragraph({kSideX, top, w, bottom - top}, body, px, colour::kInk, Role::Body);
    return;
  }
  (void)step;
  const lessons::ResolvedQuestion& q = *r.question;
  const std::string prompt = plain(state.revealed ? q.prompt : q.prompt_before_reveal);
  const std::string reveal = state.revealed ? plain(q.reveal) : "";
  const float fixed = options_height(q) + kCalloutHeight + 3 * kGap;
  // Sizes tried from large to small; the body goes first when the reveal needs the room.
  struct Sizes { float body, prompt, reveal; bool with_body; };
  std::vector<Sizes> tries;
  for (float b : {21.f, 20.f, 19.f, 18.f, 17.f, 16.f}) tries.push_back({b, std::max(b, 18.f) + 1, std::min(b, 19.f), true});
  if (state.revealed)
    for (float b : {20.f, 19.f, 18.f, 17.f, 16.f}) tries.push_back({0, 20, b, false});
  Sizes chosen = tries.back();
  for (const Sizes& s : tries) {
    float h = fixed + Pen::paragraph_height(w, prompt, s.prompt, Face::Bold);
    if (s.with_body) h += Pen::paragraph_height(w, body, s.body) + kGap;
    if (!reveal.empty()) h += Pen::paragraph_height(w, reveal, s.reveal) + kGap;
    if (h <= bottom - top) { chosen = s; break; }
  }
  float y = top;
  if (chosen.with_body) y += pen.paragraph({kSideX, y, w, 0}, body, chosen.body, colour::kInk, Role::Body) + kGap;
  y += pen.paragraph({kSideX, y, w, 0}, prompt, chosen.prompt, colour::kAccent, Role::Question, Face::Bold) + kGap;
  draw_options(q, state, y, pen);
  y += options_height(q) + kGap;
  // The count appears last: not while the lanes still move into their banks.
  const bool answered = state.revealed && state.reveal_progress >= 1;
  draw_callout(answered ? q.answer_phrase : q.concealed_phrase, answered, y, pen);
  y += kCalloutHeight + kGap;
  if (!reveal.empty() && answered) pen.paragraph({kSideX, y, w, 0}, reveal, chosen.reveal, colour::kInk, Role::Answer);
}

float draw_view(const FigureInput& in, Pen& pen) {
  switch (in.step.state.view) {
    case lessons::View::BankMap: return draw_bank_figure(in, pen);
    case lessons::View::SectorMap: return draw_sector_figure(in, pen);
    case lessons::View::SharedArray: return draw_array_figure(in, pen);
    case lessons::View::Blocks: return draw_blocks_figure(in, pen);
    case lessons::View::Threads: return draw_threads_figure(in, pen);
    case lessons::View::Timings:
    case lessons::View::WholeKernel: return draw_bars_figure(in, pen);
    case lessons::View::Code: return draw_code_figure(in, pen);
  }
  return 0;
}

float draw_figure(const lessons::Step& step, lessons::ResolvedStep& r, const SlideState& state, Pen& pen) {
  const FigureInput in{step, r, state, figure_area()};
  float h = draw_view(in, pen);
  // A map whose step also declares charts (the phases of a tiled multiply under
  // its sector map): the charts take the room under it.
  const bool charts_drawn = step.state.view == lessons::View::Timings || step.state.view == lessons::View::WholeKernel;
  if (!step.bars.empty() && !charts_drawn) {
    const Box rest{in.area.x, in.area.y + h + 16, in.area.w, in.area.h - h - 16};
    h += 16 + draw_bars_figure({step, r, state, rest}, pen);
  }
  return h;
}

}  // namespace

char toggle_key(int index) { return index == 0 ? 'Q' : index == 1 ? 'W' : 'E'; }

Slide build_slide(const lessons::Lesson& lesson, int step, lessons::ResolvedStep& resolved, const SlideState& state) {
  Slide slide;
  slide.lesson = lesson.id;
  slide.step = step + 1;
  slide.reveal = state.revealed;
  Pen pen(slide);
  pen.rect({0, 0, kSlideWidth, kSlideHeight}, colour::kBackground);
  const lessons::Step& shown = state.step ? *state.step : lesson.steps[static_cast<std::size_t>(step)];
  const lessons::Step& written = lesson.steps[static_cast<std::size_t>(step)];
  draw_heading(written.title, written.toggles, state, pen);
  draw_figure(shown, resolved, state, pen);
  draw_side(shown, resolved, state, pen);
  return slide;
}

std::string slide_position(const lessons::Lesson& lesson, int step) {
  return fmt::format("Lesson {} \u00b7 {} of {}", lesson.number, step + 1, lesson.steps.size());
}

std::string slide_position(const lessons::Deck& deck, int entry, int step) {
  const auto& shown = deck.entries[static_cast<std::size_t>(entry)].steps;
  const auto at = std::lower_bound(shown.begin(), shown.end(), step) - shown.begin();
  return fmt::format("Lesson {} \u00b7 {} of {}", entry + 1, std::min<long>(at + 1, static_cast<long>(shown.size())),
                     shown.size());
}

Slide build_title_slide(const std::string& title, const std::string& subtitle, const std::vector<std::string>& agenda) {
  Slide slide;
  slide.lesson = "";
  slide.step = 0;
  Pen pen(slide);
  pen.rect({0, 0, kSlideWidth, kSlideHeight}, colour::kBackground);
  const float w = kSlideWidth - 2 * 96;
  float px = 46;
  while (px > 30 && Pen::paragraph_height(w, plain(title), px, Face::Bold) > 130) px -= 2;
  float y = 96;
  y += pen.paragraph({96, y, w, 0}, plain(title), px, colour::kInk, Role::Heading, Face::Bold) + 14;
  if (!subtitle.empty()) y += pen.paragraph({96, y, w, 0}, plain(subtitle), 26, colour::kMuted, Role::Heading) + 10;
  pen.line(96, y + 8, kSlideWidth - 96, y + 8, colour::kGrid, 2);
  y += 32;
  // The agenda: what the class will see, one line per lesson, in two columns when long.
  const float rows = static_cast<float>(agenda.size() > 6 ? (agenda.size() + 1) / 2 : agenda.size());
  float line_px = 26;
  while (line_px > 20 && rows * line_px * 1.6f > kSlideHeight - 48 - y) line_px -= 1;
  const float column_w = agenda.size() > 6 ? w / 2 : w;
  for (std::size_t i = 0; i < agenda.size(); ++i) {
    const float x = 96 + (agenda.size() > 6 && static_cast<float>(i) >= rows ? column_w : 0);
    const float row = agenda.size() > 6 && static_cast<float>(i) >= rows ? static_cast<float>(i) - rows : static_cast<float>(i);
    const float top = y + row * line_px * 1.6f;
    pen.text(x, top, fmt::format("{}.", i + 1), line_px, colour::kAccent, Role::Body, Face::Bold);
    std::string label = plain(agenda[i]);
    float px_i = line_px;
    while (px_i > kMinGlyphPx && text_width(label, px_i) > column_w - 60) px_i -= 1;
    pen.text(x + 44, top + (line_px - px_i) / 2, label, px_i, colour::kInk, Role::Body);
  }
  return slide;
}

Slide build_recap_slide(const lessons::Lesson& lesson, lessons::ResolvedStep& resolved,
                        const std::vector<std::string>& earlier, const std::string& position,
                        const std::string& title) {
  const int step = lesson.remember ? lesson.remember->step : 0;
  const lessons::Step& shown = lesson.steps[static_cast<std::size_t>(step)];
  Slide slide;
  slide.lesson = lesson.id;
  slide.step = step + 1;
  slide.reveal = true;
  Pen pen(slide);
  pen.rect({0, 0, kSlideWidth, kSlideHeight}, colour::kBackground);
  SlideState state;
  state.revealed = true;
  state.position = position;
  draw_heading("Recap: " + (title.empty() ? lesson.title : title), {}, state, pen);
  draw_figure(shown, resolved, state, pen);
  // The lessons recapped so far by title, muted; then this one's sentence, large.
  const float top = kBodyTop, bottom = kSlideHeight - 14, indent = 40;
  const std::string sentence = plain(lesson.remember ? lesson.remember->text : "");
  float title_px = 18, px = 24;
  auto height = [&](float t, float p) {
    float h = 0;
    for (const std::string& e : earlier) h += Pen::paragraph_height(kSideWidth - indent, plain(e), t) + 6;
    return h + Pen::paragraph_height(kSideWidth - indent, sentence, p, Face::Bold) + kGap;
  };
  while (px > 18 && height(title_px, px) > bottom - top) px -= 1;
  while (title_px > kMinGlyphPx && height(title_px, px) > bottom - top) title_px -= 1;
  float y = top;
  for (std::size_t i = 0; i < earlier.size(); ++i) {
    pen.text(kSideX, y, fmt::format("{}.", i + 1), title_px, colour::kMuted, Role::Body);
    y += pen.paragraph({kSideX + indent, y, kSideWidth - indent, 0}, plain(earlier[i]), title_px, colour::kMuted, Role::Body) + 6;
  }
  if (!earlier.empty()) y += kGap;
  pen.text(kSideX, y, fmt::format("{}.", earlier.size() + 1), px, colour::kAccent, Role::Body, Face::Bold);
  pen.paragraph({kSideX + indent, y, kSideWidth - indent, 0}, sentence, px, colour::kInk, Role::Body, Face::Bold);
  return slide;
}

Slide build_title_slide(const lessons::Deck& deck, const lessons::LessonLibrary& library) {
  std::vector<std::string> agenda;
  for (const lessons::DeckEntry& e : deck.entries) agenda.push_back(lessons::entry_title(e, library));
  return build_title_slide(deck.title, deck.subtitle, agenda);
}

Slide build_recap_slide(const lessons::Deck& deck, const lessons::LessonLibrary& library, int item,
                        lessons::ResolvedStep& resolved) {
  std::vector<std::string> earlier;
  for (int i = 0; i < item; ++i) earlier.push_back(lessons::entry_title(deck.entries[static_cast<std::size_t>(i)], library));
  const lessons::DeckEntry& entry = deck.entries[static_cast<std::size_t>(item)];
  return build_recap_slide(*library.find(entry.lesson), resolved, earlier,
                           fmt::format("Recap \u00b7 {} of {}", item + 1, deck.entries.size()),
                           lessons::entry_title(entry, library));
}

Slide error_slide(const lessons::Lesson& lesson, int step, const std::string& error) {
  Slide slide;
  slide.lesson = lesson.id;
  slide.step = step + 1;
  Pen pen(slide);
  pen.rect({0, 0, kSlideWidth, kSlideHeight}, colour::kBackground);
  if (step >= 0 && step < static_cast<int>(lesson.steps.size()))
    draw_heading(lesson.steps[static_cast<std::size_t>(step)].title, lesson.steps[static_cast<std::size_t>(step)].toggles, {},
                 pen);
  pen.paragraph({kMargin, kBodyTop, kSlideWidth - 2 * kMargin, kSlideHeight - kBodyTop}, "This step cannot be shown: " + error,
                22, colour::kConflict, Role::Body);
  return slide;
}

}  // namespace ws::slides
