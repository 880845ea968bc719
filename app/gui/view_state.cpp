// The view-state string read and written, without the window: percent-coding,
// the key table, numbers. view_state_apply.cpp connects it to AppState.
#include "gui/view_state.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <functional>

#include "ws/kernels/catalog.hpp"
#include "ws/kernels/input_file.hpp"

namespace ws::gui {
namespace {

// How much of a value a link's message quotes: a pasted 100 KB fragment must
// not fill the status bar (issue 36).
constexpr std::size_t kEchoBytes = 80;

// RFC 3986 unreserved characters plus those a fragment may hold that neither
// this format (& = %) nor form decoding (+) gives a meaning, nor a shell (' ").
bool stays_as_is(char c) {
  if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) return true;
  return std::string_view("-._~()*,/:@!").find(c) != std::string_view::npos;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Decimal only, as the command line reads numbers: no "0x", no spaces, no "+".
Result<int> parse_number(std::string_view key, std::string_view text) {
  int v = 0;
  const char* end = text.data() + text.size();
  auto [at, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec == std::errc::result_out_of_range || at != end || ec != std::errc())
    return Error{fmt::format("{}: '{}' is not a number", key, kernels::printable(text, kEchoBytes))};
  return v;
}

Result<bool> parse_flag(std::string_view key, std::string_view text) {
  if (text == "1") return true;
  if (text == "0") return false;
  return Error{fmt::format("{}: '{}' is not 1 or 0", key, kernels::printable(text, kEchoBytes))};
}

Result<int> parse_count(std::string_view key, std::string_view text) {
  auto v = parse_number(key, text);
  if (v && *v < 0) return Error{fmt::format("{}: {} is negative (counts from 0)", key, *v)};
  return v;
}

// One key of the format: how its decoded value is stored.
struct ViewKey {
  std::string_view name;
  std::function<std::optional<std::string>(std::string_view, ViewState&)> read;
};

template <class F>
std::optional<std::string> store(Result<F> r, F& into) {
  if (!r) return r.error().message;
  into = *r;
  return std::nullopt;
}

std::optional<std::string> keep_text(std::string_view key, std::string_view text, std::string& into) {
  if (text.empty()) return fmt::format("{}: empty value", key);
  into = std::string(text);
  return std::nullopt;
}

const std::vector<ViewKey>& key_table() {
  static const std::vector<ViewKey> table = [] {
    std::vector<ViewKey> t;
    auto text_key = [&t](std::string_view name, std::string ViewState::*field) {
      t.push_back(
          {name, [name, field](std::string_view v, ViewState& s) { return keep_text(name, v, s.*field); }});
    };
    text_key("deck", &ViewState::deck);
    text_key("lesson", &ViewState::lesson);
    t.push_back({"step", [](std::string_view v, ViewState& s) -> std::optional<std::string> {
                   auto n = parse_number("step", v);
                   if (n && *n < 1) return fmt::format("step: {} is not a step (steps count from 1)", *n);
                   return store(std::move(n), s.step);
                 }});
    t.push_back({"reveal",
                 [](std::string_view v, ViewState& s) { return store(parse_flag("reveal", v), s.reveal); }});
    t.push_back({"present", [](std::string_view v, ViewState& s) {
                   return store(parse_flag("present", v), s.present);
                 }});
    text_key("kernel", &ViewState::kernel);
    for (const kernels::ParamSpec& spec : kernels::param_specs()) {
      const std::string_view name = spec.key;
      t.push_back({name, [name](std::string_view v, ViewState& s) -> std::optional<std::string> {
                     auto n = parse_number(name, v);
                     if (!n) return n.error().message;
                     s.params.emplace_back(std::string(name), *n);
                     return std::nullopt;
                   }});
    }
    text_key("arch", &ViewState::arch);
    t.push_back({"block", [](std::string_view v, ViewState& s) -> std::optional<std::string> {
                   const auto comma = v.find(',');
                   if (comma == std::string_view::npos) return fmt::format("block: '{}' is not X,Y", kernels::printable(v, kEchoBytes));
                   auto x = parse_count("block", v.substr(0, comma));
                   if (!x) return x.error().message;
                   auto y = parse_count("block", v.substr(comma + 1));
                   if (!y) return y.error().message;
                   s.block = std::pair{*x, *y};
                   return std::nullopt;
                 }});
    t.push_back({"warp", [](std::string_view v, ViewState& s) {
                   return store(parse_count("warp", v), s.warp.emplace());
                 }});
    t.push_back({"instr", [](std::string_view v, ViewState& s) {
                   return store(parse_count("instr", v), s.instruction.emplace());
                 }});
    text_key("layout", &ViewState::layout);
    text_key("pattern", &ViewState::pattern);
    text_key("variant_swizzle", &ViewState::variant_swizzle);
    text_key("expr", &ViewState::expr);
    text_key("expr_space", &ViewState::expr_space);
    text_key("expr_op", &ViewState::expr_op);
    t.push_back({"expr_bytes", [](std::string_view v, ViewState& s) {
                   return store(parse_number("expr_bytes", v), s.expr_bytes.emplace());
                 }});
    text_key("expr_mask", &ViewState::expr_mask);
    return t;
  }();
  return table;
}

std::string known_keys() {
  std::string out;
  for (const ViewKey& k : key_table()) out += (out.empty() ? "" : ", ") + std::string(k.name);
  return out;
}

}  // namespace

std::string percent_encode(std::string_view value) {
  std::string out;
  for (char c : value) {
    if (stays_as_is(c))
      out.push_back(c);
    else
      out += fmt::format("%{:02X}", static_cast<unsigned char>(c));
  }
  return out;
}

Result<std::string> percent_decode(std::string_view value) {
  std::string out;
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (value[i] != '%') {
      out.push_back(value[i]);
      continue;
    }
    if (i + 2 >= value.size())
      return Error{fmt::format("'{}' ends in an incomplete %-escape", kernels::printable(value, kEchoBytes))};
    const int a = hex_value(value[i + 1]), b = hex_value(value[i + 2]);
    if (a < 0 || b < 0)
      return Error{fmt::format("'{}' holds '%{}', which is not a %-escape (% and two hex digits)",
                               kernels::printable(value, kEchoBytes), kernels::printable(value.substr(i + 1, 2)))};
    out.push_back(static_cast<char>(a * 16 + b));
    i += 2;
  }
  return out;
}

