#include "gui/code_panel.hpp"
#include "gui/text_wrap.hpp"

#include <algorithm>
#include <cfloat>
#include <cstdlib>
#include <sstream>
#include <set>
#include <system_error>

#include <fmt/format.h>
#include <fmt/printf.h>
#include <imgui.h>

#include "gui/palette.hpp"
#include "ws/kernels/assets.hpp"
#include "ws/kernels/input_file.hpp"

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

Result<std::vector<std::string>> read_source_lines(std::string_view repo_relative) {
  const std::string path = kernels::find_data_file(repo_relative);
  if (path.empty())
    return Error{fmt::format("Source file {} not found (set WARPSCOPE_DATA_DIR to the repository).", repo_relative)};
  const auto text = kernels::read_input_file(path, kMaxCodeViewBytes, [](std::uintmax_t bytes) {
    return fmt::format("is {} bytes, over the code view's {} MiB limit", bytes, kMaxCodeViewBytes >> 20);
  });
  if (!text) return Error{fmt::format("Source file {} {}.", kernels::printable(path), text.error().message)};
  std::vector<std::string> lines;
  std::istringstream in(*text);
  for (std::string line; std::getline(in, line);) {
    // ImGui draws no tab stops: expand them so indentation survives.
    for (std::size_t t = line.find('\t'); t != std::string::npos; t = line.find('\t', t)) line.replace(t, 1, "    ");
    lines.push_back(std::move(line));
  }
  return lines;
}

void CodePanel::load(std::string_view repo_relative) {
  if (loaded_path_ == repo_relative) return;
  loaded_path_ = std::string(repo_relative);
  lines_.clear();
  load_error_.clear();
  scrolled_to_line_ = -1;
  auto lines = read_source_lines(repo_relative);
  if (!lines) {
    load_error_ = lines.error().message;
    return;
  }
  lines_ = std::move(*lines);
}

std::vector<CodeRow> wrap_code_line(std::string_view line, int columns) {
  columns = std::max(columns, 8);
  std::vector<CodeRow> rows;
  const int n = static_cast<int>(line.size());
  const int lead = static_cast<int>(std::min(line.find_first_not_of(' '), line.size()));
  const int cont = std::min(lead + 4, columns / 2);  // continuation rows sit under the code, indented
  int b = 0;
  while (true) {
    const int indent = rows.empty() ? 0 : cont;
    const int room = columns - indent;
    if (n - b <= room) {
      rows.push_back({b, n, indent});
      break;
    }
    // The last space that keeps the row within `room` (a break there drops it).
    int cut = -1;  // never inside the first row's indentation (that would give an empty row)
    for (int i = b + room; i > (rows.empty() ? std::max(b, lead) : b); --i)
      if (line[i] == ' ') {
        cut = i;
        break;
      }
    int end = cut > b ? cut : b + room, next = end;
    while (end > b && line[end - 1] == ' ') --end;
    while (next < n && line[next] == ' ') ++next;
    rows.push_back({b, end, indent});
    if (next >= n) break;
    b = next;
  }
  return rows;
}

int code_columns(float text_width, float char_width) {
  if (!(char_width > 0)) return 8;
  return std::max(8, static_cast<int>(text_width / char_width) - kCodeGutterChars);
}

