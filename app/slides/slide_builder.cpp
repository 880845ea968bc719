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
// A short figure is drawn stacked instead (stacking() below): zoomed to the
// slide's width under the title, the text in two columns under it.
//
// Nothing else: no key help (the window shows it on demand), no file names,
// no tool tables. Text sizes step down to fit, never below kMinGlyphPx.
#include "slides/slide_builder.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

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
constexpr float kOptionHeight = 40;
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

// The options as boxes in `col` (its x and width): number badge and label; in
// one column beside the figure, side by side under a stacked one where every
// label fits (the options of a count question, "1 2 16 32", take one row).
// After the reveal the right one is green, a wrong pick of the class outlined
// in vermillion.
int option_columns(const lessons::ResolvedQuestion& q, float width, bool side_by_side) {
  const int n = static_cast<int>(q.choices.size());
  if (!side_by_side || n <= 1) return 1;
  for (int cols : {n, 2}) {
    if (cols > n) continue;
    const float w = (width - 8 * static_cast<float>(cols - 1)) / static_cast<float>(cols);
    const bool fit = std::all_of(q.choices.begin(), q.choices.end(),
                                 [&](const std::string& c) { return text_width(plain(c), 22) <= w - 48; });
    if (fit) return cols;
  }
  return 1;
}

float options_height(const lessons::ResolvedQuestion& q, int cols) {
  const int rows = (static_cast<int>(q.choices.size()) + cols - 1) / cols;
  return q.choices.empty() ? 0 : static_cast<float>(rows) * (kOptionHeight + 6);
}

void draw_options(const lessons::ResolvedQuestion& q, const SlideState& state, Box col, int cols, float y, Pen& pen) {
  const float w = (col.w - 8 * static_cast<float>(cols - 1)) / static_cast<float>(cols);
  for (std::size_t i = 0; i < q.choices.size(); ++i) {
    const int c = static_cast<int>(i) % cols, row = static_cast<int>(i) / cols;
    const Box box{col.x + static_cast<float>(c) * (w + 8), y + static_cast<float>(row) * (kOptionHeight + 6), w,
                  kOptionHeight};
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
    float px = 24;  // as large as the body text: a hall votes by reading these (review 6)
    while (px > kMinGlyphPx && text_width(label, px) > box.w - 48) px -= 1;
    pen.text(box.x + 42, box.y + (box.h - px) / 2, label, px, ink, Role::Option);
  }
}

void draw_callout(const std::string& text, bool answered, Box col, float y, Pen& pen) {
  const Box box{col.x, y, col.w, kCalloutHeight};
  pen.rect(box, answered ? colour::kGood : colour::kAccent, answered ? Role::Answer : Role::Question, {}, 0, 8);
  float px = 32;
  while (px > kMinGlyphPx && text_width(text, px, Face::Bold) > box.w - 24) px -= 1;
  pen.centred(box, text, px, colour::kWhite, answered ? Role::Answer : Role::Question, Face::Bold);
}

// Where the step's text goes. Beside the figure: one column, the sentences
// above the question. Under a stacked figure: two, the sentences in `body`,
// the question, its options and its answer in `question`; a step without a
// question spreads its sentences over both.
struct TextFrame {
  Box body, question;
  bool split = false;
  float largest = 22, smallest = kMinGlyphPx;  // the body's sizes, tried from large to small
};

// The sentences, at the largest size that fits; drawn at the smallest otherwise
// (the tests report what is cut off). Whether they fit.
bool draw_sentences(const std::string& body, Box box, const TextFrame& f, Pen* pen) {
  float px = f.largest;
  while (px > f.smallest && Pen::paragraph_height(box.w, body, px) > box.h) px -= 1;
  if (pen) pen->paragraph(box, body, px, colour::kInk, Role::Body);
  return Pen::paragraph_height(box.w, body, px) <= box.h;
}

