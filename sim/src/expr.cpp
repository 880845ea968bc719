// Recursive-descent parser for integer expressions, C precedence from loosest:
//   |   ^   &   << >>   + -   * / %   unary - + ~   primary (literal, variable, parens)
// Bounded (ws/expr.hpp): at most kMaxExprLength characters and kMaxExprDepth
// nested parentheses or unary operators; a chain of binary operators is a loop.
#include "ws/expr.hpp"

#include <cctype>
#include <optional>
#include <string>
#include <vector>
#include <fmt/format.h>

namespace ws {

struct Expr::Node {
  enum Kind { Literal, Variable, Unary, Binary } kind;
  char op = 0;  // binary: + - * / % & | ^ < (<<) > (>>); unary: - + ~
  std::int64_t value = 0;  // a literal's value; a variable's index
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
  std::span<const std::string_view> vars;
  std::string_view flag;
  std::size_t pos = 0;
  std::optional<ExprError> error = std::nullopt;
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
    if (!error) error = ExprError{fmt::format("{}: {} at column {}: {}", flag, token_here(), column(), what)};
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
    if (pos >= text.size()) return fail(expected());
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
      const std::string_view name = text.substr(start, pos - start);
      for (std::size_t i = 0; i < vars.size(); ++i)
        if (name == vars[i])
          return std::unique_ptr<Node>(new Node{Node::Variable, 0, static_cast<std::int64_t>(i), 0, nullptr, nullptr});
      pos = start;
      return fail("unknown name; " + variables_named());
    }
    return fail(expected());
  }

  std::string quoted(std::size_t i) const { return fmt::format("'{}'", vars[i]); }
  // "the only variable is 'lane'", "the variables are 'r', 'c' and 'T'"
  std::string variables_named() const {
    if (vars.empty()) return "no variables here";
    if (vars.size() == 1) return "the only variable is " + quoted(0);
    std::string list = quoted(0);
    for (std::size_t i = 1; i + 1 < vars.size(); ++i) list += ", " + quoted(i);
    return "the variables are " + list + " and " + quoted(vars.size() - 1);
  }
  std::string expected() const {
    std::string what = "expected a number";
    for (std::size_t i = 0; i < vars.size(); ++i) what += ", " + quoted(i);
    return what + " or '('";
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

// Where an evaluation failed, for its message: "lane 3", "r = 1, c = 2, T = 32".
struct Binding {
  std::span<const std::string> names;
  std::span<const std::int64_t> values;
  const std::string& flag;
  std::string describe() const {
    if (names.size() == 1) return fmt::format("{} {}", names[0], values[0]);
    std::string s;
    for (std::size_t i = 0; i < names.size(); ++i) s += fmt::format("{}{} = {}", i ? ", " : "", names[i], values[i]);
    return s;
  }
};

// One operator applied to values already computed.
std::variant<std::int64_t, ExprError> apply(const Node& n, std::int64_t l, std::int64_t r, const Binding& at) {
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
        return ExprError{fmt::format("{}: division by zero at column {} (for {})", at.flag, n.column, at.describe())};
      if (l == INT64_MIN && r == -1) return n.op == '/' ? l : 0;
      return n.op == '/' ? l / r : l % r;  // C semantics: truncate toward zero
    case '&': return l & r;
    case '|': return l | r;
    case '^': return l ^ r;
    case '<':
    case '>':
      if (r < 0 || r > 63)
        return ExprError{fmt::format("{}: shift by {} at column {} is outside 0..63 (for {})", at.flag, r,
                                     n.column, at.describe())};
      return n.op == '<' ? static_cast<std::int64_t>(ul << r) : (l >> r);
  }
  return ExprError{at.flag + ": internal error: unknown operator"};
}

// Post-order with explicit stacks, not recursion (see ~Node): left operand,
// right operand, then the operator, so the first error met is the leftmost.
std::variant<std::int64_t, ExprError> evaluate(const Node& root, const Binding& at) {
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
    } else if (n.kind == Node::Variable) {
      values.push_back(at.values[static_cast<std::size_t>(n.value)]);
    } else if (!step.operands_done) {
      todo.push_back({&n, true});
      if (n.rhs) todo.push_back({n.rhs.get(), false});
      todo.push_back({n.lhs.get(), false});
    } else {
      const std::int64_t r = n.kind == Node::Binary ? values.back() : 0;
      if (n.kind == Node::Binary) values.pop_back();
      auto v = apply(n, values.back(), r, at);
      if (auto* e = std::get_if<ExprError>(&v)) return *e;
      values.back() = std::get<std::int64_t>(v);
    }
  }
  return values.back();
}

