// Recursive-descent parser for lane expressions, C precedence from loosest:
//   |   ^   &   << >>   + -   * / %   unary - + ~   primary (literal, lane, parens)
#include "ws/expr.hpp"

#include <cctype>
#include <optional>
#include <fmt/format.h>

namespace ws {

struct Expr::Node {
  enum Kind { Literal, Lane, Unary, Binary } kind;
  char op = 0;  // binary: + - * / % & | ^ < (<<) > (>>); unary: - + ~
  std::int64_t value = 0;
  int column = 0;  // of the operator, for division-by-zero messages
  std::unique_ptr<Node> lhs, rhs;
};

namespace {

using Node = Expr::Node;

struct Parser {
  std::string_view text;
  std::size_t pos = 0;
  std::optional<ExprError> error;

  void skip_space() {
    while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos]))) ++pos;
  }
  int column() const { return static_cast<int>(pos) + 1; }

  std::string token_here() {
    if (pos >= text.size()) return "end of expression";
    std::size_t end = pos + 1;
    if (std::isalnum(static_cast<unsigned char>(text[pos])) || text[pos] == '_')
      while (end < text.size() &&
             (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_'))
        ++end;
    return fmt::format("'{}'", text.substr(pos, end - pos));
  }

  std::unique_ptr<Node> fail(std::string what) {
    if (!error) error = ExprError{fmt::format("--expr: {} at column {}: {}", token_here(), column(), what)};
    return nullptr;
  }

  static std::unique_ptr<Node> make_binary(char op, int col, std::unique_ptr<Node> l,
                                           std::unique_ptr<Node> r) {
    auto n = std::make_unique<Node>(Node{Node::Binary, op, 0, col, std::move(l), std::move(r)});
    return n;
  }

  // Matches one of `ops` (two-character shifts written as "<<" / ">>").
  int match(std::initializer_list<std::string_view> ops, char* which) {
    skip_space();
    for (auto op : ops) {
      if (text.substr(pos, op.size()) == op) {
        // Shifts are told apart by their first character: '<' is <<, '>' is >>.
        *which = op[0];
        const int col = column();
        pos += op.size();
        return col;
      }
    }
    return 0;
  }

  using Level = std::unique_ptr<Node> (Parser::*)();
  std::unique_ptr<Node> binary_level(std::initializer_list<std::string_view> ops, Level next) {
    auto lhs = (this->*next)();
    while (lhs) {
      char op = 0;
      const int col = match(ops, &op);
      if (!col) break;
      auto rhs = (this->*next)();
      if (!rhs) return nullptr;
      lhs = make_binary(op, col, std::move(lhs), std::move(rhs));
    }
    return lhs;
  }

  std::unique_ptr<Node> parse_or() { return binary_level({"|"}, &Parser::parse_xor); }
  std::unique_ptr<Node> parse_xor() { return binary_level({"^"}, &Parser::parse_and); }
  std::unique_ptr<Node> parse_and() { return binary_level({"&"}, &Parser::parse_shift); }
  std::unique_ptr<Node> parse_shift() { return binary_level({"<<", ">>"}, &Parser::parse_add); }
  std::unique_ptr<Node> parse_add() { return binary_level({"+", "-"}, &Parser::parse_mul); }
  std::unique_ptr<Node> parse_mul() { return binary_level({"*", "/", "%"}, &Parser::parse_unary); }

  std::unique_ptr<Node> parse_unary() {
    skip_space();
    if (pos < text.size() && (text[pos] == '-' || text[pos] == '+' || text[pos] == '~')) {
      const char op = text[pos];
      const int col = column();
      ++pos;
      auto operand = parse_unary();
      if (!operand) return nullptr;
      return std::make_unique<Node>(Node{Node::Unary, op, 0, col, std::move(operand), nullptr});
    }
    return parse_primary();
  }

  std::unique_ptr<Node> parse_primary() {
    skip_space();
    if (pos >= text.size()) return fail("expected a number, 'lane' or '('");
    const char c = text[pos];
    if (c == '(') {
      const int open_col = column();
      ++pos;
      auto inner = parse_or();
      if (!inner) return nullptr;
      skip_space();
      if (pos >= text.size() || text[pos] != ')')
        return fail(fmt::format("expected ')' to close the '(' at column {}", open_col));
      ++pos;
      return inner;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) return parse_literal();
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      const std::size_t start = pos;
      while (pos < text.size() &&
             (std::isalnum(static_cast<unsigned char>(text[pos])) || text[pos] == '_'))
        ++pos;
      if (text.substr(start, pos - start) == "lane")
        return std::make_unique<Node>(Node{Node::Lane, 0, 0, 0, nullptr, nullptr});
      pos = start;
      return fail("unknown name; the only variable is 'lane'");
    }
    return fail("expected a number, 'lane' or '('");
  }

  std::unique_ptr<Node> parse_literal() {
    const std::size_t start = pos;
    int base = 10;
    if (text.substr(pos, 2) == "0x" || text.substr(pos, 2) == "0X") {
      base = 16;
      pos += 2;
    }
    std::uint64_t v = 0;
    std::size_t digits = 0;
    while (pos < text.size() && std::isxdigit(static_cast<unsigned char>(text[pos]))) {
      const char d = static_cast<char>(std::tolower(static_cast<unsigned char>(text[pos])));
      const int dv = std::isdigit(static_cast<unsigned char>(d)) ? d - '0' : d - 'a' + 10;
      if (dv >= base) break;
      if (v > (static_cast<std::uint64_t>(INT64_MAX) - dv) / base) {
        pos = start;
        return fail("number too large");
      }
      v = v * base + dv;
      ++pos;
      ++digits;
    }
    if (digits == 0 ||
        (pos < text.size() && (std::isalnum(static_cast<unsigned char>(text[pos])) || text[pos] == '_'))) {
      pos = start;
      return fail("malformed number");
    }
    return std::make_unique<Node>(
        Node{Node::Literal, 0, static_cast<std::int64_t>(v), 0, nullptr, nullptr});
  }
};

