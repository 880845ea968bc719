#include "gui/code_panel.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>
#include <system_error>

#include <fmt/format.h>
#include <imgui.h>

#include "gui/palette.hpp"
#include "ws/kernels/assets.hpp"

namespace ws::gui {

// The kernel bodies travel as data: kernels/include/ under the first data root
// that has the file (WARPSCOPE_DATA_DIR, an install's share/warpscope, or the
// source tree of the build folder the binary sits in; ws/kernels/assets.hpp).
std::filesystem::path locate_source(std::string_view repo_relative) {
  namespace fs = std::filesystem;
  const std::string found = kernels::find_data_file(repo_relative);
  std::error_code ec;
  if (found.empty() || !fs::is_regular_file(found, ec)) return {};
  return found;
}

void CodePanel::load(std::string_view repo_relative) {
  if (loaded_path_ == repo_relative) return;
  loaded_path_ = std::string(repo_relative);
  lines_.clear();
  load_error_.clear();
  scrolled_to_line_ = -1;
  const auto path = locate_source(repo_relative);
  std::ifstream in(path);
  if (path.empty() || !in) {
    load_error_ = fmt::format("Source file {} not found (set WARPSCOPE_DATA_DIR to the repository).",
                              repo_relative);
    return;
  }
  for (std::string line; std::getline(in, line);) {
    // ImGui draws no tab stops: expand them so indentation survives.
    for (std::size_t t = line.find('\t'); t != std::string::npos; t = line.find('\t', t)) line.replace(t, 1, "    ");
    lines_.push_back(std::move(line));
  }
}

void CodePanel::Draw(AppState& state) {
  load(state.kernel().source_path);
  const CurrentInstruction& c = state.current;
  const SiteInfo* site = c.site >= 0 ? &state.trace.sites[c.site] : nullptr;
  if (site)
    ImGui::Text("%s  -  %s, line %d", std::string(state.kernel().source_path).c_str(), site->name.c_str(), site->line);
  else
    ImGui::TextUnformatted(std::string(state.kernel().source_path).c_str());
  if (!load_error_.empty()) {
    ImGui::TextColored(palette::text_conflict(), "%s", load_error_.c_str());
    return;
  }
  std::set<int> site_lines;
  for (const SiteInfo& s : state.trace.sites) site_lines.insert(s.line);
  const int current_line = site ? site->line : -1;

  if (state.view.mono) ImGui::PushFont(state.view.mono);
  ImGui::BeginChild("code_scroll", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
  const float line_h = ImGui::GetTextLineHeightWithSpacing();
  if (current_line != scrolled_to_line_ && current_line > 0) {
    // Centre the highlighted line once; afterwards the user may scroll freely.
    ImGui::SetScrollY(std::max(0.0f, (current_line - 1) * line_h - ImGui::GetWindowHeight() * 0.4f));
    scrolled_to_line_ = current_line;
  }
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(lines_.size()), line_h);
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const int n = i + 1;
      const ImVec2 p = ImGui::GetCursorScreenPos();
      const float w = std::max(ImGui::GetContentRegionAvail().x, ImGui::GetWindowWidth());
      if (n == current_line)
        dl->AddRectFilled(p, ImVec2(p.x + w, p.y + line_h), palette::rgb(86, 180, 233, 110));
      else if (site_lines.count(n))  // other memory accesses: a mark in the margin
        dl->AddRectFilled(p, ImVec2(p.x + 4, p.y + line_h), palette::kAccent);
      ImGui::TextColored(palette::text_muted(), "%4d", n);
      ImGui::SameLine();
      ImGui::TextUnformatted(lines_[i].c_str());
    }
  }
  ImGui::EndChild();
  if (state.view.mono) ImGui::PopFont();
}

}  // namespace ws::gui
