#include "gui/input_queue.hpp"

#include <set>

namespace ws::gui {

void InputQueue::push(const InputEvent& e) {
  if (e.kind == InputEvent::Kind::Move) {
    if (placed_ && e.x == x_ && e.y == y_) return;
    placed_ = true, x_ = e.x, y_ = e.y;
  }
  // A queue that grows past any frame's reach (a stuck page) drops its oldest
  // moves first: they carry nothing a later move does not.
  constexpr std::size_t kMaxEvents = 4096;
  if (events_.size() >= kMaxEvents) {
    for (auto it = events_.begin(); it != events_.end(); ++it)
      if (it->kind == InputEvent::Kind::Move) {
        events_.erase(it);
        break;
      }
    if (events_.size() >= kMaxEvents) events_.pop_front();
  }
  events_.push_back(e);
}

std::vector<InputEvent> InputQueue::take_frame() {
  std::vector<InputEvent> out;
  std::set<int> buttons, keys;  // changed this frame
  bool moved = false;
  while (!events_.empty()) {
    const InputEvent& e = events_.front();
    switch (e.kind) {
      case InputEvent::Kind::Move:
        if (!buttons.empty()) return out;  // a drag: the press is seen where it happened
        if (!out.empty() && out.back().kind == InputEvent::Kind::Move) out.pop_back();
        moved = true;
        break;
      case InputEvent::Kind::Button:
        if (moved || buttons.count(e.code)) return out;  // hover first; one change a button a frame
        buttons.insert(e.code);
        break;
      case InputEvent::Kind::Key:
        if (keys.count(e.code)) return out;  // one change a key a frame
        keys.insert(e.code);
        break;
      case InputEvent::Kind::Char: break;
    }
    out.push_back(e);
    events_.pop_front();
  }
  return out;
}

}  // namespace ws::gui
