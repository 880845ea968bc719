// Integer expressions for `warpscope analyze --expr` (in `lane`) and `warpscope
// variant` (a tile layout in `r`, `c`, `T`; an access pattern in `lane`, `i`):
// + - * / % & | ^ << >> ~, parentheses, decimal and hex literals, C precedence
// and semantics on 64-bit integers (wrapping, never undefined). The same tree
// prints as C source (to_c) for the GPU compiler, so only what this parser
// accepted reaches it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <span>
#include <string_view>
#include <variant>
#include <vector>

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
  // The one variable is `lane`; messages start with "--expr:".
  static std::variant<Expr, ExprError> parse(std::string_view text);
  // With the variables `vars` (names of letters, digits and '_'); messages start with "<flag>:".
  static std::variant<Expr, ExprError> parse(std::string_view text, std::span<const std::string_view> vars,
                                             std::string_view flag);
  // Evaluates with `lane` bound (the expression's only variable); division or
  // modulo by zero and shifts outside 0..63 are errors naming the values.
  std::variant<std::int64_t, ExprError> eval(std::int64_t lane) const;
  // Evaluates with the variables bound to `values`, in the order parse() named them.
  std::variant<std::int64_t, ExprError> eval(std::span<const std::int64_t> values) const;
  // Whether variable `var` (its index in parse()'s list) occurs.
  bool uses(int var) const;
  // C source computing the same value: every operation on `long long`, + - * <<
  // and unary - through unsigned (wrapping as eval does), each operand in
  // parentheses; variable i is written c_names[i]. For values where eval()
  // succeeds, the C expression gives the same value.
  std::string to_c(std::span<const std::string> c_names) const;

  struct Node;
  Expr(Expr&&) noexcept;
  Expr& operator=(Expr&&) noexcept;
  ~Expr();

 private:
  Expr(std::unique_ptr<Node> root, std::vector<std::string> vars, std::string flag);
  std::unique_ptr<Node> root_;
  std::vector<std::string> vars_;  // names, for messages
  std::string flag_;
};

}  // namespace ws
