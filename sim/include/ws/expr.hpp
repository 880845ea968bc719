// Integer expressions in `lane` for `warpscope analyze --expr`: + - * / % & | ^
// << >> ~, parentheses, decimal and hex literals, C precedence and semantics.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <variant>

namespace ws {

// Bounds on what parse() accepts, so that no input can exhaust the stack or run
// long: the parser recurses once per nesting level (parentheses and unary
// operators); the tree it builds is evaluated and freed without recursion.
inline constexpr std::size_t kMaxExprLength = 4096;  // characters
inline constexpr int kMaxExprDepth = 256;            // parentheses and unary operators, nested

struct ExprError {
  std::string message;  // names the token and its 1-based column
};

class Expr {
 public:
  // Longer than kMaxExprLength or nested deeper than kMaxExprDepth is an error.
  static std::variant<Expr, ExprError> parse(std::string_view text);
  // Evaluates with `lane` bound; division or modulo by zero is an error.
  std::variant<std::int64_t, ExprError> eval(std::int64_t lane) const;

  struct Node;
  Expr(Expr&&) noexcept;
  Expr& operator=(Expr&&) noexcept;
  ~Expr();

 private:
  explicit Expr(std::unique_ptr<Node> root);
  std::unique_ptr<Node> root_;
};

}  // namespace ws