void CodePanel::Draw(AppState& state) {
  load(state.kernel().source_path);
  const CurrentInstruction& c = state.current;
  const SiteInfo* site = c.site >= 0 ? &state.trace.sites[c.site] : nullptr;
  const std::string path(state.kernel().source_path);
  if (site) text_wrapped(fmt::sprintf("%s  -  %s, line %d", path.c_str(), site->name.c_str(), site->line));
  else text_wrapped(path);
  if (!load_error_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::text_conflict());
    text_wrapped(load_error_);
    ImGui::PopStyleColor();
    return;
  }
  std::set<int> site_lines;
  for (const SiteInfo& s : state.trace.sites) site_lines.insert(s.line);
  const int current_line = site ? site->line : -1;

  if (state.view.mono) ImGui::PushFont(state.view.mono);
  ImGui::BeginChild("code_scroll", ImVec2(0, 0), true);
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0));
  ImFont* font = ImGui::GetFont();
  const float fs = ImGui::GetFontSize(), line_h = ImGui::GetTextLineHeightWithSpacing();
  const float char_w = font->CalcTextSizeA(fs, FLT_MAX, 0, "0").x;
  // The child always leaves room for its scrollbar, so the wrap does not change as it appears.
  const float text_w = ImGui::GetContentRegionAvail().x - (ImGui::GetScrollMaxY() > 0 ? 0 : ImGui::GetStyle().ScrollbarSize);
  const int columns = code_columns(text_w, char_w);
  columns_ = columns;
  current_shown_ = false;
  current_rows_ = 0;
  const ImVec2 view_min = ImGui::GetWindowPos();
  const ImVec2 view_max(view_min.x + ImGui::GetWindowWidth(), view_min.y + ImGui::GetWindowHeight());
  const float gutter = kCodeGutterChars * char_w, full_w = ImGui::GetContentRegionAvail().x;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 ink = ImGui::GetColorU32(ImGuiCol_Text), muted = ImGui::GetColorU32(palette::text_muted());
  for (int i = 0; i < static_cast<int>(lines_.size()); ++i) {
    const int n = i + 1;
    const std::string& text = lines_[i];
    const std::vector<CodeRow> rows = wrap_code_line(text, columns);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float h = line_h * static_cast<float>(rows.size());
    if (ImGui::IsRectVisible(p, ImVec2(p.x + full_w, p.y + h))) {
      if (n == current_line)
        dl->AddRectFilled(p, ImVec2(p.x + full_w, p.y + h), palette::rgb(86, 180, 233, 110));
      else if (site_lines.count(n))  // other memory accesses: a mark in the margin
        dl->AddRectFilled(p, ImVec2(p.x + 4, p.y + h), palette::kAccent);
      const std::string number = fmt::format("{:4d}", n);
      dl->AddText(font, fs, p, muted, number.c_str());
      for (std::size_t r = 0; r < rows.size(); ++r) {
        const ImVec2 at(p.x + gutter + rows[r].indent * char_w, p.y + line_h * static_cast<float>(r));
        dl->AddText(font, fs, at, ink, text.data() + rows[r].begin, text.data() + rows[r].end);
      }
    }
    ImGui::Dummy(ImVec2(full_w, h));
    if (n == current_line) {
      int widest = 0;
      for (const CodeRow& r : rows) widest = std::max(widest, r.indent + r.end - r.begin);
      current_rows_ = static_cast<int>(rows.size());
      current_shown_ = p.y >= view_min.y - 0.5f && p.y + h <= view_max.y + 0.5f &&
                       p.x + gutter + widest * char_w <= std::min(view_max.x, p.x + text_w) + 0.5f;
    }
    // Bring the highlighted line into view when it changes, its top 40% down the view
    // or higher where its wrapped rows need the room, checked for a few frames (rows
    // above may rewrap as the panel settles); afterwards the user may scroll freely.
    if (n == current_line && current_line != scrolled_to_line_) scroll_frames_ = 3;
    if (n == current_line && scroll_frames_ > 0 && (current_line != scrolled_to_line_ || !current_shown_)) {
      const float view_h = view_max.y - view_min.y - ImGui::GetStyle().WindowPadding.y * 2;
      const float above = std::clamp(view_h - h, 0.0f, view_h * 0.4f);
      ImGui::SetScrollY(std::max(0.0f, p.y - view_min.y + ImGui::GetScrollY() - ImGui::GetStyle().WindowPadding.y - above));
      scrolled_to_line_ = current_line;
    }
  }
  if (scroll_frames_ > 0) --scroll_frames_;
  ImGui::PopStyleVar();
  ImGui::EndChild();
  if (state.view.mono) ImGui::PopFont();
}

}  // namespace ws::gui
