#include "gui/draw_cost.hpp"

#include <array>
#include <cmath>

#include <imgui.h>

namespace ws::gui {

namespace {

struct Point {
  float x, y;
};

// A polygon of at most 3 + 4 points: a triangle clipped by a rectangle.
using Polygon = std::array<Point, 8>;

// Keeps the part of `in` (n points) on the inner side of one edge of the clip
// rectangle (Sutherland-Hodgman); returns the new count.
template <typename Inside, typename Cross>
int clip_edge(const Polygon& in, int n, Polygon& out, Inside inside, Cross cross) {
  int m = 0;
  for (int i = 0; i < n; ++i) {
    const Point& a = in[i];
    const Point& b = in[(i + 1) % n];
    const bool ia = inside(a), ib = inside(b);
    if (ia && m < 8) out[m++] = a;
    if (ia != ib && m < 8) out[m++] = cross(a, b);
  }
  return m;
}

double clipped_area(Point a, Point b, Point c, const ImVec4& clip) {
  Polygon p{a, b, c}, q{};
  int n = 3;
  const auto at_x = [](float x) {
    return [x](Point u, Point v) { return Point{x, u.y + (v.y - u.y) * (x - u.x) / (v.x - u.x)}; };
  };
  const auto at_y = [](float y) {
    return [y](Point u, Point v) { return Point{u.x + (v.x - u.x) * (y - u.y) / (v.y - u.y), y}; };
  };
  n = clip_edge(p, n, q, [&](Point u) { return u.x >= clip.x; }, at_x(clip.x));
  n = clip_edge(q, n, p, [&](Point u) { return u.x <= clip.z; }, at_x(clip.z));
  n = clip_edge(p, n, q, [&](Point u) { return u.y >= clip.y; }, at_y(clip.y));
  n = clip_edge(q, n, p, [&](Point u) { return u.y <= clip.w; }, at_y(clip.w));
  double twice = 0;
  for (int i = 0; i < n; ++i) twice += double(p[i].x) * p[(i + 1) % n].y - double(p[(i + 1) % n].x) * p[i].y;
  return std::fabs(twice) * 0.5;
}

}  // namespace

DrawListCost draw_list_cost(const ImDrawList& list) {
  DrawListCost c;
  c.name = list._OwnerName ? list._OwnerName : "";
  c.vertices = list.VtxBuffer.Size;
  for (const ImDrawCmd& cmd : list.CmdBuffer) {
    if (cmd.UserCallback) continue;
    for (unsigned i = 0; i + 2 < cmd.ElemCount; i += 3) {
      const ImDrawIdx* idx = list.IdxBuffer.Data + cmd.IdxOffset + i;
      const ImDrawVert* v = list.VtxBuffer.Data + cmd.VtxOffset;
      const ImVec2 a = v[idx[0]].pos, b = v[idx[1]].pos, d = v[idx[2]].pos;
      ++c.triangles;
      c.pixels += clipped_area({a.x, a.y}, {b.x, b.y}, {d.x, d.y}, cmd.ClipRect);
    }
  }
  return c;
}

DrawCost draw_cost(const ImDrawData& data) {
  DrawCost total;
  total.canvas_pixels = double(data.DisplaySize.x) * data.DisplaySize.y;
  for (int i = 0; i < data.CmdListsCount; ++i) {
    DrawListCost c = draw_list_cost(*data.CmdLists[i]);
    total.vertices += c.vertices;
    total.triangles += c.triangles;
    total.pixels += c.pixels;
    total.lists.push_back(std::move(c));
  }
  return total;
}

}  // namespace ws::gui
