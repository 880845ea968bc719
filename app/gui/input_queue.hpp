// Input events held until a frame can show them. Dear ImGui 1.86 reads the
// mouse and keys as a state once a frame: a key pressed and released between
// two frames never shows as pressed (200 quick PgDn moved the deck 40 slides),
// and a tap that moves the pointer and presses in one frame is a press where
// the pointer was before (each tap on a phone acted on the previous tap's place,
// issue 36). The window queues GLFW's events here and applies each frame the
// longest run that one state can show: it stops before an event that would
// undo a change of the same frame (the release of a key pressed in it), before
// a press after a move (ImGui sees the pointer arrive first), and before a
// move after a press (a drag starts where it was pressed).
#pragma once

#include <cstddef>
#include <deque>
#include <vector>

namespace ws::gui {

struct InputEvent {
  enum class Kind { Move, Button, Key, Char };
  Kind kind = Kind::Move;
  float x = 0, y = 0;     // Move: the pointer in window coordinates
  int code = 0;           // Button: GLFW button; Key: GLFW key
  bool down = false;      // Button, Key: pressed (a key's repeat counts as pressed)
  int scancode = 0, mods = 0, action = 0;  // Key: as GLFW gave them
  unsigned character = 0;  // Char
};

class InputQueue {
 public:
  // A move to where the pointer already is (or will be) is dropped: the window
  // sends the pointer's place with every press, since a touch's press comes
  // with no move before it.
  void push(const InputEvent& e);
  // The events this frame applies, in order (consecutive moves as the last).
  std::vector<InputEvent> take_frame();
  bool pending() const { return !events_.empty(); }
  std::size_t size() const { return events_.size(); }

 private:
  std::deque<InputEvent> events_;
  // Where the pointer is once the queued events apply: a move to it again is no move.
  bool placed_ = false;
  float x_ = 0, y_ = 0;
};

}  // namespace ws::gui
