// A student's .cu file as text: which __global__ function is the entry, its
// parameters' names, and the translation unit the host compiler gets. Two
// rewrites, each on the line it replaces so that every line keeps its number:
// `extern __shared__ T name[];` becomes a pointer to the launch's dynamic shared
// memory, and a launch's <<<...>>> is blanked (host code is compiled, never run).
#include <fmt/format.h>

#include <cctype>
#include <fstream>
#include <regex>
#include <sstream>

#include "ws/kernels/student.hpp"

namespace ws::kernels {
namespace {

// The text with comments, string and character literals replaced by spaces
// (newlines kept), so that scanning for keywords sees only code.
std::string code_only(const std::string& s) {
  std::string out = s;
  enum { Code, Line, Block, Str, Chr } st = Code;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i], n = i + 1 < s.size() ? s[i + 1] : '\0';
    switch (st) {
      case Code:
        if (c == '/' && n == '/') st = Line;
        else if (c == '/' && n == '*') st = Block;
        else if (c == '"') st = Str;
        else if (c == '\'') st = Chr;
        else continue;
        out[i] = ' ';
        continue;
      case Line:
        if (c == '\n') st = Code;
        else out[i] = ' ';
        continue;
      case Block:
        if (c == '*' && n == '/') {
          out[i] = out[i + 1] = ' ';
          ++i;
          st = Code;
        } else if (c != '\n') out[i] = ' ';
        continue;
      case Str:
      case Chr:
        if (c == '\\' && n) {
          out[i] = ' ';
          if (n != '\n') out[i + 1] = ' ';
          ++i;
        } else {
          if ((st == Str && c == '"') || (st == Chr && c == '\'')) st = Code;
          if (c != '\n') out[i] = ' ';
        }
        continue;
    }
  }
  return out;
}

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

int line_of(const std::string& s, std::size_t pos) {
  return 1 + static_cast<int>(std::count(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(pos), '\n'));
}

std::size_t matching(const std::string& code, std::size_t open, char o, char c) {
  int depth = 0;
  for (std::size_t i = open; i < code.size(); ++i) {
    if (code[i] == o) ++depth;
    else if (code[i] == c && --depth == 0) return i;
  }
  return std::string::npos;
}

struct GlobalFunction {
  std::string name;
  std::size_t params_open = 0, params_close = 0;
  int line = 0;
  bool is_template = false;
};

// Every `__global__ ... name(params)` of the file.
std::vector<GlobalFunction> global_functions(const std::string& code) {
  std::vector<GlobalFunction> out;
  static const std::string kw = "__global__";
  for (std::size_t at = code.find(kw); at != std::string::npos; at = code.find(kw, at + kw.size())) {
    if ((at > 0 && ident_char(code[at - 1])) || ident_char(code[at + kw.size()])) continue;
    GlobalFunction f;
    f.line = line_of(code, at);
    // The name: the last identifier before the first '(' that is not an attribute's.
    std::size_t i = at + kw.size();
    std::string last;
    while (i < code.size()) {
      if (ident_char(code[i])) {
        const std::size_t b = i;
        while (i < code.size() && ident_char(code[i])) ++i;
        last = code.substr(b, i - b);
        continue;
      }
      if (code[i] == '(') {
        if (last == "__launch_bounds__" || last == "__align__" || last == "__attribute__" || last == "alignas") {
          i = matching(code, i, '(', ')');
          if (i == std::string::npos) break;
          ++i;
          continue;
        }
        break;
      }
      if (code[i] == ';' || code[i] == '{') break;
      ++i;
    }
    if (i >= code.size() || code[i] != '(' || last.empty()) continue;
    f.name = last;
    f.params_open = i;
    f.params_close = matching(code, i, '(', ')');
    if (f.params_close == std::string::npos) continue;
    // A template: `template <...>` right before __global__ (through its own '>').
    std::size_t j = at;
    while (j > 0 && std::isspace(static_cast<unsigned char>(code[j - 1]))) --j;
    if (j > 0 && code[j - 1] == '>') {
      int depth = 0;
      std::size_t k = j;
      while (k > 0) {
        --k;
        if (code[k] == '>') ++depth;
        else if (code[k] == '<' && --depth == 0) break;
      }
      std::size_t e = k;
      while (e > 0 && std::isspace(static_cast<unsigned char>(code[e - 1]))) --e;
      f.is_template = e >= 8 && code.compare(e - 8, 8, "template") == 0;
    }
    out.push_back(std::move(f));
  }
  return out;
}

