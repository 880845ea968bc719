// Text wrapped only at spaces. ImGui's TextWrapped also breaks after '.' and
// ',', which splits "4.50" into "4." / "50" on a narrow column; a projected
// number must never be broken, so the figures and lesson text wrap here.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace ws::gui {

// Lines of `text` no wider than `width` where a space allows it; a word wider
// than the line stands alone on its own line, whole. `measure` gives a string's
// width (ImGui::CalcTextSize in the window; tests pass their own). Newlines in
// the text are kept.
std::vector<std::string> wrap_at_spaces(std::string_view text, float width,
                                        const std::function<float(std::string_view)>& measure);

// ImGui::TextWrapped without breaks inside words and numbers: wrapped to the
// content region's width at the current font.
void text_wrapped(std::string_view text);

}  // namespace ws::gui