std::variant<std::int64_t, ExprError> evaluate(const Node& n, std::int64_t lane) {
  switch (n.kind) {
    case Node::Literal: return n.value;
    case Node::Lane: return lane;
    case Node::Unary: {
      auto v = evaluate(*n.lhs, lane);
      if (auto* e = std::get_if<ExprError>(&v)) return *e;
      const auto x = static_cast<std::uint64_t>(std::get<std::int64_t>(v));
      if (n.op == '-') return static_cast<std::int64_t>(0 - x);
      if (n.op == '~') return static_cast<std::int64_t>(~x);
      return static_cast<std::int64_t>(x);
    }
    case Node::Binary: break;
  }
  auto lv = evaluate(*n.lhs, lane);
  if (auto* e = std::get_if<ExprError>(&lv)) return *e;
  auto rv = evaluate(*n.rhs, lane);
  if (auto* e = std::get_if<ExprError>(&rv)) return *e;
  const std::int64_t l = std::get<std::int64_t>(lv), r = std::get<std::int64_t>(rv);
  // Wrap-around arithmetic on unsigned values avoids undefined overflow.
  const auto ul = static_cast<std::uint64_t>(l), ur = static_cast<std::uint64_t>(r);
  switch (n.op) {
    case '+': return static_cast<std::int64_t>(ul + ur);
    case '-': return static_cast<std::int64_t>(ul - ur);
    case '*': return static_cast<std::int64_t>(ul * ur);
    case '/':
    case '%':
      if (r == 0)
        return ExprError{fmt::format("--expr: division by zero at column {} (for lane {})", n.column, lane)};
      if (l == INT64_MIN && r == -1) return n.op == '/' ? l : 0;
      return n.op == '/' ? l / r : l % r;  // C semantics: truncate toward zero
    case '&': return l & r;
    case '|': return l | r;
    case '^': return l ^ r;
    case '<':
    case '>':
      if (r < 0 || r > 63)
        return ExprError{fmt::format("--expr: shift by {} at column {} is outside 0..63 (for lane {})", r,
                                     n.column, lane)};
      return n.op == '<' ? static_cast<std::int64_t>(ul << r) : (l >> r);
  }
  return ExprError{"--expr: internal error: unknown operator"};
}

}  // namespace

Expr::Expr(std::unique_ptr<Node> root) : root_(std::move(root)) {}
Expr::Expr(Expr&&) noexcept = default;
Expr& Expr::operator=(Expr&&) noexcept = default;
Expr::~Expr() = default;

std::variant<Expr, ExprError> Expr::parse(std::string_view text) {
  Parser p{text, 0, std::nullopt};
  auto root = p.parse_or();
  if (root) {
    p.skip_space();
    if (p.pos != text.size()) root = p.fail("unexpected token after a complete expression");
  }
  if (!root) return *p.error;
  return Expr(std::move(root));
}

std::variant<std::int64_t, ExprError> Expr::eval(std::int64_t lane) const { return evaluate(*root_, lane); }

}  // namespace ws
