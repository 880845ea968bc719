#include "gui/warp_stepper_panel.hpp"
#include "gui/text_wrap.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/printf.h>
#include <imgui.h>

#include "gui/canvas.hpp"
#include "gui/palette.hpp"

namespace ws::gui {

std::string site_description(const SiteInfo& s, int phase) {
  std::string d = fmt::format("{}, line {}: {} {}, {} bytes", s.name, s.line, to_string(s.space), to_string(s.op), s.bytes);
  if (s.ldmatrix != Ldmatrix::None) d += fmt::format(" (ldmatrix.x{})", static_cast<int>(s.ldmatrix));
  if (phase > 0) d += fmt::format(" - after barrier {}", phase);
  return d;
}

void WarpStepperPanel::Draw(AppState& state) {
  if (!state.ready()) {
    text_wrapped("Fix the parameters to step through the kernel.");
    return;
  }
  draw_cursor(state);
  ImGui::Separator();
  draw_lane_threads(state);
}

namespace {

// Muted text after the last item, on its line where it fits, else under it.
void muted_after(const std::string& text) {
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + ImGui::CalcTextSize(text.c_str()).x <= right)
    ImGui::SameLine();
  ImGui::TextColored(palette::text_muted(), "%s", text.c_str());
}

}  // namespace

void WarpStepperPanel::draw_cursor(AppState& state) {
  const Dim3 grid = state.launch.grid;
  const float w = ImGui::GetContentRegionAvail().x * 0.45f;
  int b[2] = {state.block.x, state.block.y};
  ImGui::SetNextItemWidth(w);
  if (ImGui::InputInt2("block (x, y)", b) && !ImGui::GetIO().WantTextInput)
    state.set_block(Dim3{b[0], b[1], 0});
  if (ImGui::IsItemDeactivatedAfterEdit()) state.set_block(Dim3{b[0], b[1], 0});
  muted_after(fmt::format("of {} x {}", grid.x, grid.y));

  int warp = state.warp;
  ImGui::SetNextItemWidth(w);
  if (ImGui::SliderInt("warp", &warp, 0, state.warps_per_block() - 1)) state.set_warp(warp);
  muted_after(fmt::format("of {}", state.warps_per_block()));

  const int n = state.instruction_count();
  if (n == 0) {
    ImGui::TextUnformatted("This warp executes no memory instruction.");
    return;
  }
  if (ImGui::ArrowButton("prev", ImGuiDir_Left)) state.step_instruction(-1);
  ImGui::SameLine();
  int i = state.instruction;
  ImGui::SetNextItemWidth(w);
  if (ImGui::SliderInt("##instr", &i, 0, n - 1, "instruction %d")) state.set_instruction(i);
  ImGui::SameLine();
  if (ImGui::ArrowButton("next", ImGuiDir_Right)) state.step_instruction(1);
  muted_after(fmt::format("of {}", n));

  if (ImGui::Button(state.playback.playing ? "Pause" : "Play", ImVec2(ImGui::GetFontSize() * 4, 0)))
    state.playback.playing = !state.playback.playing;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(w);
  ImGui::SliderFloat("steps/s", &state.playback.steps_per_second, 0.25f, 10.0f, "%.2f");

  const TracedInstruction& ti = state.trace.instructions[state.instruction];
  if (const int phases = state.phase_count(); phases > 1) {
    // Kernels with barriers (the tiled matmul's phases) step a barrier interval at a time too.
    if (ImGui::ArrowButton("prev_phase", ImGuiDir_Left)) state.step_phase(-1);
    ImGui::SameLine();
    // Intervals between __syncthreads(), not the tiled matmul's phases: a phase holds two barriers.
    ImGui::Text("barrier interval %d of %d", ti.phase + 1, phases);
    ImGui::SameLine();
    if (ImGui::ArrowButton("next_phase", ImGuiDir_Right)) state.step_phase(1);
  }
  text_wrapped(site_description(state.trace.sites[ti.site], ti.phase));
  ImGui::PushStyleColor(ImGuiCol_Text, palette::text_muted());
  // Not while a lesson conceals a cost: the count would answer its question.
  const lessons::Concealment& k = state.view.conceal;
  using lessons::Quantity;
  const bool hidden = k.hides(Quantity::WholeKernel) || k.hides(Quantity::SharedCost) || k.hides(Quantity::GlobalCost);
  if (const kernels::Reconciliation* r = hidden ? nullptr : ncu_.get(state)) {
    if (const std::string note = ncu_line_note(*r, state.trace.sites[ti.site]); !note.empty()) text_wrapped(note);
  }
  text_wrapped(fmt::sprintf("Keys: Left/Right instruction, Shift+Left/Right barrier interval, Up/Down warp, PgUp/PgDn block, "
                     "Space play"));
  ImGui::PopStyleColor();
}

void WarpStepperPanel::draw_lane_threads(const AppState& state) {
  const CurrentInstruction& c = state.current;
  const Dim3 bd = state.launch.block;
  const int warp_lanes = state.arch().warp_lanes;
  const int first_thread = state.warp * warp_lanes;
  // A partial last warp (a block of 4 threads) has fewer lanes than the preset's warp.
  const int lanes = std::clamp(state.trace.lanes_in_warp, 1, warp_lanes);
  ImGui::Text("Warp %d = threads %d..%d of the block", state.warp, first_thread,
              std::min(first_thread + lanes, bd.count()) - 1);
  ImGui::PushStyleColor(ImGuiCol_Text, palette::text_muted());
  text_wrapped(fmt::sprintf("thread id = tx + ty*%d;  warp id = id / %d;  lane id = id %% %d", bd.x, warp_lanes,
                     warp_lanes));
  ImGui::PopStyleColor();
  // Lane chips with their thread below, eight per row; greyed when inactive.
  const float fs = ImGui::GetFontSize();
  const int per_row = lanes < 8 ? lanes : 8;
  const float cell_w = ImGui::GetContentRegionAvail().x / per_row;
  const float chip_h = fs * 1.15f, text_h = fs * 1.05f;
  const int rows = (lanes + per_row - 1) / per_row;
  const ImVec2 o = canvas::claim("lane_threads", cell_w * per_row, rows * (chip_h + text_h + 4));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (int l = 0; l < lanes; ++l) {
    const float x = (l % per_row) * cell_w, y = (l / per_row) * (chip_h + text_h + 4);
    const ImVec2 mn = canvas::at(o, x + 2, y), mx = canvas::at(o, x + cell_w - 2, y + chip_h);
    const bool active = c.valid && c.access.active(l);
    if (active) canvas::lane_chip(dl, mn, mx, l);
    else {
      dl->AddRect(mn, mx, palette::kGrid, 3.0f);
      canvas::centered_text(dl, mn, mx, palette::kGrid, std::to_string(l));
    }
    const Dim3 t = state.trace.lane_thread[l];
    canvas::centered_text(dl, canvas::at(o, x, y + chip_h), canvas::at(o, x + cell_w, y + chip_h + text_h),
                          active ? palette::kInk : palette::kGrid, thread_label(Dim3{t.x, t.y, 0}), fs * 0.85f);
  }
}

}  // namespace ws::gui
