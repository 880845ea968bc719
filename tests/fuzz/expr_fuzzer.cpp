// libFuzzer harness: ws::Expr (the `--expr` language). Input: the expression
// text. Parsing and evaluating must return a value or an ExprError with a
// message; crashes, hangs, sanitizer reports and escaping exceptions are findings.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>
#include <variant>

#include "fuzz_check.hpp"
#include "ws/expr.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
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
  return 0;
}
