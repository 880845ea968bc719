#include "gui/text_wrap.hpp"

#include <imgui.h>

namespace ws::gui {

std::vector<std::string> wrap_at_spaces(std::string_view text, float width,
                                        const std::function<float(std::string_view)>& measure) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t nl = text.find('\n', start);
    const std::string_view para = text.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start);
    std::string line;
    std::size_t i = 0;
    while (i < para.size()) {
      const std::size_t sp = para.find(' ', i);
      const std::string_view word = para.substr(i, sp == std::string_view::npos ? std::string_view::npos : sp - i);
      i = sp == std::string_view::npos ? para.size() : sp + 1;
      if (word.empty()) continue;
      const std::string candidate = line.empty() ? std::string(word) : line + " " + std::string(word);
      if (!line.empty() && measure(candidate) > width) {
        lines.push_back(line);
        line = std::string(word);
      } else {
        line = candidate;
      }
    }
    lines.push_back(line);
    if (nl == std::string_view::npos) break;
    start = nl + 1;
  }
  return lines;
}

void text_wrapped(std::string_view text) {
  const float width = ImGui::GetContentRegionAvail().x;
  const auto measure = [](std::string_view s) { return ImGui::CalcTextSize(s.data(), s.data() + s.size()).x; };
  std::string joined;  // one item, lines at the font's line height as TextWrapped draws them
  for (const std::string& line : wrap_at_spaces(text, width, measure)) joined += (joined.empty() ? "" : "\n") + line;
  ImGui::TextUnformatted(joined.c_str());
}

}  // namespace ws::gui
