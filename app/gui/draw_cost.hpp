// What a frame asks the GPU to draw, counted from Dear ImGui's draw data: its
// vertices and triangles and the pixels its triangles cover inside their clip
// rectangles. A browser without a GPU (software WebGL, SwiftShader) pays for
// covered pixels, about 10 ms per canvas-sized blended layer on two cores, far
// more than for triangles (issue 36, docs/web.md); `overdraw` is that cost in
// canvases, which tests hold down without timing anything.
#pragma once

#include <string>
#include <vector>

struct ImDrawData;
struct ImDrawList;

namespace ws::gui {

struct DrawListCost {
  std::string name;  // the window that owns it
  long vertices = 0;
  long triangles = 0;
  double pixels = 0;  // covered, clipped; a pixel drawn twice counts twice
};

struct DrawCost {
  long vertices = 0;
  long triangles = 0;
  double pixels = 0;
  double canvas_pixels = 0;  // the display's size
  double overdraw() const { return canvas_pixels > 0 ? pixels / canvas_pixels : 0; }
  std::vector<DrawListCost> lists;
};

DrawListCost draw_list_cost(const ImDrawList& list);
DrawCost draw_cost(const ImDrawData& data);

}  // namespace ws::gui
