// Integer expressions in `lane` for `warpscope analyze --expr`: + - * / % & | ^
// << >> ~, parentheses, decimal and hex literals, C precedence and semantics.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <variant>

namespace ws {

struct ExprError {
  std::string message;  // names the token and its 1-based column
};

class Expr {
 public:
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
