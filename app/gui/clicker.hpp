// The keys that run a lesson: what a presentation remote sends (PgDn/PgUp,
// Right/Left, Space, B, Escape/F5) and the keyboard's extras. One table, used
// by the window's key handling and by `screenshot --press`, so a replayed
// press takes exactly the path a real one does.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ws::gui {

enum class ClickerAction : std::uint8_t {
  Forward,         // question -> reveal -> next step -> next lesson of the deck
  Back,            // the reverse
  Reveal,          // show the answer, without moving on
  Blank,           // black screen on/off (any move ends it)
  Contents,        // the deck's table of contents on/off
  PresenterOn,     // F5: the slide show starts
  PresenterOff,    // Escape
  PresenterToggle, // P
  Choose,          // 1-9: pick an option of the question
};

struct ClickerPress {
  ClickerAction action;
  int choice = -1;  // Choose: 0 for key 1
};

// The action of a GLFW key while a lesson is open; none for keys that keep
// their window meaning (Up/Down warps, Ctrl+Left/Right instructions, ...).
std::optional<ClickerPress> clicker_press(int glfw_key, bool ctrl);

// A key by the name `screenshot --press` takes: PgDn, PgUp, Right, Left, Space,
// Backspace, Enter, B, ., T, F5, Esc, P, 1..9 (case-insensitive).
std::optional<int> key_named(std::string_view name);
std::string key_names();  // for messages

}  // namespace ws::gui
