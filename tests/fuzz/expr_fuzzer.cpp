// libFuzzer harness: ws::Expr (the `--expr` language, and `variant --layout`'s
// with the variables r, c, T, and `variant --pattern`'s with lane and i, through
// make_variant's bounds checks). Input: the expression text. Parsing, evaluating
// and printing as C must return a value or an ExprError with a message;
// crashes, hangs, sanitizer reports and escaping exceptions are findings.
#include <cstddef>
#include <cstdint>
#include <array>
#include <limits>
#include <string>
#include <string_view>
#include <variant>

#include "fuzz_check.hpp"
#include "ws/arch.hpp"
#include "ws/expr.hpp"
#include "ws/kernels/variant.hpp"

namespace {

// `variant --pattern TEXT --repeats 1`: every lane's byte address checked
// against the buffer a variant may declare (seed pattern_byte_near_int64_max:
// the check once overflowed computing byte + width).
void pattern_variant(std::string_view text) {
  ws::kernels::VariantSpec spec;
  spec.base = "smem_stride";
  spec.expression = std::string(text);
  spec.params = ws::kernels::find_kernel("smem_stride")->defaults;
  spec.params.repeats = 1;
  auto v = ws::kernels::make_variant(spec, ws::default_preset());
  if (!v) ws::fuzz::require_message(v.error().message, "make_variant: error without a message");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  pattern_variant(text);
  auto parsed = ws::Expr::parse(text);
  if (const auto* e = std::get_if<ws::ExprError>(&parsed)) {
    ws::fuzz::require_message(e->message, "Expr::parse returned an error without a message");
    return 0;
  }
  const ws::Expr& expr = std::get<ws::Expr>(parsed);
  // Every lane of a warp, and the extremes of the lane's type.
  constexpr std::int64_t kExtremes[] = {std::numeric_limits<std::int64_t>::min(),
                                        std::numeric_limits<std::int64_t>::max(), -1};
  for (std::int64_t lane = 0; lane < 32; ++lane) {
    auto v = expr.eval(lane);
    if (const auto* e = std::get_if<ws::ExprError>(&v))
      ws::fuzz::require_message(e->message, "Expr::eval returned an error without a message");
  }
  for (std::int64_t lane : kExtremes) {
    auto v = expr.eval(lane);
    if (const auto* e = std::get_if<ws::ExprError>(&v))
      ws::fuzz::require_message(e->message, "Expr::eval returned an error without a message");
  }
  const std::string lane_name[] = {"lane"};
  ws::fuzz::require_message(expr.to_c(lane_name), "Expr::to_c printed nothing");
  // The layout language: three variables, a corner of the tile and an extreme.
  static constexpr std::string_view kLayout[] = {"r", "c", "T"};
  auto layout = ws::Expr::parse(text, kLayout, "--layout");
  if (const auto* e = std::get_if<ws::ExprError>(&layout)) {
    ws::fuzz::require_message(e->message, "Expr::parse (r, c, T) returned an error without a message");
    return 0;
  }
  for (const auto& at : {std::array<std::int64_t, 3>{0, 0, 32}, std::array<std::int64_t, 3>{31, 17, 32},
                         std::array<std::int64_t, 3>{kExtremes[0], kExtremes[1], -1}}) {
    auto v = std::get<ws::Expr>(layout).eval(at);
    if (const auto* e = std::get_if<ws::ExprError>(&v))
      ws::fuzz::require_message(e->message, "Expr::eval (r, c, T) returned an error without a message");
  }
  const std::string names[] = {"r", "c", "T"};
  ws::fuzz::require_message(std::get<ws::Expr>(layout).to_c(names), "Expr::to_c printed nothing");
  return 0;
}