// C source for the tree, without recursion (see ~Node): post-order, each
// node's text built from its operands' texts.
std::string print_c(const Node& root, std::span<const std::string> c_names) {
  struct Step {
    const Node* node;
    bool operands_done;
  };
  std::vector<Step> todo{{&root, false}};
  std::vector<std::string> texts;
  while (!todo.empty()) {
    const Step step = todo.back();
    todo.pop_back();
    const Node& n = *step.node;
    if (n.kind == Node::Literal) {
      texts.push_back(fmt::format("{}LL", n.value));
    } else if (n.kind == Node::Variable) {
      texts.push_back(fmt::format("((long long)({}))", c_names[static_cast<std::size_t>(n.value)]));
    } else if (!step.operands_done) {
      todo.push_back({&n, true});
      if (n.rhs) todo.push_back({n.rhs.get(), false});
      todo.push_back({n.lhs.get(), false});
    } else if (n.kind == Node::Unary) {
      std::string& a = texts.back();
      if (n.op == '-') a = fmt::format("((long long)(0ULL - (unsigned long long){}))", a);
      else if (n.op == '~') a = fmt::format("(~{})", a);
    } else {
      std::string b = std::move(texts.back());
      texts.pop_back();
      std::string& a = texts.back();
      switch (n.op) {
        case '+':
        case '-':
        case '*':
          a = fmt::format("((long long)((unsigned long long){} {} (unsigned long long){}))", a, n.op, b);
          break;
        case '<': a = fmt::format("((long long)((unsigned long long){} << {}))", a, b); break;
        case '>': a = fmt::format("({} >> {})", a, b); break;
        default: a = fmt::format("({} {} {})", a, n.op, b); break;  // / % & | ^: as C on long long
      }
    }
  }
  return texts.back();
}

bool uses_variable(const Node& root, std::int64_t var) {
  std::vector<const Node*> todo{&root};
  while (!todo.empty()) {
    const Node* n = todo.back();
    todo.pop_back();
    if (n->kind == Node::Variable && n->value == var) return true;
    if (n->lhs) todo.push_back(n->lhs.get());
    if (n->rhs) todo.push_back(n->rhs.get());
  }
  return false;
}

}  // namespace

Expr::Expr(std::unique_ptr<Node> root, std::vector<std::string> vars, std::string flag)
    : root_(std::move(root)), vars_(std::move(vars)), flag_(std::move(flag)) {}
Expr::Expr(Expr&&) noexcept = default;
Expr& Expr::operator=(Expr&&) noexcept = default;
Expr::~Expr() = default;

std::variant<Expr, ExprError> Expr::parse(std::string_view text) {
  static constexpr std::string_view kLane[] = {"lane"};
  return parse(text, kLane, "--expr");
}

std::variant<Expr, ExprError> Expr::parse(std::string_view text, std::span<const std::string_view> vars,
                                          std::string_view flag) {
  // A chain `lane+lane+...` nests one tree level per operator: the length bounds it.
  if (text.size() > kMaxExprLength)
    return ExprError{fmt::format("{}: the expression is {} characters long; at most {}", flag, text.size(),
                                 kMaxExprLength)};
  Parser p{text, vars, flag};
  auto root = p.parse_or();
  if (root) {
    p.skip_space();
    if (p.pos != text.size()) root = p.fail("unexpected token after a complete expression");
  }
  if (!root) return *p.error;
  return Expr(std::move(root), std::vector<std::string>(vars.begin(), vars.end()), std::string(flag));
}

std::variant<std::int64_t, ExprError> Expr::eval(std::int64_t lane) const {
  return eval(std::span<const std::int64_t>(&lane, 1));
}

std::variant<std::int64_t, ExprError> Expr::eval(std::span<const std::int64_t> values) const {
  if (values.size() != vars_.size())
    return ExprError{fmt::format("{}: internal error: {} values for {} variables", flag_, values.size(), vars_.size())};
  return evaluate(*root_, Binding{vars_, values, flag_});
}

bool Expr::uses(int var) const { return uses_variable(*root_, var); }

std::string Expr::to_c(std::span<const std::string> c_names) const { return print_c(*root_, c_names); }

}  // namespace ws
