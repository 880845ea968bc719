// The Kernel panel's "Your .cu file" and the watch that re-traces it on save
// (student_file.cpp; AppState::open_student_file()).
#pragma once

#include "gui/app_state.hpp"

namespace ws::gui {

void draw_student_file(AppState& state);
// The panel's fields for a file and its launch (`kernel --window`, `screenshot --cu`).
StudentFileEditor student_file_fields(const std::string& path, const std::string& entry,
                                      const kernels::StudentLaunch& launch);
// Once a frame: opens a file asked for (a drop, the command line) and re-opens
// the one shown when it changes on disk.
void watch_student_file(AppState& state, double dt_seconds);

}  // namespace ws::gui