// The names of a parameter list: the last identifier of each, defaults and [] aside.
std::vector<std::string> parameter_names(const std::string& list) {
  std::vector<std::string> parts;
  int depth = 0;
  std::string cur;
  for (char c : list) {
    if (c == '(' || c == '<' || c == '[') ++depth;
    if (c == ')' || c == '>' || c == ']') --depth;
    if (c == ',' && depth == 0) {
      parts.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  parts.push_back(cur);
  std::vector<std::string> names;
  for (std::string p : parts) {
    if (const auto eq = p.find('='); eq != std::string::npos) p.resize(eq);
    if (const auto br = p.find('['); br != std::string::npos) p.resize(br);
    std::string name;
    for (std::size_t i = 0; i < p.size();) {
      if (ident_char(p[i])) {
        const std::size_t b = i;
        while (i < p.size() && ident_char(p[i])) ++i;
        name = p.substr(b, i - b);
      } else {
        ++i;
      }
    }
    if (!name.empty() && !(parts.size() == 1 && name == "void")) names.push_back(name);
  }
  return names;
}

// Replaces [b, e) of `text` by `with`, padded with the newlines the span had.
void replace_keeping_lines(std::string& text, std::string& code, std::size_t b, std::size_t e, std::string with) {
  const auto newlines = std::count(text.begin() + static_cast<std::ptrdiff_t>(b),
                                   text.begin() + static_cast<std::ptrdiff_t>(e), '\n');
  with.append(static_cast<std::size_t>(newlines), '\n');
  text.replace(b, e - b, with);
  code.replace(b, e - b, with);
}

}  // namespace

std::variant<StudentSource, std::string> read_student_source(const std::filesystem::path& path,
                                                             std::string_view entry) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::exists(path, ec)) return fmt::format("{}: no such file", path.string());
  if (fs::is_directory(path, ec)) return fmt::format("{}: is a folder, not a .cu file", path.string());
  const auto size = fs::file_size(path, ec);
  if (ec) return fmt::format("{}: cannot read it ({})", path.string(), ec.message());
  if (size > kMaxStudentFileBytes)
    return fmt::format("{}: {} bytes, over the {} KiB a kernel file may have", path.string(), size,
                       kMaxStudentFileBytes / 1024);
  std::ifstream in(path, std::ios::binary);
  if (!in) return fmt::format("{}: cannot read it", path.string());
  std::stringstream buf;
  buf << in.rdbuf();
  StudentSource src;
  src.path = fs::absolute(path, ec).lexically_normal();
  src.text = buf.str();
  if (src.text.find('\0') != std::string::npos) return fmt::format("{}: holds a NUL byte: not a source file", path.string());

  std::string code = code_only(src.text);
  const std::vector<GlobalFunction> fns = global_functions(code);
  for (const GlobalFunction& f : fns) src.kernels.push_back(f.name);
  const std::string names = fmt::format("{}", fmt::join(src.kernels, ", "));
  if (fns.empty()) return fmt::format("{}: has no __global__ function", path.string());
  const std::string wanted(entry.substr(0, entry.find('<')));
  const GlobalFunction* chosen = nullptr;
  if (wanted.empty()) {
    std::vector<std::string> distinct = src.kernels;
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    if (distinct.size() > 1)
      return fmt::format("{}: has {} __global__ functions ({}): name one with --entry", path.string(), distinct.size(),
                         names);
    chosen = &fns.front();
  } else {
    for (const GlobalFunction& f : fns)
      if (f.name == wanted) chosen = &f;
    if (!chosen) return fmt::format("--entry: {} has no __global__ function '{}' (it has: {})", path.string(), wanted, names);
  }
  src.entry = wanted.empty() ? chosen->name : std::string(entry);
  src.entry_line = chosen->line;
  if (chosen->is_template && src.entry.find('<') == std::string::npos)
    return fmt::format("--entry: {} is a template: give its arguments, e.g. --entry '{}<256>'", chosen->name,
                       chosen->name);
  src.param_names = parameter_names(code.substr(chosen->params_open + 1, chosen->params_close - chosen->params_open - 1));

  // extern __shared__ T name[];  ->  T* const name = <the launch's dynamic shared memory>;
  std::string text = src.text;
  static const std::regex extern_shared(
      R"(extern\s+__shared__\s+((?:[A-Za-z_]\w*(?:\s*\(\s*\d+\s*\))?[\s\*]*?)+?)\s*\b([A-Za-z_]\w*)\s*\[\s*\]\s*;)");
  for (std::smatch m; std::regex_search(code, m, extern_shared);) {
    std::string type = m[1].str();
    type = std::regex_replace(type, std::regex(R"(__align__\s*\(\s*\d+\s*\)|alignas\s*\(\s*\d+\s*\))"), " ");
    const std::string with = fmt::format("{0}* const {1} = ws_rt_extern_shared<{0}>();", type, m[2].str());
    if (std::find(src.extern_shared.begin(), src.extern_shared.end(), m[2].str()) == src.extern_shared.end())
      src.extern_shared.push_back(m[2].str());
    const auto b = static_cast<std::size_t>(m.position(0));
    replace_keeping_lines(text, code, b, b + static_cast<std::size_t>(m.length(0)), with);
  }
  // kernel<<<grid, block>>>(args): the call stays, the launch configuration goes.
  for (std::size_t at = code.find("<<<"); at != std::string::npos; at = code.find("<<<", at)) {
    const std::size_t end = code.find(">>>", at);
    if (end == std::string::npos) break;
    for (std::size_t i = at; i < end + 3; ++i)
      if (text[i] != '\n') text[i] = code[i] = ' ';
  }
  // A launch written in the file: "// launch: --grid 256 --block 256 --arg n=65536".
  {
    std::stringstream lines(src.text);
    std::string l;
    for (int n = 0; n < 30 && std::getline(lines, l); ++n) {
      const auto at = l.find("// launch:");
      if (at == std::string::npos) continue;
      std::stringstream words(l.substr(at + 10));
      for (std::string w; words >> w;) src.launch_words.push_back(w);
      break;
    }
  }
  std::string quoted = src.path.string();
  for (std::size_t i = 0; i < quoted.size(); ++i)
    if (quoted[i] == '\\' || quoted[i] == '"') quoted.insert(i++, 1, '\\');
  src.translation_unit = fmt::format(
      "#line 1 \"{}\"\n{}\n#line 1 \"<warpscope entry>\"\n"
      "extern \"C\" const ws_rt_entry ws_rt_entry_info = ws_rt_launch<&{}>::describe();\n",
      quoted, text, src.entry);
  return src;
}

