// Bank map: bank columns x wavefront rows for the current shared instruction;
// each lane a chip in the wavefront that serves it, shared words under a
// broadcast badge, and the conflict headline. While a lesson question conceals
// the cost, the lanes stand at their banks in one row of requests and the
// headline asks "? wavefronts"; the reveal moves them into their wavefront rows.
// A step's beside configuration is drawn under it at the same scale, titled.
// Every string comes from figure_text.hpp.
#pragma once

#include <array>

#include "gui/app_state.hpp"
#include "gui/bank_map_layout.hpp"
#include "gui/figure_text.hpp"

#include <imgui.h>

namespace ws::gui {

inline constexpr float kRevealSeconds = 0.6f;

class BankMapPanel {
 public:
  void Draw(AppState& state);
  // The step's own figure as drawn by the last frame (tests and the frame benchmark read it).
  const BankMapLayout& last_layout() const { return layouts_[0]; }
  // The beside figure's, when one was drawn (rows == 0 otherwise).
  const BankMapLayout& beside_layout() const { return layouts_[1]; }
  int figures_drawn() const { return figures_drawn_; }
  // The smallest lane digit drawn by the last frame, px (glyph height, canvas.hpp); 0: none.
  float smallest_digit() const { return smallest_digit_; }

 private:
  // A reveal in progress: from the request row to the wavefront rows.
  struct Reveal {
    bool hidden = false;
    WarpAccess access;  // the access that was concealed: only its reveal animates
    float t = 1;        // 0 .. 1
  };
  void update_reveal(Reveal& rv, const BankMapText& text, const WarpAccess& access, const AppState& state);
  void draw_texts(const FigureAccess& f, const BankMapText& text, int index);
  void draw_map(const AppState& state, const FigureAccess& f, const BankMapText& text, int index,
                const BankMapMetrics& m, float request_cell_height);
  void draw_tooltip(const AppState& state, const FigureAccess& f, const BankMapChip& chip, bool hidden);
  std::array<BankMapLayout, 2> layouts_;
  std::array<Reveal, 2> reveals_;
  int figures_drawn_ = 0;
  float smallest_digit_ = 0;
};

// One line under the headline: instruction kind, active lanes, groups (S3).
std::string shared_instruction_summary(const WarpAccess& a, const SharedResult& r);

}  // namespace ws::gui
