// Recursive-descent parser for lane expressions, C precedence from loosest:
//   |   ^   &   << >>   + -   * / %   unary - + ~   primary (literal, lane, parens)
// Bounded (ws/expr.hpp): at most kMaxExprLength characters and kMaxExprDepth
// nested parentheses or unary operators; a chain of binary operators is a loop.
#include "ws/expr.hpp"

#include <cctype>
#include <optional>
#include <vector>
#include <fmt/format.h>

namespace ws {

struct Expr::Node {
  enum Kind { Literal, Lane, Unary, Binary } kind;
  char op = 0;  // binary: + - * / % & | ^ < (<<) > (>>); unary: - + ~
  std::int64_t value = 0;
  int column = 0;  // of the operator, for division-by-zero messages
  std::unique_ptr<Node> lhs, rhs;
  ~Node();
};

// Without recursion: `1+1+...` (2048 operators fit the length limit) is a tree
// 2048 deep on the left, too deep for recursive destruction under ASan.
Expr::Node::~Node() {
  std::vector<std::unique_ptr<Node>> pending;
  if (lhs) pending.push_back(std::move(lhs));
  if (rhs) pending.push_back(std::move(rhs));
  while (!pending.empty()) {
    std::unique_ptr<Node> n = std::move(pending.back());
    pending.pop_back();
    if (n->lhs) pending.push_back(std::move(n->lhs));
    if (n->rhs) pending.push_back(std::move(n->rhs));
  }  // each node dies childless
}

namespace {

using Node = Expr::Node;

struct Parser {
  std::string_view text;
  std::size_t pos = 0;
  std::optional<ExprError> error;
  int depth = 0;  // open parentheses and unary operators around `pos`

  // Entering one more nesting level; false (and the error) past kMaxExprDepth.
  bool enter() {
    if (++depth <= kMaxExprDepth) return true;
    fail(fmt::format("nested deeper than {} levels (parentheses and unary operators)", kMaxExprDepth));
    return false;
  }

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
    return std::unique_ptr<Node>(new Node{Node::Binary, op, 0, col, std::move(l), std::move(r)});
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
      if (!enter()) return nullptr;
      ++pos;
      auto operand = parse_unary();
      --depth;
      if (!operand) return nullptr;
      return std::unique_ptr<Node>(new Node{Node::Unary, op, 0, col, std::move(operand), nullptr});
    }
    return parse_primary();
  }

  std::unique_ptr<Node> parse_primary() {
    skip_space();
    if (pos >= text.size()) return fail("expected a number, 'lane' or '('");
    const char c = text[pos];
    if (c == '(') {
      const int open_col = column();
      if (!enter()) return nullptr;
      ++pos;
      auto inner = parse_or();
      --depth;
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
        return std::unique_ptr<Node>(new Node{Node::Lane, 0, 0, 0, nullptr, nullptr});
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
    return std::unique_ptr<Node>(new Node{Node::Literal, 0, static_cast<std::int64_t>(v), 0, nullptr, nullptr});
  }
};

// One operator applied to values already computed.
std::variant<std::int64_t, ExprError> apply(const Node& n, std::int64_t l, std::int64_t r, std::int64_t lane) {
  // Wrap-around arithmetic on unsigned values avoids undefined overflow.
  const auto ul = static_cast<std::uint64_t>(l), ur = static_cast<std::uint64_t>(r);
  if (n.kind == Node::Unary) {
    if (n.op == '-') return static_cast<std::int64_t>(0 - ul);
    if (n.op == '~') return static_cast<std::int64_t>(~ul);
    return l;
  }
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

// Post-order with explicit stacks, not recursion (see ~Node): left operand,
// right operand, then the operator, so the first error met is the leftmost.
std::variant<std::int64_t, ExprError> evaluate(const Node& root, std::int64_t lane) {
  struct Step {
    const Node* node;
    bool operands_done;
  };
  std::vector<Step> todo{{&root, false}};
  std::vector<std::int64_t> values;
  while (!todo.empty()) {
    const Step step = todo.back();
    todo.pop_back();
    const Node& n = *step.node;
    if (n.kind == Node::Literal) {
      values.push_back(n.value);
    } else if (n.kind == Node::Lane) {
      values.push_back(lane);
    } else if (!step.operands_done) {
      todo.push_back({&n, true});
      if (n.rhs) todo.push_back({n.rhs.get(), false});
      todo.push_back({n.lhs.get(), false});
    } else {
      const std::int64_t r = n.kind == Node::Binary ? values.back() : 0;
      if (n.kind == Node::Binary) values.pop_back();
      auto v = apply(n, values.back(), r, lane);
      if (auto* e = std::get_if<ExprError>(&v)) return *e;
      values.back() = std::get<std::int64_t>(v);
    }
  }
  return values.back();
}

}  // namespace

Expr::Expr(std::unique_ptr<Node> root) : root_(std::move(root)) {}
Expr::Expr(Expr&&) noexcept = default;
Expr& Expr::operator=(Expr&&) noexcept = default;
Expr::~Expr() = default;

std::variant<Expr, ExprError> Expr::parse(std::string_view text) {
  // A chain `lane+lane+...` nests one tree level per operator: the length bounds it.
  if (text.size() > kMaxExprLength)
    return ExprError{fmt::format("--expr: the expression is {} characters long; at most {}", text.size(),
                                 kMaxExprLength)};
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