// The text of a step in frame `f`; sizes step down until everything fits. Whether it fits.
bool draw_text(lessons::ResolvedStep& r, const SlideState& state, const TextFrame& f, Pen* pen) {
  const std::string body = plain(r.shown_text(state.revealed));
  if (!r.question) {
    const Box all = f.split ? Box{f.body.x, f.body.y, f.question.right() - f.body.x, f.body.h} : f.body;
    return draw_sentences(body, all, f, pen);
  }
  const lessons::ResolvedQuestion& q = *r.question;
  const Box col = f.question;
  const std::string prompt = plain(state.revealed ? q.prompt : q.prompt_before_reveal);
  const std::string reveal = state.revealed ? plain(q.reveal) : "";
  const int cols = option_columns(q, col.w, f.split);
  const float fixed = options_height(q, cols) + kCalloutHeight + 3 * kGap;
  bool fits = !f.split || draw_sentences(body, f.body, f, pen);
  // Sizes tried from large to small; in one column the body goes first when the reveal needs the room.
  struct Sizes { float body, prompt, reveal; bool with_body; };
  std::vector<Sizes> tries;
  if (f.split)  // the column holds no sentences: the prompt and the reveal at the body's sizes
    for (float b = f.largest; b >= f.smallest; b -= 1) tries.push_back({0, b, b - 1, false});
  else
    for (float b = std::min(f.largest, 21.f); b >= f.smallest; b -= 1)
      tries.push_back({b, std::max(b, 18.f) + 1, std::min(b, 19.f), true});
  if (!f.split)
    for (float b : {20.f, 19.f, 18.f, 17.f, 16.f}) tries.push_back({0, 20, b, false});
  // The first sizes that fit the question's text with (or without) its reveal.
  const std::string body_revealed = plain(r.shown_text(true)), prompt_revealed = plain(q.prompt);
  const std::string reveal_text = plain(q.reveal);
  const auto fitting = [&](bool revealed, const Sizes* at_most) -> const Sizes* {
    for (const Sizes& s : tries) {
      if (!revealed && !s.with_body && !f.split) continue;  // the body goes only for the reveal
      if (at_most && (s.prompt > at_most->prompt || (at_most->with_body && s.body > at_most->body))) continue;
      const std::string& b = revealed ? body_revealed : body;
      float h = fixed + Pen::paragraph_height(col.w, revealed ? prompt_revealed : prompt, s.prompt, Face::Bold);
      if (s.with_body) h += Pen::paragraph_height(col.w, b, s.body) + kGap;
      if (revealed) h += Pen::paragraph_height(col.w, reveal_text, s.reveal) + kGap;
      if (h <= col.h) return &s;
    }
    return nullptr;
  };
  // The question takes the sizes of its reveal where they fit it, so that the
  // prompt and the sentences keep their size when the answer appears (review 6).
  const Sizes* for_reveal = fitting(true, nullptr);
  const Sizes* chosen = state.revealed ? for_reveal : fitting(false, for_reveal);
  if (!state.revealed && !chosen) chosen = fitting(false, nullptr);
  fits = fits && chosen;
  if (!chosen) chosen = &tries.back();
  if (!pen) return fits;
  float y = col.y;
  if (chosen->with_body) y += pen->paragraph({col.x, y, col.w, 0}, body, chosen->body, colour::kInk, Role::Body) + kGap;
  y += pen->paragraph({col.x, y, col.w, 0}, prompt, chosen->prompt, colour::kAccent, Role::Question, Face::Bold) + kGap;
  draw_options(q, state, col, cols, y, *pen);
  y += options_height(q, cols) + kGap;
  // The count appears last: not while the lanes still move into their banks.
  const bool answered = state.revealed && state.reveal_progress >= 1;
  draw_callout(answered ? q.answer_phrase : q.concealed_phrase, answered, col, y, *pen);
  y += kCalloutHeight + kGap;
  if (!reveal.empty() && answered) pen->paragraph({col.x, y, col.w, 0}, reveal, chosen->reveal, colour::kInk, Role::Answer);
  return fits;
}

