// A student's own .cu file in the window (app_state.hpp's StudentFileEditor):
//   AppState::open_student_file()   compile, rehearse in a child, load, check, read the SASS
//   watch_student_file()            saving the file re-traces it (the edit loop)
//   draw_student_file()             the Kernel panel's "Your .cu file" fields
// The web page never compiles source: there the fields are shown disabled with the reason.
#include "gui/student_file.hpp"

#include <fmt/format.h>
#include <imgui.h>

#include <sstream>

#include "gui/palette.hpp"
#include "gui/text_wrap.hpp"

namespace ws::gui {
namespace {

// An ImGui text field editing a std::string in place (it grows as typed).
int grow_string(ImGuiInputTextCallbackData* data) {
  if (data->EventFlag == ImGuiInputTextFlags_CallbackResize) {
    auto* s = static_cast<std::string*>(data->UserData);
    s->resize(static_cast<std::size_t>(data->BufTextLen));
    data->Buf = s->data();
  }
  return 0;
}
bool input_string(const char* label, const char* hint, std::string& s) {
  return ImGui::InputTextWithHint(label, hint, s.data(), s.capacity() + 1, ImGuiInputTextFlags_CallbackResize,
                                  grow_string, &s);
}

#ifndef __EMSCRIPTEN__
// "n=65536 alpha=2" or "n=65536, alpha=2" -> pairs; the bad word, when one is.
std::variant<std::vector<std::pair<std::string, std::string>>, std::string> parse_assignments(const std::string& text) {
  std::vector<std::pair<std::string, std::string>> out;
  std::string spaced = text;
  for (char& c : spaced)
    if (c == ',') c = ' ';
  std::stringstream in(spaced);
  for (std::string word; in >> word;) {
    const auto eq = word.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == word.size()) return word;
    out.emplace_back(word.substr(0, eq), word.substr(eq + 1));
  }
  return out;
}
#endif

}  // namespace

#ifndef __EMSCRIPTEN__
bool AppState::open_student_file() {
  StudentFileEditor& f = student_file;
  f.open_requested = false;
  auto fail = [&](std::string why) {
    f.error = std::move(why);
    return false;
  };
  kernels::StudentLaunch launch;
  const auto grid = kernels::parse_dim3(f.grid), block_dim = kernels::parse_dim3(f.block);
  if (!grid) return fail(fmt::format("grid: '{}' is not X, XxY or XxYxZ", f.grid));
  if (!block_dim) return fail(fmt::format("block: '{}' is not X, XxY or XxYxZ", f.block));
  launch.grid = *grid;
  launch.block = *block_dim;
  launch.dynamic_shared_bytes = f.dynamic_smem;
  auto args = parse_assignments(f.args);
  if (auto* bad = std::get_if<std::string>(&args)) return fail(fmt::format("arguments: '{}' is not NAME=VALUE", *bad));
  launch.args = std::get<0>(args);
  auto sizes = parse_assignments(f.sizes);
  if (auto* bad = std::get_if<std::string>(&sizes)) return fail(fmt::format("sizes: '{}' is not NAME=ELEMENTS", *bad));
  for (const auto& [name, value] : std::get<0>(sizes)) {
    char* end = nullptr;
    const long long n = std::strtoll(value.c_str(), &end, 10);
    if (*end || n < 1) return fail(fmt::format("sizes: '{}={}' is not a positive number of elements", name, value));
    launch.sizes.emplace_back(name, n);
  }
  auto src = kernels::read_student_source(f.path, f.entry);
  if (auto* e = std::get_if<std::string>(&src)) return fail(*e);
  auto lib = kernels::compile_student(std::get<kernels::StudentSource>(src));
  if (auto* e = std::get_if<std::string>(&lib)) return fail(*e);
  const auto& source = std::get<kernels::StudentSource>(src);
  const auto& compiled = std::get<kernels::CompiledStudent>(lib);
  if (auto why = kernels::rehearse_student(source, compiled, launch, std::chrono::seconds(60))) return fail(*why);
  auto loaded = kernels::StudentKernel::load(source, compiled, launch);
  if (auto* e = std::get_if<std::string>(&loaded)) return fail(*e);
  std::shared_ptr<kernels::StudentKernel> k = std::move(std::get<std::unique_ptr<kernels::StudentKernel>>(loaded));
  std::vector<std::string> findings;
  try {
    const kernels::SassListing sass = kernels::student_sass_listing(source);
    if (!sass.text.empty())
      for (const auto& n : k->apply_sass(sass.text)) findings.push_back(fmt::format("line {}: {}", n.line, n.what));
    auto checked = k->check();
    if (auto* e = std::get_if<std::string>(&checked)) return fail(*e);
    for (const auto& r : std::get<kernels::StudentFindings>(checked).races)
      findings.push_back(fmt::format("race on {}: {} at line {} by thread ({},{},{}), {} at line {} by thread ({},{},{}), "
                                     "no __syncthreads() between",
                                     r.array, r.first_op, r.first_line, r.first_thread.x, r.first_thread.y,
                                     r.first_thread.z, r.second_op, r.second_line, r.second_thread.x, r.second_thread.y,
                                     r.second_thread.z));
    for (const auto& o : std::get<kernels::StudentFindings>(checked).out_of_range)
      findings.push_back(fmt::format("line {}: {}[{}] is past its {} elements", o.line, o.array, o.element, o.size));
    for (const auto& n : std::get<kernels::StudentFindings>(checked).notes) findings.push_back(n);
  } catch (const std::exception& e) {
    return fail(e.what());
  }
  std::error_code ec;
  f.opened_mtime = std::filesystem::last_write_time(f.path, ec);
  f.error.clear();
  f.findings = std::move(findings);
  // The same file again (a save): stay on the block, warp and instruction shown.
  const bool same_file = student && student->source().path == source.path;
  variant.reset();
  student = std::move(k);
  ++kernel_serial;
  params = kernels::KernelParams{};
  this->source = InstructionSource::Kernel;
  if (same_file) {
    block = chosen_.block;
    warp = chosen_.warp;
    instruction = chosen_.instruction;
    restoring_place_ = true;
  } else {
    block = Dim3{0, 0, 0};
    warp = 0;
    instruction = 0;
    instruction_picked_ = false;
  }
  resimulate();
  restoring_place_ = false;
  return true;
}

