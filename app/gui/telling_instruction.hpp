// The instruction a kernel opens on when nothing picks one (no lesson step, no
// --site, no click yet): the one that shows what the kernel is about. For
// transpose_shared that is the column read of the tile, a 32-way conflict, not
// the coalesced global load the warp executes first.
//
// The rule, the same for every kernel: the first instruction of the selected
// warp with the largest excess over its ideal cost (shared: wavefronts over
// ideal wavefronts; global: sectors over the sectors its distinct bytes need),
// a shared one winning a tie; when no instruction has any excess, the first
// shared access; when there is none, the first instruction.
#pragma once

#include "ws/arch.hpp"
#include "ws/trace.hpp"

namespace ws::gui {

// The excess of one access over its ideal cost, in its own unit (wavefronts or sectors).
int excess_over_ideal(const WarpAccess& access, const ArchPreset& arch);

// Index into trace.instructions; 0 for an empty trace.
int most_telling_instruction(const WarpTrace& trace, const ArchPreset& arch);

// The same rule among the instructions of one space only (a bank map needs a
// shared instruction, a sector map a global one: `export` without --site opens
// each on the instruction the window would pick among those); the first of
// that space when none has any excess; -1 when the warp has none of it.
int most_telling_instruction(const WarpTrace& trace, const ArchPreset& arch, Space only);

}  // namespace ws::gui
