// The kernel's own CUDA on a slide: the body that holds the step's access, its
// line highlighted and the access itself outlined, so the class reads
// `tile[threadIdx.x][threadIdx.y + j]` where the figure shows what it costs.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cctype>
#include <sstream>
#include <map>
#include <mutex>

#include "slides/figure.hpp"
#include "ws/kernels/assets.hpp"
#include "ws/kernels/input_file.hpp"
#include "ws/kernels/catalog.hpp"

namespace ws::slides {
namespace {

constexpr std::size_t kMaxSourceLines = 20000;
constexpr std::size_t kMaxSourceBytes = 4 << 20;

// A kernel header's lines, read once (cached by path; the files are the tree's own).
const std::vector<std::string>& source_lines(std::string_view repo_relative) {
  static std::mutex mutex;
  static std::map<std::string, std::vector<std::string>> cache;
  std::lock_guard lock(mutex);
  auto [it, fresh] = cache.try_emplace(std::string(repo_relative));
  if (fresh && !repo_relative.empty()) {
    // A regular file only, read to its cap (ws/kernels/input_file.hpp).
    auto text = kernels::read_input_file(kernels::find_data_file(repo_relative), kMaxSourceBytes,
                                         [](std::uintmax_t) { return std::string("too large"); });
    if (text) {
      std::istringstream in(*text);
      for (std::string line; it->second.size() < kMaxSourceLines && std::getline(in, line);) it->second.push_back(line);
    }
  }
  return it->second;
}

std::string without_comment(std::string line) {
  if (auto c = line.find("//"); c != std::string::npos) line.erase(c);
  while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.pop_back();
  return line;
}

std::string trimmed(const std::string& line) {
  const auto first = line.find_first_not_of(' ');
  return first == std::string::npos ? std::string() : line.substr(first);
}

// The body as a course spells it: the bodies are written once for the GPU and
// the tracer through a few macros (ws/kernels/cuda_like.hpp); a slide shows
// what the macros mean on the GPU.
std::string course_spelling(std::string line) {
  auto replace_all = [&line](const std::string& from, const std::string& to) {
    for (std::size_t at = line.find(from); at != std::string::npos; at = line.find(from, at + to.size()))
      line.replace(at, from.size(), to);
  };
  replace_all("WS_BODY void", "__global__ void");
  replace_all("WS_BODY ", "__device__ ");
  if (auto at = line.find("WS_SHARED("); at != std::string::npos) {
    // WS_SHARED(T, name, [R][C]);  ->  __shared__ T name[R][C];
    const auto close = line.rfind(')');
    const std::string inside = close != std::string::npos && close > at ? line.substr(at + 10, close - at - 10) : "";
    const auto c1 = inside.find(','), c2 = inside.find(',', c1 == std::string::npos ? 0 : c1 + 1);
    if (c1 != std::string::npos && c2 != std::string::npos && line.find("WS_SHARED_DYNAMIC") == std::string::npos) {
      auto trim = [](std::string v) {
        const auto a = v.find_first_not_of(' '), b = v.find_last_not_of(' ');
        return a == std::string::npos ? std::string() : v.substr(a, b - a + 1);
      };
      line = line.substr(0, at) + "__shared__ " + trim(inside.substr(0, c1)) + " " +
             trim(inside.substr(c1 + 1, c2 - c1 - 1)) + trim(inside.substr(c2 + 1)) + line.substr(close + 1);
    }
  }
  for (const char* t : {"In<", "Out<"}) {
    for (std::size_t at = line.find(t); at != std::string::npos; at = line.find(t, at)) {
      const auto close = line.find('>', at);
      if (close == std::string::npos) break;
      const std::string type = line.substr(at + std::string(t).size(), close - at - std::string(t).size());
      const std::string spelled = (t[0] == 'I' ? "const " : "") + type + "*";
      line.replace(at, close + 1 - at, spelled);
      at += spelled.size();
    }
  }
  replace_all("Size ", "int ");
  return line;
}

// [begin, end) of the access that starts at `column` (1-based): a name and its
// bracketed indices, "tile[threadIdx.x][threadIdx.y + j]".
std::pair<std::size_t, std::size_t> access_span(const std::string& line, int column) {
  std::size_t b = column > 0 ? static_cast<std::size_t>(column - 1) : 0;
  if (b >= line.size()) return {0, 0};
  // The column may point at the index's bracket: the name before it belongs to the access.
  while (b > 0 && (std::isalnum(static_cast<unsigned char>(line[b - 1])) || line[b - 1] == '_')) --b;
  std::size_t e = b;
  while (e < line.size() && (std::isalnum(static_cast<unsigned char>(line[e])) || line[e] == '_' || line[e] == '.')) ++e;
  while (e < line.size() && line[e] == '[') {
    int depth = 0;
    for (; e < line.size(); ++e) {
      if (line[e] == '[') ++depth;
      if (line[e] == ']' && --depth == 0) { ++e; break; }
    }
  }
  return {b, e};
}

const SiteInfo* site_of(const lessons::PreparedState& s) {
  if (s.trace.instructions.empty()) return nullptr;
  const int site = s.trace.instructions[s.instruction].site;
  return site >= 0 && site < static_cast<int>(s.trace.sites.size()) ? &s.trace.sites[site] : nullptr;
}

}  // namespace

std::string site_source_line(const lessons::PreparedState& s) {
  const SiteInfo* site = site_of(s);
  if (!site || !s.kernel) return {};
  const auto& lines = source_lines(s.kernel->source_path);
  if (site->line < 1 || site->line > static_cast<int>(lines.size())) return {};
  return trimmed(course_spelling(without_comment(lines[static_cast<std::size_t>(site->line - 1)])));
}

std::string shared_declaration(const lessons::PreparedState& s) {
  const SiteInfo* site = site_of(s);
  if (!site || !s.kernel) return {};
  const auto& lines = source_lines(s.kernel->source_path);
  // The declaration inside the body that holds the access: between its signature and the access.
  for (int i = site->line - 1; i >= 0 && i < static_cast<int>(lines.size()); --i) {
    const std::string& line = lines[static_cast<std::size_t>(i)];
    if (line.find("WS_SHARED") != std::string::npos) return trimmed(course_spelling(without_comment(line)));
    if (line.rfind("WS_BODY", 0) == 0) break;
  }
  return {};
}

float draw_code_strip(const lessons::PreparedState& s, Box area, Pen& pen) {
  const SiteInfo* site = site_of(s);
  if (!site || !s.kernel) return 0;
  const auto& lines = source_lines(s.kernel->source_path);
  if (site->line < 1 || site->line > static_cast<int>(lines.size())) return 0;
  const std::string full = course_spelling(without_comment(lines[static_cast<std::size_t>(site->line - 1)]));
  const std::size_t indent = full.find_first_not_of(' ');
  if (indent == std::string::npos) return 0;
  std::string line = full.substr(indent);
  float px = 20;
  while (px > kMinGlyphPx && text_width(line, px, Face::Mono) > area.w - 16) px -= 1;
  const float y = area.y + (kCodeStripHeight - 4 - px) / 2;
  pen.rect({area.x, area.y, std::min(area.w, text_width(line, px, Face::Mono) + 16), kCodeStripHeight - 4}, colour::kCell,
           Role::Code, colour::kGrid, 1, 4);
  const auto [b, e] = access_span(full, site->column);
  if (e > b && b >= indent) {
    const float x0 = area.x + 8 + text_width(line.substr(0, b - indent), px, Face::Mono);
    pen.rect({x0 - 2, y - 2, text_width(line.substr(b - indent, e - b), px, Face::Mono) + 4, px + 4}, colour::kHighlight,
             Role::Code, colour::kAccent, 2, 3);
  }
  pen.text(area.x + 8, y, line, px, colour::kInk, Role::Code, Face::Mono);
  return kCodeStripHeight;
}

float draw_code_figure(const FigureInput& in, Pen& pen) {
  const lessons::PreparedState& s = in.resolved.facts.main().state();
  const SiteInfo* site = site_of(s);
  if (!site || !s.kernel) return 0;
  const auto& lines = source_lines(s.kernel->source_path);
  const int at = site->line - 1;
  if (at < 0 || at >= static_cast<int>(lines.size())) return 0;
  // The body around the access: from the line after its template line to its closing brace.
  int first = at, last = at;
  while (first > 0 && lines[static_cast<std::size_t>(first)].rfind("WS_BODY", 0) != 0) --first;
  while (last + 1 < static_cast<int>(lines.size()) && lines[static_cast<std::size_t>(last)] != "}") ++last;
  // The template line above the body: the slide starts at the signature.
  if (first < at && lines[static_cast<std::size_t>(first)].rfind("WS_BODY", 0) != 0) first = at;
  // The largest size, 22 px down to 16, at which the listing fits; a line too
  // long for the width breaks after a comma, its rest indented, as a course's
  // listing wraps a long signature.
  struct Piece { std::string text; std::size_t from; int source; };
  auto pieces_at = [&](float px) {
    std::vector<Piece> out;
    for (int i = first; i <= last; ++i) {
      const std::string line = course_spelling(without_comment(lines[static_cast<std::size_t>(i)]));
      const std::size_t indent = line.find_first_not_of(' ');
      const std::string lead(indent == std::string::npos ? 0 : indent + 4, ' ');
      std::size_t from = 0;
      std::string prefix;
      while (from < line.size()) {
        std::string rest = prefix + line.substr(from);
        std::size_t cut = std::string::npos;
        if (text_width(rest, px, Face::Mono) > in.area.w - 8)
          for (std::size_t c = rest.find(", "); c != std::string::npos; c = rest.find(", ", c + 1))
            if (text_width(rest.substr(0, c + 1), px, Face::Mono) <= in.area.w - 8) cut = c + 1;
        if (cut == std::string::npos) {
          out.push_back({rest, from, i});
          break;
        }
        out.push_back({rest.substr(0, cut), from, i});
        from += cut - prefix.size() + 1;  // past the comma and its space
        prefix = lead;
      }
    }
    return out;
  };
  float px = 22;
  std::vector<Piece> pieces = pieces_at(px);
  auto fits = [&](float size, const std::vector<Piece>& ps) {
    for (const Piece& p : ps)
      if (text_width(p.text, size, Face::Mono) > in.area.w - 8) return false;
    return 40 + static_cast<float>(ps.size()) * size * 1.4f <= in.area.h;
  };
  while (px > kMinGlyphPx && !fits(px, pieces)) pieces = pieces_at(--px);
  const float leading = std::round(px * 1.4f);
  const int room = static_cast<int>((in.area.h - 40) / leading);
  std::size_t shown_first = 0, shown_last = pieces.size();
  if (static_cast<int>(pieces.size()) > room) {  // a long body: the lines around the access
    std::size_t at_piece = 0;
    while (at_piece + 1 < pieces.size() && pieces[at_piece].source < at) ++at_piece;
    shown_first = at_piece > static_cast<std::size_t>(room / 2) ? at_piece - static_cast<std::size_t>(room / 2) : 0;
    shown_last = std::min(pieces.size(), shown_first + static_cast<std::size_t>(room));
  }
  float y = in.area.y;
  pen.text(in.area.x, y, fmt::format("The kernel {}, as the course writes it:", s.kernel->name), kCaptionPx,
           colour::kInk, Role::Caption);
  y += 32;
  for (std::size_t k = shown_first; k < shown_last; ++k) {
    std::string line = pieces[k].text;
    while (text_width(line, px, Face::Mono) > in.area.w - 8 && line.size() > 4) line = line.substr(0, line.size() - 4) + "...";
    if (pieces[k].source == at) {
      pen.rect({in.area.x - 4, y - 3, in.area.w, leading}, colour::kHighlight, Role::Code);
      const std::string whole = course_spelling(without_comment(lines[static_cast<std::size_t>(at)]));
      const auto [b, e] = access_span(whole, site->column);
      // The outline where the access lies in this piece (a first piece starts at column 0).
      if (e > b && pieces[k].from == 0 && e <= line.size()) {
        const float x0 = in.area.x + text_width(line.substr(0, b), px, Face::Mono);
        pen.rect({x0 - 2, y - 2, text_width(line.substr(b, e - b), px, Face::Mono) + 4, px + 4}, {0, 0, 0, 0}, Role::Code,
                 colour::kAccent, 2, 3);
      }
    }
    pen.text(in.area.x, y, line, px, colour::kInk, Role::Code, Face::Mono);
    y += leading;
  }
  return y - in.area.y;
}

}  // namespace ws::slides
