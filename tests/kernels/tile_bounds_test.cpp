// The sizes a launch adapter gives a tiled body (ws/kernels/tile_bounds.hpp):
// on the GPU a block whose tile is inside the matrix runs the body with
// InsideSize, whose `<` is true at compile time, so that copy has no bounds
// check. That is only right if the unchecked body performs exactly the accesses
// the tracer records with plain ints, block for block: these tests trace the
// bodies both ways.
#include <gtest/gtest.h>

#include <string>

#include "ws/kernels/host_recording.hpp"
#include "ws/kernels/tile_bounds.hpp"
#include "ws/kernels/transpose.hpp"
#include "ws/recorder.hpp"

namespace wk = ws::kernels;

namespace {

constexpr int kTile = 32, kRows = 8;

// One warp of block (bx, by) of a kTile x kRows block running `body(in, out)`
// on a height x width input, traced as the tracer does.
template <class Body>
ws::WarpTrace trace_warp0(unsigned bx, unsigned by, int height, int width, Body body) {
  ws::AccessRecorder recorder;
  wk::tracing = &recorder;
  wk::blockIdx = {bx, by, 0};
  wk::blockDim = {kTile, kRows, 1};
  for (int lane = 0; lane < 32; ++lane) {
    recorder.begin_lane(lane);
    wk::threadIdx = {static_cast<unsigned>(lane % kTile), static_cast<unsigned>(lane / kTile), 0};
    const auto in = wk::global_array<const float>("in", height, width);
    const auto out = wk::global_array<float>("out", width, height);
    body(in, out);
  }
  ws::WarpTrace w;
  recorder.build_warp(w);
  wk::tracing = nullptr;
  return w;
}

// Every instruction's site name, active lanes and addresses, in order.
std::string describe(const ws::WarpTrace& w) {
  std::string s;
  for (const auto& i : w.instructions) {
    s += w.sites[static_cast<std::size_t>(i.site)].name + " mask " + std::to_string(i.access.active_mask) + ":";
    for (int lane = 0; lane < 32; ++lane)
      if (i.access.active_mask >> lane & 1u) s += " " + std::to_string(i.access.address[lane]);
    s += "\n";
  }
  return s;
}

// The body of `Kernel` traced with the sizes as ints and as `Size`.
#define WS_TRACE_BOTH(body_name)                                                                      \
  [](unsigned bx, unsigned by, int height, int width, auto make_size) {                              \
    const auto plain = trace_warp0(bx, by, height, width, [&](auto in, auto out) {                     \
      wk::body_name<kTile, kRows, float>(in, out, width, height);                                     \
    });                                                                                               \
    const auto sized = trace_warp0(bx, by, height, width, [&](auto in, auto out) {                     \
      wk::body_name<kTile, kRows, float>(in, out, make_size(width), make_size(height));               \
    });                                                                                               \
    return std::pair{describe(plain), describe(sized)};                                               \
  }

}  // namespace

TEST(TileBounds, SizesCompareAsTheyPromise) {
  static_assert(100 < wk::InsideSize{5}, "an inside size's comparison is true at compile time");
  static_assert(int(wk::InsideSize{5}) == 5);
  static_assert(!(7 < wk::FlaggedSize{5, false}) && 3 < wk::FlaggedSize{5, false});
  static_assert(7 < wk::FlaggedSize{5, true});
  EXPECT_EQ((3 * wk::FlaggedSize{5, true} + 1), 16);  // index arithmetic sees the value
}

// Inside blocks: the unchecked copy (InsideSize) and the flagged one (FlaggedSize
// with the flag set) trace exactly what plain ints trace.
TEST(TileBounds, InsideBlocksTraceTheSameWithoutChecks) {
  const auto shared = WS_TRACE_BOTH(transpose_shared);
  const auto padded = WS_TRACE_BOTH(transpose_padded);
  const auto naive = WS_TRACE_BOTH(transpose_naive);
  const auto copy = WS_TRACE_BOTH(copy);
  auto inside = [](int v) { return wk::InsideSize{v}; };
  auto flagged = [](int v) { return wk::FlaggedSize{v, true}; };
  // 100 x 70: blocks (0, 0) and (1, 2) are inside (columns 32..63, rows 64..95).
  for (auto [bx, by] : {std::pair{0u, 0u}, std::pair{1u, 2u}}) {
    SCOPED_TRACE(testing::Message() << "block " << bx << ", " << by);
    for (const auto& [plain, sized] : {shared(bx, by, 100, 70, inside), padded(bx, by, 100, 70, inside),
                                       naive(bx, by, 100, 70, inside), copy(bx, by, 100, 70, inside),
                                       shared(bx, by, 100, 70, flagged), padded(bx, by, 100, 70, flagged)}) {
      EXPECT_FALSE(plain.empty());
      EXPECT_EQ(plain, sized);
    }
  }
}

// Edge blocks: the checks matter (an unchecked copy would touch elements outside
// the matrix), which is why only inside blocks get one.
TEST(TileBounds, EdgeBlocksNeedTheirChecks) {
  const auto shared = WS_TRACE_BOTH(transpose_shared);
  auto inside = [](int v) { return wk::InsideSize{v}; };
  auto unflagged = [](int v) { return wk::FlaggedSize{v, false}; };
  const auto [plain, unchecked] = shared(2, 3, 100, 70, inside);  // columns 64..95 of 70, rows 96..127 of 100
  EXPECT_NE(plain, unchecked);
  EXPECT_EQ(plain, shared(2, 3, 100, 70, unflagged).second);
}