TextFrame side_frame() {
  const Box column{kSideX, kBodyTop, kSideWidth, kSlideHeight - 14 - kBodyTop};
  return {column, column, false};
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

// A figure drawn in the side layout's area, to be placed on the slide as it is or zoomed.
struct DrawnFigure {
  Slide drawn;
  float height = 0;
};

DrawnFigure figure_of(const lessons::Step& step, lessons::ResolvedStep& r, const SlideState& state) {
  DrawnFigure f;
  Pen pen(f.drawn);
  f.height = draw_figure(step, r, state, pen);
  return f;
}

// Places a figure on the slide, every length multiplied by `zoom` from the
// figure area's top-left corner, which moves right by `shift`.
void place(const Slide& figure, float zoom, float shift, Slide& slide) {
  const Box a = figure_area();
  for (Element e : figure.elements) {
    e.box.x = a.x + shift + (e.box.x - a.x) * zoom;
    e.box.y = a.y + (e.box.y - a.y) * zoom;
    e.box.w *= zoom;
    e.box.h *= zoom;
    e.glyph_px *= zoom;
    e.stroke_px *= zoom;
    e.radius *= zoom;
    slide.elements.push_back(std::move(e));
  }
}

// The stacked layout: the figure zoomed under the title, the text in two
// columns under it. A figure of four rows of 32 banks, drawn beside the text,
// had 26 px cells, 18 px digits and half the slide empty under it (review 5);
// stacked at the slide's width it gets 37 px cells and 25 px digits. Taken at
// the largest zoom (1.2 at least) where the text of both the question and its
// reveal fits at readable sizes, so that the figure does not move at the
// reveal; else the figure stays beside the text.
struct Stacking {
  float zoom = 1, shift = 0;
  TextFrame text;
};

constexpr float kStackedMinZoom = 1.2f;

std::optional<Stacking> stacking(float figure_height, lessons::ResolvedStep& r, const SlideState& state) {
  const Box area = figure_area();
  const float full = kSlideWidth - 2 * kMargin;
  const float bottom = kSlideHeight - 14;
  SlideState question = state, revealed = state;
  question.revealed = false;
  revealed.revealed = true;
  revealed.reveal_progress = 1;
  for (float zoom = full / area.w; zoom >= kStackedMinZoom; zoom -= 0.04f) {
    const float top = area.y + figure_height * zoom + 20;
    if (bottom - top < 120) continue;
    Stacking s;
    s.zoom = zoom;
    s.shift = (full - area.w * zoom) / 2;
    const float body_w = r.question ? std::round((full - 32) * 0.45f) : full;
    s.text.body = {kMargin, top, body_w, bottom - top};
    s.text.question = {kMargin + body_w + 32, top, full - body_w - 32, bottom - top};
    s.text.split = true;
    s.text.largest = 24;
    s.text.smallest = 20;
    if (!draw_text(r, question, s.text, nullptr)) continue;
    if (r.question && !draw_text(r, revealed, s.text, nullptr)) continue;
    return s;
  }
  return std::nullopt;
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
  DrawnFigure figure = figure_of(shown, resolved, state);
  // The layout is chosen on the taller of the question's figure and its reveal's.
  float tallest = figure.height;
  if (resolved.question) {
    SlideState other = state;
    other.revealed = !state.revealed;
    other.reveal_progress = other.revealed ? 1 : 0;
    tallest = std::max(tallest, figure_of(shown, resolved, other).height);
  }
  if (const std::optional<Stacking> s = stacking(tallest, resolved, state)) {
    place(figure.drawn, s->zoom, s->shift, slide);
    draw_text(resolved, state, s->text, &pen);
  } else {
    place(figure.drawn, 1, 0, slide);
    draw_text(resolved, state, side_frame(), &pen);
  }
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
