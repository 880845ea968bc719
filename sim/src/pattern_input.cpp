#include "ws/pattern_input.hpp"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>

#include "ws/expr.hpp"

namespace ws {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// Decimal or 0x-hex, non-negative, fits 64 bits.
std::optional<std::uint64_t> parse_unsigned(std::string_view t) {
  int base = 10;
  if (t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
    base = 16;
    t.remove_prefix(2);
  }
  if (t.empty()) return std::nullopt;
  std::uint64_t v = 0;
  for (char c : t) {
    int d;
    if (c >= '0' && c <= '9') d = c - '0';
    else if (base == 16 && c >= 'a' && c <= 'f') d = c - 'a' + 10;
    else if (base == 16 && c >= 'A' && c <= 'F') d = c - 'A' + 10;
    else return std::nullopt;
    if (v > (UINT64_MAX - d) / base) return std::nullopt;
    v = v * base + d;
  }
  return v;
}

}  // namespace

std::variant<LaneAddresses, InputError> parse_address_list(std::string_view text, int warp_lanes) {
  LaneAddresses out;
  int lane = 0;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string_view raw = text.substr(start, comma == std::string_view::npos ? text.npos : comma - start);
    const std::string_view tok = trim(raw);
    if (lane >= warp_lanes)
      return InputError{fmt::format("--addresses: {} entries given, the warp has {} lanes (one entry per lane)",
                                    lane + 1 + std::count(text.begin() + static_cast<long>(start), text.end(), ','),
                                    warp_lanes)};
    if (tok == "-") {
      // inactive lane
    } else if (!tok.empty() && tok[0] == '-') {
      return InputError{fmt::format("--addresses: lane {}: address '{}' is negative", lane, tok)};
    } else if (auto v = parse_unsigned(tok)) {
      out.address[lane] = *v;
      out.active_mask |= 1u << lane;
    } else {
      return InputError{fmt::format("--addresses: bad token '{}' at entry {} (lane {}), column {}", tok, lane + 1,
                                    lane, start + 1)};
    }
    ++lane;
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  if (lane != warp_lanes)
    return InputError{fmt::format("--addresses: {} entries given, the warp has {} lanes (one entry per lane)",
                                  lane, warp_lanes)};
  return out;
}

std::variant<LaneAddresses, InputError> addresses_from_expr(std::string_view text, int warp_lanes) {
  auto parsed = Expr::parse(text);
  if (auto* e = std::get_if<ExprError>(&parsed)) return InputError{e->message};
  const Expr& expr = std::get<Expr>(parsed);
  LaneAddresses out;
  for (int lane = 0; lane < warp_lanes; ++lane) {
    auto v = expr.eval(lane);
    if (auto* e = std::get_if<ExprError>(&v)) return InputError{e->message};
    const std::int64_t a = std::get<std::int64_t>(v);
    if (a < 0) return InputError{fmt::format("--expr: lane {}: address {} is negative", lane, a)};
    out.address[lane] = static_cast<std::uint64_t>(a);
    out.active_mask |= 1u << lane;
  }
  return out;
}

std::variant<std::uint32_t, InputError> parse_mask(std::string_view text, int warp_lanes) {
  const auto t = trim(text);
  if (t.empty()) return InputError{"--mask: is empty (use hex such as 0xffffffff)"};
  auto v = parse_unsigned(t);
  if (!v) return InputError{fmt::format("--mask: bad value '{}' (use hex such as 0xffffffff)", t)};
  const std::uint64_t limit = warp_lanes >= 32 ? 0xffffffffull : ((1ull << warp_lanes) - 1);
  if (*v > limit)
    return InputError{fmt::format("--mask: {} sets lanes beyond the warp's {} lanes", t, warp_lanes)};
  return static_cast<std::uint32_t>(*v);
}

}  // namespace ws