void watch_student_file(AppState& state, double dt_seconds) {
  StudentFileEditor& f = state.student_file;
  if (f.open_requested) {
    state.open_student_file();
    return;
  }
  if (!state.student) return;
  f.since_check += dt_seconds;
  if (f.since_check < 0.5) return;
  f.since_check = 0;
  std::error_code ec;
  const auto now = std::filesystem::last_write_time(f.path, ec);
  if (!ec && now != f.opened_mtime) state.open_student_file();
}
#else
bool AppState::open_student_file() {
  student_file.open_requested = false;
  student_file.error = "The web page never compiles source: run warpscope on your machine to open a .cu file.";
  return false;
}
void watch_student_file(AppState&, double) {}
#endif

StudentFileEditor student_file_fields(const std::string& path, const std::string& entry,
                                      const kernels::StudentLaunch& launch) {
  StudentFileEditor f;
  f.path = path;
  f.entry = entry;
  auto dims = [](Dim3 d) { return d.z > 1 ? fmt::format("{}x{}x{}", d.x, d.y, d.z) : fmt::format("{}x{}", d.x, d.y); };
  f.grid = dims(launch.grid);
  f.block = dims(launch.block);
  for (const auto& [n, v] : launch.args) f.args += (f.args.empty() ? "" : " ") + n + "=" + v;
  for (const auto& [n, v] : launch.sizes) f.sizes += (f.sizes.empty() ? "" : " ") + n + "=" + std::to_string(v);
  f.dynamic_smem = launch.dynamic_shared_bytes;
  return f;
}

void draw_student_file(AppState& state) {
  StudentFileEditor& f = state.student_file;
  if (!ImGui::CollapsingHeader("Your .cu file", state.student ? ImGuiTreeNodeFlags_DefaultOpen : 0)) return;
#ifdef __EMSCRIPTEN__
  ImGui::BeginDisabled();
#endif
  const float w = ImGui::GetContentRegionAvail().x * 0.6f;
  ImGui::SetNextItemWidth(w);
  input_string("file", "/path/to/kernel.cu (or drop it on the window)", f.path);
  ImGui::SetNextItemWidth(w);
  input_string("entry", "the __global__ function (if several)", f.entry);
  ImGui::SetNextItemWidth(w * 0.5f);
  input_string("grid", "1", f.grid);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(w * 0.5f);
  input_string("block", "256", f.block);
  ImGui::SetNextItemWidth(w);
  input_string("arguments", "n=65536 alpha=2", f.args);
  ImGui::SetNextItemWidth(w);
  input_string("sizes", "in=65536 (optional)", f.sizes);
  ImGui::SetNextItemWidth(w * 0.5f);
  ImGui::InputInt("dynamic shared bytes", &f.dynamic_smem, 0);
  if (ImGui::Button(state.student ? "Open again" : "Open")) state.open_student_file();
#ifdef __EMSCRIPTEN__
  ImGui::EndDisabled();
  ImGui::PushStyleColor(ImGuiCol_Text, palette::text_muted());
  text_wrapped("The web page never compiles source: run warpscope on your machine to open your own .cu file.");
  ImGui::PopStyleColor();
#else
  if (state.student) {
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Text, palette::text_muted());
    ImGui::TextUnformatted("saving the file re-traces it");
    ImGui::PopStyleColor();
  }
#endif
  if (!f.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::text_conflict());
    text_wrapped(f.error);
    ImGui::PopStyleColor();
  }
  for (const std::string& line : f.findings) text_wrapped(line);
}

}  // namespace ws::gui
