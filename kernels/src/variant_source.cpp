// A variant's CUDA source for NVRTC, and the PTX reader for its accesses.
// Built everywhere (no CUDA needed): the text is plain data until compiled.
#include <fmt/format.h>

#include <regex>
#include <sstream>

#include "ws/kernels/variant_gpu.hpp"
#include "variant_headers.hpp"  // generated: the body headers' text

namespace ws::kernels {
namespace {

const char* vector_type(int bytes) { return bytes == 16 ? "float4" : bytes == 8 ? "float2" : "float"; }

// Element (r, c)'s word: the typed column in row r, or the typed word itself.
std::string layout_source(const KernelVariant& v) {
  const CheckedLayout& t = *v.layout();
  const std::string word = t.form == LayoutForm::Column ? fmt::format("r * T + {}", v.c_expression()) : v.c_expression();
  const KernelParams& p = v.params();
  return fmt::format(R"(// warpscope variant: the catalog's transpose_layout (ws/kernels/transpose.hpp)
// with a student's tile layout, T = {tile}, {rows} thread rows per block.
#include "ws/kernels/params.hpp"
#include "ws/kernels/tile_bounds.hpp"
#include "ws/kernels/transpose.hpp"

struct StudentLayout {{
  static constexpr int pitch = {pitch};  // words per tile row
  __device__ int operator()(int r_, int c_) const {{
    const long long r = r_, c = c_, T = {tile};
    return static_cast<int>({word});
  }}
}};

extern "C" __global__ void {entry}(const float* __restrict__ in, float* __restrict__ out, ws::kernels::KernelParams p) {{
  using namespace ws::kernels;  // with_tile_bounds (ws/kernels/tile_bounds.hpp), spelled out
  const bool inside = tile_inside<{tile}>(p.cols, p.rows);
  if (kTwoCopies<{tile}, {rows}> && inside)
    transpose_layout<{tile}, {rows}, float>(in, out, InsideSize{{p.cols}}, InsideSize{{p.rows}}, StudentLayout{{}});
  else if (kTwoCopies<{tile}, {rows}>)
    transpose_layout<{tile}, {rows}, float>(in, out, p.cols, p.rows, StudentLayout{{}});
  else
    transpose_layout<{tile}, {rows}, float>(in, out, FlaggedSize{{p.cols, inside}}, FlaggedSize{{p.rows, inside}}, StudentLayout{{}});
}}
)",
                     fmt::arg("tile", p.tile), fmt::arg("rows", p.block_rows), fmt::arg("pitch", t.pitch),
                     fmt::arg("word", word), fmt::arg("entry", kVariantEntry));
}

// Lane `lane`'s element in iteration i: the typed byte address over the width.
std::string pattern_source(const KernelVariant& v) {
  const CheckedPattern& t = *v.pattern();
  return fmt::format(R"(// warpscope variant: the catalog's smem_pattern (ws/kernels/smem_patterns.hpp)
// with a student's byte address per lane, {bytes}-byte reads.
#include "ws/kernels/params.hpp"
#include "ws/kernels/smem_patterns.hpp"

struct StudentPattern {{
  static constexpr int elements = {elements};  // buffer size in {bytes}-byte elements
  __device__ int operator()(int lane_, int i_) const {{
    const long long lane = lane_, i = i_;
    return static_cast<int>(({address}) / {bytes});
  }}
}};

extern "C" __global__ void {entry}(const {V}* __restrict__ in, {V}* __restrict__ out, ws::kernels::KernelParams p) {{
  ws::kernels::smem_pattern<{V}>(in, out, p.repeats, StudentPattern{{}});
}}
)",
                     fmt::arg("bytes", t.bytes), fmt::arg("elements", t.elements), fmt::arg("address", v.c_expression()),
                     fmt::arg("V", vector_type(t.bytes)), fmt::arg("entry", kVariantEntry));
}

}  // namespace

std::string variant_source(const KernelVariant& v) {
  return v.kind() == VariantKind::TileLayout ? layout_source(v) : pattern_source(v);
}

const std::map<std::string, std::string_view>& variant_headers() {
  static const std::map<std::string, std::string_view> headers = [] {
    std::map<std::string, std::string_view> m;
    for (const EmbeddedHeader& h : kEmbeddedHeaders) m.emplace(h.include_name, h.text);
    return m;
  }();
  return headers;
}

std::map<std::string, std::set<std::string>> ptx_access_kinds(std::string_view ptx) {
  std::map<std::string, std::set<std::string>> out;
  const std::regex entry(R"(\.entry\s+(\w+)\s*\()");
  const std::regex access(R"(\b(ld|st)(?:\.volatile)?\.(global|shared)(?:\.nc)?(?:\.v(2|4))?\.([fubs](?:8|16|32|64))\b)");
  const std::regex ldsm(R"(\bldmatrix\.sync\.aligned\.m8n8\.x(1|2|4)\b)");
  std::istringstream in{std::string(ptx)};
  std::string line, current;
  std::smatch m;
  while (std::getline(in, line)) {
    if (std::regex_search(line, m, entry)) current = m[1];
    if (current.empty()) continue;
    if (std::regex_search(line, m, access)) {
      const int vec = m[3].matched ? std::stoi(m[3]) : 1;
      const int bytes = vec * std::stoi(m[4].str().substr(1)) / 8;
      out[current].insert(fmt::format("{} {} {}", m[2].str(), m[1] == "ld" ? "load" : "store", bytes));
    } else if (std::regex_search(line, m, ldsm)) {
      out[current].insert("shared ldmatrix.x" + m[1].str());
    }
  }
  return out;
}

}  // namespace ws::kernels