std::optional<Dim3> parse_dim3(std::string_view text) {
  Dim3 d;
  int* parts[3] = {&d.x, &d.y, &d.z};
  std::stringstream in{std::string(text)};
  int n = 0;
  for (std::string p; std::getline(in, p, 'x'); ++n) {
    if (n == 3 || p.empty() || p.size() > 9 || p.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
    *parts[n] = std::stoi(p);
    if (*parts[n] < 1) return std::nullopt;
  }
  if (n == 0 || text.back() == 'x') return std::nullopt;
  return d;
}

std::variant<StudentLaunch, std::string> launch_from_words(const std::vector<std::string>& words) {
  StudentLaunch l;
  bool grid = false, block = false;
  auto dim = [](const std::string& t, Dim3& d) {
    const auto parsed = parse_dim3(t);
    if (parsed) d = *parsed;
    return parsed.has_value();
  };
  for (std::size_t i = 0; i < words.size(); i += 2) {
    const std::string& flag = words[i];
    if (i + 1 >= words.size()) return fmt::format("launch line: {} has no value", flag);
    const std::string& v = words[i + 1];
    const auto eq = v.find('=');
    if (flag == "--grid") {
      if (!(grid = dim(v, l.grid))) return fmt::format("launch line: --grid '{}' is not X, XxY or XxYxZ", v);
    } else if (flag == "--block") {
      if (!(block = dim(v, l.block))) return fmt::format("launch line: --block '{}' is not X, XxY or XxYxZ", v);
    } else if (flag == "--arg") {
      if (eq == std::string::npos || eq == 0) return fmt::format("launch line: --arg '{}' is not NAME=VALUE", v);
      l.args.emplace_back(v.substr(0, eq), v.substr(eq + 1));
    } else if (flag == "--size") {
      char* end = nullptr;
      const long long n = eq == std::string::npos ? 0 : std::strtoll(v.c_str() + eq + 1, &end, 10);
      if (eq == std::string::npos || eq == 0 || *end || n < 1)
        return fmt::format("launch line: --size '{}' is not NAME=ELEMENTS", v);
      l.sizes.emplace_back(v.substr(0, eq), n);
    } else if (flag == "--dynamic-smem") {
      if (v.empty() || v.size() > 7 || v.find_first_not_of("0123456789") != std::string::npos)
        return fmt::format("launch line: --dynamic-smem '{}' is not a number of bytes", v);
      l.dynamic_shared_bytes = std::stoi(v);
    } else {
      return fmt::format("launch line: '{}' is not --grid, --block, --arg, --size or --dynamic-smem", flag);
    }
  }
  if (!grid || !block) return std::string("launch line: it needs --grid and --block");
  return l;
}

}  // namespace ws::kernels
