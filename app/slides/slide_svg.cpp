#include "slides/slide_svg.hpp"

#include <fmt/format.h>

#include "slides/text_metrics.hpp"

namespace ws::slides {

std::string xml_escaped(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default:
        // Control characters are not allowed in XML 1.0.
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\t') out += c;
    }
  }
  return out;
}

namespace {

std::string paint(Colour c) {
  if (c.a == 0) return "none";
  if (c.a == 255) return fmt::format("#{:02x}{:02x}{:02x}", c.r, c.g, c.b);
  return fmt::format("rgba({},{},{},{:.3f})", c.r, c.g, c.b, c.a / 255.0);
}

}  // namespace

std::string to_svg(const Slide& s) {
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\">\n"
      "<title>{2} step {3}{4}</title>\n",
      kSlideWidth, kSlideHeight, xml_escaped(s.lesson), s.step, s.reveal ? " (revealed)" : "");
  const float ascent = ascent_fraction(), em = em_fraction();
  for (const auto& e : s.elements) {
    switch (e.kind) {
      case Kind::Rect:
        out += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" rx=\"{:.1f}\" fill=\"{}\"",
                           e.box.x, e.box.y, e.box.w, e.box.h, e.radius, paint(e.fill));
        if (e.stroke.a && e.stroke_px > 0) out += fmt::format(" stroke=\"{}\" stroke-width=\"{:.1f}\"", paint(e.stroke), e.stroke_px);
        out += "/>\n";
        break;
      case Kind::Line:
        out += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" stroke-width=\"{:.1f}\"/>\n",
                           e.box.x, e.box.y, e.box.right(), e.box.bottom(), paint(e.stroke), e.stroke_px);
        break;
      case Kind::Text:
        out += fmt::format(
            "<text x=\"{:.1f}\" y=\"{:.1f}\" font-family=\"{}\" font-size=\"{:.2f}\"{} fill=\"{}\" xml:space=\"preserve\">{}</text>\n",
            e.box.x, e.box.y + ascent * e.glyph_px, e.mono ? "DejaVu Sans Mono, monospace" : "DejaVu Sans, sans-serif",
            e.glyph_px * em, e.bold ? " font-weight=\"bold\"" : "", paint(e.fill), xml_escaped(e.text));
        break;
    }
  }
  out += "</svg>\n";
  return out;
}

}  // namespace ws::slides