Result<ViewState> parse_view_state(std::string_view text) {
  if (!text.empty() && text.front() == '#') text.remove_prefix(1);
  ViewState v;
  std::vector<std::string_view> seen;
  while (!text.empty()) {
    const auto amp = text.find('&');
    const std::string_view item = text.substr(0, amp);
    text = amp == std::string_view::npos ? std::string_view() : text.substr(amp + 1);
    if (item.empty()) continue;  // "a=1&&b=2", a trailing '&'
    const auto eq = item.find('=');
    const std::string_view name = item.substr(0, eq);
    const std::string shown = kernels::printable(name, kEchoBytes);
    if (eq == std::string_view::npos) return Error{fmt::format("{}: no value (write {}=VALUE)", shown, shown)};
    const ViewKey* key = nullptr;
    for (const ViewKey& k : key_table())
      if (k.name == name) key = &k;
    if (!key) return Error{fmt::format("'{}' is not a key (keys: {})", shown, known_keys())};
    for (std::string_view s : seen)
      if (s == name) return Error{fmt::format("{}: given twice", name)};
    seen.push_back(key->name);
    auto value = percent_decode(item.substr(eq + 1));
    if (!value) return Error{fmt::format("{}: {}", name, value.error().message)};
    if (auto bad = key->read(*value, v)) return Error{*bad};
  }
  auto given = [&seen](std::string_view k) { return std::find(seen.begin(), seen.end(), k) != seen.end(); };
  for (std::string_view k : {"step", "reveal"})
    if (given(k) && v.lesson.empty()) return Error{fmt::format("{}: needs lesson=ID", k)};
  if (!v.layout.empty() && !v.pattern.empty()) return Error{"pattern: give layout or pattern, not both"};
  if (!v.variant_swizzle.empty() && v.layout.empty() && v.pattern.empty())
    return Error{"variant_swizzle: needs layout or pattern"};
  for (std::string_view k : {"expr_space", "expr_op", "expr_bytes", "expr_mask"})
    if (given(k) && v.expr.empty()) return Error{fmt::format("{}: needs expr", k)};
  // Parameters in the table's order, whatever order the text gave them in.
  std::vector<std::pair<std::string, int>> ordered;
  for (const kernels::ParamSpec& spec : kernels::param_specs())
    for (const auto& kv : v.params)
      if (kv.first == spec.key) ordered.push_back(kv);
  v.params = std::move(ordered);
  return v;
}

std::string format_view_state(const ViewState& v) {
  std::string out;
  auto put = [&out](std::string_view key, std::string_view value) {
    out += fmt::format("{}{}={}", out.empty() ? "" : "&", key, percent_encode(value));
  };
  if (!v.deck.empty()) put("deck", v.deck);
  if (!v.lesson.empty()) put("lesson", v.lesson);
  if (v.step != 1) put("step", std::to_string(v.step));
  if (v.reveal) put("reveal", "1");
  if (v.present) put("present", "1");
  if (!v.kernel.empty()) put("kernel", v.kernel);
  for (const auto& [key, value] : v.params) put(key, std::to_string(value));
  if (!v.arch.empty()) put("arch", v.arch);
  if (v.block) put("block", fmt::format("{},{}", v.block->first, v.block->second));
  if (v.warp) put("warp", std::to_string(*v.warp));
  if (v.instruction) put("instr", std::to_string(*v.instruction));
  if (!v.layout.empty()) put("layout", v.layout);
  if (!v.pattern.empty()) put("pattern", v.pattern);
  if (!v.variant_swizzle.empty()) put("variant_swizzle", v.variant_swizzle);
  if (!v.expr.empty()) put("expr", v.expr);
  if (!v.expr_space.empty()) put("expr_space", v.expr_space);
  if (!v.expr_op.empty()) put("expr_op", v.expr_op);
  if (v.expr_bytes) put("expr_bytes", std::to_string(*v.expr_bytes));
  if (!v.expr_mask.empty()) put("expr_mask", v.expr_mask);
  return out;
}

}  // namespace ws::gui
