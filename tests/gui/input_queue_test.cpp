// The window's input queue (gui/input_queue.hpp): what one frame applies.
#include "gui/input_queue.hpp"

#include <gtest/gtest.h>

namespace ws::gui {
namespace {

using Kind = InputEvent::Kind;

InputEvent move(float x, float y) { return {Kind::Move, x, y}; }
InputEvent button(int b, bool down) {
  InputEvent e{Kind::Button};
  e.code = b, e.down = down;
  return e;
}
InputEvent key(int k, bool down) {
  InputEvent e{Kind::Key};
  e.code = k, e.down = down, e.action = down ? 1 : 0;
  return e;
}
InputEvent character(unsigned c) {
  InputEvent e{Kind::Char};
  e.character = c;
  return e;
}

// Twenty PgDn pressed and released between two frames: each press is a frame
// of its own, each release the next, so every one is seen.
TEST(InputQueue, KeysFasterThanFramesAreEachSeenPressed) {
  InputQueue q;
  constexpr int kPageDown = 267;
  for (int i = 0; i < 20; ++i) q.push(key(kPageDown, true)), q.push(key(kPageDown, false));
  int presses = 0, frames = 0;
  while (q.pending()) {
    const auto f = q.take_frame();
    ASSERT_FALSE(f.empty());
    ASSERT_LE(f.size(), 1u) << "a key changes once a frame";
    presses += f[0].down ? 1 : 0;
    ++frames;
  }
  EXPECT_EQ(presses, 20);
  EXPECT_EQ(frames, 40);
}

// A tap: the pointer moves, presses and releases at once. ImGui sees it arrive,
// then the press there, then the release.
TEST(InputQueue, ATapIsAMoveThenAPressThenARelease) {
  InputQueue q;
  q.push(move(10, 10));
  q.push(move(300, 200));
  q.push(button(0, true));
  q.push(button(0, false));
  auto f = q.take_frame();
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].kind, Kind::Move);
  EXPECT_EQ(f[0].x, 300);  // consecutive moves: the last
  f = q.take_frame();
  ASSERT_EQ(f.size(), 1u);
  EXPECT_TRUE(f[0].kind == Kind::Button && f[0].down);
  f = q.take_frame();
  ASSERT_EQ(f.size(), 1u);
  EXPECT_TRUE(f[0].kind == Kind::Button && !f[0].down);
  EXPECT_FALSE(q.pending());
}

// The window sends the pointer's place with each press: where it already is,
// that is no move, and the click is not held back a frame.
TEST(InputQueue, AMoveToWhereThePointerIsIsNoMove) {
  InputQueue q;
  q.push(move(5, 5));
  (void)q.take_frame();
  q.push(move(5, 5));
  q.push(button(0, true));
  const auto f = q.take_frame();
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].kind, Kind::Button);
}

// A drag: the press is seen where it happened before the pointer moves on.
TEST(InputQueue, ADragPressesBeforeItMoves) {
  InputQueue q;
  q.push(button(0, true));
  q.push(move(50, 60));
  q.push(button(0, false));
  auto f = q.take_frame();
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].kind, Kind::Button);
  f = q.take_frame();
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].kind, Kind::Move);
  f = q.take_frame();
  ASSERT_EQ(f.size(), 1u);
  EXPECT_FALSE(f[0].down);
}

// Typing keeps its order: a key, its character and another key go together
// until a key would change twice.
TEST(InputQueue, TypingKeepsItsOrder) {
  InputQueue q;
  q.push(key(65, true));
  q.push(character('a'));
  q.push(key(66, true));
  q.push(character('b'));
  q.push(key(65, false));
  q.push(key(259, true));  // Backspace
  auto f = q.take_frame();
  ASSERT_EQ(f.size(), 4u);
  EXPECT_EQ(f[1].character, static_cast<unsigned>('a'));
  EXPECT_EQ(f[3].character, static_cast<unsigned>('b'));
  f = q.take_frame();
  ASSERT_EQ(f.size(), 2u);
  EXPECT_FALSE(f[0].down);
  EXPECT_EQ(f[1].code, 259);
}

// A page that draws no frame for long keeps a bounded queue: moves go first.
TEST(InputQueue, AStuckPageKeepsABoundedQueue) {
  InputQueue q;
  q.push(key(1, true));
  for (int i = 0; i < 10000; ++i) q.push(move(static_cast<float>(i), 0));
  EXPECT_LE(q.size(), 4096u);
  const auto f = q.take_frame();
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f[0].kind, Kind::Key);  // the key survived; only moves were dropped
}

}  // namespace
}  // namespace ws::gui
