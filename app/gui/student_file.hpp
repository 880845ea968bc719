// The Kernel panel's "Your .cu file" and the watch that re-traces it on save
// (student_file.cpp; AppState::open_student_file()).
#pragma once

#include "gui/app_state.hpp"

namespace ws::gui {

void draw_student_file(AppState& state);
// Once a frame: opens a file asked for (a drop, the command line) and re-opens
// the one shown when it changes on disk.
void watch_student_file(AppState& state, double dt_seconds);

}  // namespace ws::gui
