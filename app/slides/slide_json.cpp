#include "slides/slide_json.hpp"

#include <cmath>

namespace ws::slides {
namespace {

double tenth(float v) { return std::round(static_cast<double>(v) * 10) / 10; }

}  // namespace

nlohmann::json to_json(const Slide& s) {
  nlohmann::json elements = nlohmann::json::array();
  for (const auto& e : s.elements) {
    nlohmann::json j;
    j["kind"] = std::string(to_string(e.kind));
    j["role"] = std::string(to_string(e.role));
    j["box"] = {tenth(e.box.x), tenth(e.box.y), tenth(e.box.w), tenth(e.box.h)};
    if (e.kind == Kind::Text) {
      j["text"] = e.text;
      j["glyph_px"] = tenth(e.glyph_px);
    }
    if (e.lane) j["lane"] = *e.lane;
    if (e.bank) j["bank"] = *e.bank;
    if (e.wavefront) j["wavefront"] = *e.wavefront;
    if (e.sector) j["sector"] = *e.sector;
    if (e.option) j["option"] = *e.option;
    if (!e.config.empty()) j["config"] = e.config;
    if (!e.quantity.empty()) j["quantity"] = e.quantity;
    elements.push_back(std::move(j));
  }
  return {{"lesson", s.lesson},
          {"step", s.step},
          {"state", s.reveal ? "reveal" : "question"},
          {"width", kSlideWidth},
          {"height", kSlideHeight},
          {"smallest_glyph_px", tenth(s.smallest_glyph())},
          {"elements", std::move(elements)}};
}

}  // namespace ws::slides
