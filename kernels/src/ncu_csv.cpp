// Nsight Compute's CSV exports (ws/kernels/ncu_csv.hpp)
//   split_ncu_csv_line()   one record, ncu's quoting
//   SourcePageReader       --page source --print-source cuda,sass
//   read_metrics_*()       --page raw (a row per launch) and details (a row per metric)
//   parse_ncu_csv()        which kind, by the first record
#include "ws/kernels/ncu_csv.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cxxabi.h>
#include <cstring>
#include <optional>
#include <set>
#include <tuple>

#include "ws/kernels/input_file.hpp"

namespace ws::kernels {

std::vector<std::string> split_ncu_csv_line(std::string_view line) {
  std::vector<std::string> fields;
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (line.empty() || line.front() != '"') return fields;
  std::size_t i = 0;
  while (i < line.size() && line[i] == '"') {
    std::size_t j = i + 1;
    std::string field;
    // The closing quote: followed by `,"`, by a final `,`, or by the end of the line.
    for (;; ++j) {
      if (j >= line.size()) break;
      if (line[j] != '"') continue;
      if (j + 1 == line.size()) break;
      if (line[j + 1] == ',' && (j + 2 == line.size() || line[j + 2] == '"')) break;
      if (line[j + 1] == '"') {  // an escaped quote ("") where a writer did escape
        ++j;
        continue;
      }
    }
    // Undo RFC 4180 doubling where present, in one pass: a field of a million
    // doubled quotes erased one pair at a time took minutes.
    const std::string_view raw = line.substr(i + 1, std::min(j, line.size()) - i - 1);
    field.reserve(raw.size());
    for (std::size_t q = 0; q < raw.size(); ++q) {
      field += raw[q];
      if (raw[q] == '"' && q + 1 < raw.size() && raw[q + 1] == '"') ++q;
    }
    fields.push_back(std::move(field));
    i = j + 2;  // past the quote and the comma
  }
  return fields;
}

bool ncu_name_matches_entry(std::string_view ncu_name, std::string_view entry) {
  // ncu --print-kernel-base mangled: demangle first ("_Z9ws_kernelIN2ws7kernels4CopyILi16ELi16EEEEv...").
  std::string demangled;
  if (ncu_name.starts_with("_Z")) {
    int status = 0;
    char* d = abi::__cxa_demangle(std::string(ncu_name).c_str(), nullptr, nullptr, &status);
    if (status == 0 && d) demangled = d;
    std::free(d);
    if (!demangled.empty()) ncu_name = demangled;
  }
  auto normal = [](std::string_view s) {
    std::string out;
    for (char c : s)
      if (c != ' ') out += c;
    for (const char* drop : {"(int)", "ws::kernels::"})
      for (std::size_t p = out.find(drop); p != std::string::npos; p = out.find(drop)) out.erase(p, std::strlen(drop));
    return out;
  };
  const std::string name = normal(ncu_name), want = "ws_kernel<" + normal(entry) + ">";
  // The entry's own '>' closes ws_kernel's list, so one variant is never a prefix of another.
  if (name.find(want) != std::string::npos) return true;
  // An extern "C" entry (a student's NVRTC-compiled variant: ws_variant) is the function itself.
  const std::string function = normal(entry);
  return name == function || name.starts_with(function + "(");
}

namespace {

// "65,536" -> 65536; "-" and "n/a" -> nothing; anything else that is not a finite number ("nan", "inf",
// "1e999", "x1") -> nothing, with bad set.
std::optional<double> number(std::string_view text, bool& bad) {
  std::string digits;
  for (char c : text)
    if (c != ',') digits += c;
  if (digits.empty() || digits == "-" || digits == "n/a") return std::nullopt;
  double v = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (ec != std::errc() || end != digits.data() + digits.size() || !std::isfinite(v)) {
    bad = true;
    return std::nullopt;
  }
  return v;
}

// The largest count reconcile takes: 2^53, the last integer every double holds
// (the rows compare counts as doubles); one launch's counters are far below it.
constexpr double kMaxCount = 9007199254740992.0;

// A counter ncu counted: "65,536" -> 65536, "-" and "n/a" (nothing counted) -> 0. Anything else
// ("-5", "524288.5", "1e30", "nan") is no count: nullopt.
std::optional<std::uint64_t> count_value(std::string_view text) {
  bool bad = false;
  const auto v = number(text, bad);
  if (bad) return std::nullopt;
  if (!v) return 0;
  if (*v < 0 || *v > kMaxCount || *v != std::floor(*v)) return std::nullopt;
  return static_cast<std::uint64_t>(*v);
}

std::string not_a_count(std::string_view column, std::string_view value) {
  return fmt::format("\"{}\" is '{}', not a count (a whole number from 0 to 2^53)", printable(column),
                     printable(value, 60));
}

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> out;
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    out.push_back(text.substr(0, nl));
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return out;
}

Error fail(std::string_view what, std::size_t line_no, const std::string& why) {
  return Error{line_no ? fmt::format("{}, line {}: {}", printable(what), line_no, why)
                       : fmt::format("{}: {}", printable(what), why)};
}

// A header naming one column twice: one copy would silently win. `allowed`
// may appear more than once (the Source page's "Source": CUDA text, SASS text).
std::optional<std::string> duplicated_column(const std::vector<std::string>& header, std::string_view allowed = {}) {
  std::set<std::string_view> seen;
  for (const std::string& c : header)
    if (c != allowed && !seen.insert(c).second) return fmt::format("the header names \"{}\" twice", printable(c));
  return std::nullopt;
}

// ---- Source page ----

constexpr const char* kSourceColumns[] = {"Address",
                                          "Instructions Executed",
                                          "Thread Instructions Executed",
                                          "Address Space",
                                          "Access Operation",
                                          "Access Size",
                                          "L1 Tag Requests Global",
                                          "L1 Wavefronts Shared",
                                          "L1 Wavefronts Shared Ideal",
                                          "L2 Theoretical Sectors Global",
                                          "L2 Theoretical Sectors Global Ideal"};

// ncu leaves these out of a kernel with no shared-memory instruction.
bool is_shared_column(std::string_view c) { return c.starts_with("L1 Wavefronts Shared"); }

struct SourcePageReader {
  std::string_view what;
  std::vector<NcuSourceLaunch> launches;
  std::set<std::string> files_in_launch;  // of the launch being read
  std::set<std::string> addresses;        // SASS rows already counted in this block (ncu prints each twice)
  // Where each (file, line, space, op) of the launch being read sits in its
  // lines: a 350 000-line page searched the list for every SASS row (issue 37).
  std::map<std::tuple<std::string, int, Space, Op>, std::size_t> line_index;
  std::size_t sass_in_launch = 0;  // memory instructions counted in the launch being read
  std::string file, function;
  std::vector<std::string> header;
  std::map<std::string, std::size_t> column;
  std::optional<std::size_t> sass_text;  // the SASS "Source" column, where the page has one
  int line = 0;

  std::optional<Error> block(const std::string& path_or_function, bool is_path, std::size_t n) {
    if (is_path) {
      file = path_or_function;
      function.clear();
      header.clear();
      return std::nullopt;
    }
    if (file.empty()) return fail(what, n, "\"Function Name\" without a \"File Path\" before it");
    function = path_or_function;
    // A launch's files come one after another; its function again with a file
    // it already showed is the next launch.
    if (launches.empty() || launches.back().function != function || files_in_launch.contains(file)) {
      launches.push_back({function, {}});
      files_in_launch.clear();
      line_index.clear();
      sass_in_launch = 0;
    }
    files_in_launch.insert(file);
    addresses.clear();
    line = 0;
    return std::nullopt;
  }

  std::optional<Error> header_row(std::vector<std::string> fields, std::size_t n) {
    if (function.empty()) return fail(what, n, "a \"Line No\" header before any \"Function Name\"");
    if (auto twice = duplicated_column(fields, "Source")) return fail(what, n, *twice);
    header = std::move(fields);
    column.clear();
    // "Source" appears twice (CUDA text, SASS text); the names we read are unique.
    for (std::size_t i = 0; i < header.size(); ++i) column.emplace(header[i], i);
    // The SASS text: the second "Source" column (the first is the CUDA line's).
    sass_text.reset();
    for (std::size_t i = 0, seen = 0; i < header.size(); ++i)
      if (header[i] == "Source" && ++seen == 2) sass_text = i;
    for (const char* c : kSourceColumns)
      if (!column.contains(c) && !is_shared_column(c))
        return fail(what, n,
                    fmt::format("the Source page has no \"{}\" column: export it with --page source --csv "
                                "--print-source cuda,sass from a report profiled with --section SourceCounters",
                                c));
    return std::nullopt;
  }

  std::optional<Error> row(const std::vector<std::string>& f, std::size_t n) {
    if (header.empty()) return fail(what, n, "a row before the \"Line No\" header");
    if (f.size() != header.size())
      return fail(what, n, fmt::format("{} fields where the header has {}", f.size(), header.size()));
    if (!f[0].empty()) {  // a CUDA line
      bool bad = false;
      const auto v = number(f[0], bad);
      if (!v || bad || *v < 1 || *v > 1e7 || *v != std::floor(*v))
        return fail(what, n, fmt::format("\"Line No\" is '{}', not a line number", printable(f[0], 60)));
      line = static_cast<int>(*v);
      return std::nullopt;
    }
    const std::string& address = f[column.at("Address")];
    if (address == "..." || address == "-" || address.empty()) return std::nullopt;
    if (!addresses.insert(address).second) return std::nullopt;  // printed twice
    const std::string& space = f[column.at("Address Space")];
    if (space != "Shared" && space != "Global") return std::nullopt;  // not a memory instruction we count
    if (line == 0) return fail(what, n, "a SASS row before any CUDA line: was the binary built with -lineinfo?");
    const std::string& op_text = f[column.at("Access Operation")];
    if (op_text != "Load" && op_text != "Store")
      return fail(what, n, fmt::format("\"Access Operation\" is '{}', not Load or Store", printable(op_text, 60)));
    const Space sp = space == "Shared" ? Space::Shared : Space::Global;
    const Op op = op_text == "Load" ? Op::Load : Op::Store;
    NcuSourceLaunch& launch = launches.back();
    const auto [at, added] = line_index.try_emplace({file, line, sp, op}, launch.lines.size());
    if (added && launch.lines.size() == kMaxNcuSourceLines)
      return fail(what, n,
                  fmt::format("more than {} source lines with memory instructions in one launch (a catalog kernel "
                              "has a few dozen): is this the Source page of one kernel (filter with -k)?",
                              kMaxNcuSourceLines));
    if (++sass_in_launch > kMaxNcuSassInstructions)
      return fail(what, n,
                  fmt::format("more than {} memory instructions in one launch (a catalog kernel has a few hundred): "
                              "is this the Source page of one kernel (filter with -k)?",
                              kMaxNcuSassInstructions));
    if (added) launch.lines.push_back({.file = file, .line = line, .space = sp, .op = op});
    NcuLineCounters* it = &launch.lines[at->second];
    std::optional<std::string> bad;  // the first counter that is not a count
    auto count = [&](const char* name) -> std::uint64_t {
      const std::string& text = f[column.at(name)];
      const auto v = count_value(text);
      if (!v && !bad) bad = not_a_count(name, text);
      return v.value_or(0);
    };
    NcuSassCounters one{.address = address};
    one.instructions = count("Instructions Executed");
    // The SASS text: the second "Source" column (the first is the CUDA line's).
    if (sass_text && f[*sass_text].find("LDSM") != std::string::npos) one.ldmatrix_instructions = one.instructions;
    one.requests = count("L1 Tag Requests Global");
    if (sp == Space::Shared) {
      for (const char* c : {"L1 Wavefronts Shared", "L1 Wavefronts Shared Ideal"})
        if (!column.contains(c))
          return fail(what, n, fmt::format("a shared instruction, but the Source page has no \"{}\" column", c));
      one.wavefronts = count("L1 Wavefronts Shared");
      one.ideal_wavefronts = count("L1 Wavefronts Shared Ideal");
    }
    one.sectors = count("L2 Theoretical Sectors Global");
    one.ideal_sectors = count("L2 Theoretical Sectors Global Ideal");
    it->instructions += one.instructions;
    it->ldmatrix_instructions += one.ldmatrix_instructions;
    it->thread_instructions += count("Thread Instructions Executed");
    it->requests += one.requests;
    it->wavefronts += one.wavefronts;
    it->ideal_wavefronts += one.ideal_wavefronts;
    it->sectors += one.sectors;
    it->ideal_sectors += one.ideal_sectors;
    // The bits one lane accesses: 8 to 128 ("-" where ncu has none).
    const std::uint64_t bits = count("Access Size");
    if (!bad && bits != 0 && (bits < 8 || bits > 128 || (bits & (bits - 1)) != 0))
      bad = fmt::format("\"Access Size\" is '{}', not 8, 16, 32, 64 or 128 bits",
                        printable(f[column.at("Access Size")], 60));
    if (bad) return fail(what, n, *bad);
    it->access_bits = std::max(it->access_bits, static_cast<int>(bits));
    it->sass_instructions += 1;
    it->sass.push_back(std::move(one));
    return std::nullopt;
  }
};

Result<NcuExport> read_source_page(const std::vector<std::string_view>& lines, std::string_view what) {
  SourcePageReader r{what};
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::size_t n = i + 1;
    std::vector<std::string> f = split_ncu_csv_line(lines[i]);
    if (f.empty()) continue;
    std::optional<Error> e;
    if (f[0] == "File Path" || f[0] == "Function Name") {
      if (f.size() < 2 || f[1].empty()) return fail(what, n, fmt::format("\"{}\" without a value", f[0]));
      e = r.block(f[1], f[0] == "File Path", n);
    } else if (f[0] == "Line No") {
      e = r.header_row(std::move(f), n);
    } else if (f[0] == "Kernel Name") {
      return fail(what, n,
                  "this Source page has no CUDA lines (--print-source sass): export it with --print-source cuda,sass "
                  "from a binary built with -lineinfo");
    } else {
      e = r.row(f, n);
    }
    if (e) return *e;
  }
  if (r.launches.empty()) return fail(what, 0, "no launch on this Source page");
  if (std::all_of(r.launches.begin(), r.launches.end(), [](const auto& l) { return l.lines.empty(); }))
    return fail(what, 0,
                "no shared or global memory instruction on this Source page (profiled with --section "
                "SourceCounters?)");
  return NcuExport{std::move(r.launches), {}};
}

// ---- kernel-wide metrics ----

bool is_metric_name(std::string_view s) {
  return s.find("__") != std::string_view::npos && s.find(' ') == std::string_view::npos;
}

// The counters reconcile reads must be numbers; other metrics (device__attribute_... "No-CC") may be text.
bool must_be_number(std::string_view s) { return s.starts_with("l1tex__") || s.starts_with("smsp__"); }
// Sums of counters are counts (whole, not negative); averages and percentages are any finite number.
bool must_be_count(std::string_view s) { return must_be_number(s) && s.ends_with(".sum"); }

// One metric's value into `m`, or why the value is refused.
std::optional<std::string> add_metric(std::map<std::string, double>& m, const std::string& name,
                                      const std::string& value) {
  if (m.contains(name)) return fmt::format("{} is given twice for one launch", printable(name));
  if (must_be_count(name)) {
    const auto v = count_value(value);
    if (!v) return not_a_count(name, value);
    if (value != "-" && value != "n/a" && !value.empty()) m[name] = double(*v);
    return std::nullopt;
  }
  bool bad = false;
  if (const auto v = number(value, bad)) m[name] = *v;  // text values of other metrics are left out
  if (bad && must_be_number(name))
    return fmt::format("{} is '{}', not a number", printable(name), printable(value, 60));
  return std::nullopt;
}

Result<NcuExport> read_metrics_table(const std::vector<std::string_view>& lines, std::size_t header_at,
                                     std::string_view what) {
  const std::vector<std::string> header = split_ncu_csv_line(lines[header_at]);
  if (auto twice = duplicated_column(header)) return fail(what, header_at + 1, *twice);
  auto find = [&](std::string_view name) -> std::optional<std::size_t> {
    const auto it = std::find(header.begin(), header.end(), name);
    return it == header.end() ? std::nullopt : std::optional(std::size_t(it - header.begin()));
  };
  const auto kernel = find("Kernel Name");
  if (!kernel) return fail(what, header_at + 1, "the metrics header has no \"Kernel Name\" column");
  const auto block = find("Block Size"), grid = find("Grid Size");
  const auto metric_name = find("Metric Name"), metric_value = find("Metric Value");
  const bool per_metric = metric_name && metric_value;  // the details page
  std::vector<std::size_t> metric_columns;
  if (!per_metric)
    for (std::size_t i = 0; i < header.size(); ++i)
      if (is_metric_name(header[i])) metric_columns.push_back(i);
  if (!per_metric && metric_columns.empty())
    return fail(what, header_at + 1,
                "the header names no metric (l1tex__..., smsp__...) and has no \"Metric Name\" column: export with "
                "--metrics (warpscope reconcile --print-ncu-command prints the command)");
  NcuExport out;
  const auto id = find("ID");
  std::string last_id;
  for (std::size_t i = header_at + 1; i < lines.size(); ++i) {
    const std::size_t n = i + 1;
    const std::vector<std::string> f = split_ncu_csv_line(lines[i]);
    if (f.empty()) continue;
    // The details page leaves a row's empty trailing fields out; no row has more than the header.
    if (f.size() > header.size() || (f.size() < header.size() && !(per_metric && f.size() >= *metric_value + 1)))
      return fail(what, n, fmt::format("{} fields where the header has {}", f.size(), header.size()));
    if (f[*kernel].empty()) continue;  // the raw page's units row
    const std::string launch_id = id ? f[*id] : std::to_string(i);
    if (!per_metric || out.kernels.empty() || launch_id != last_id) {
      out.kernels.push_back({f[*kernel], block ? f[*block] : "", grid ? f[*grid] : "", {}});
      last_id = launch_id;
    }
    auto& m = out.kernels.back().metrics;
    if (per_metric) {
      if (is_metric_name(f[*metric_name]))
        if (auto refused = add_metric(m, f[*metric_name], f[*metric_value])) return fail(what, n, *refused);
    } else {
      for (std::size_t c : metric_columns)
        if (auto refused = add_metric(m, header[c], f[c])) return fail(what, n, *refused);
    }
  }
  if (out.kernels.empty()) return fail(what, 0, "the metrics table has a header but no launch");
  return out;
}

}  // namespace

Result<NcuExport> parse_ncu_csv(std::string_view text, std::string_view what) {
  if (text.size() > kMaxNcuCsvBytes)
    return fail(what, 0, fmt::format("{} MB, more than the {} MB an ncu export of one kernel needs (filter with -k)",
                                     text.size() >> 20, kMaxNcuCsvBytes >> 20));
  const std::vector<std::string_view> lines = lines_of(text);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::vector<std::string> f = split_ncu_csv_line(lines[i]);
    if (f.empty()) continue;  // the program's output and ==PROF== lines before the table
    if (f[0] == "File Path" || f[0] == "Kernel Name") return read_source_page(lines, what);
    if (f[0] == "ID") return read_metrics_table(lines, i, what);
    return fail(what, i + 1,
                fmt::format("'{}' starts neither a Source page (\"File Path\") nor a metrics table (\"ID\"): is this "
                            "an ncu --csv export?",
                            printable(f[0], 40)));
  }
  return fail(what, 0, text.empty() ? "the file is empty" : "no CSV row (is this an ncu --csv export?)");
}

Result<NcuExport> read_ncu_csv(const std::string& path) {
  auto text = read_input_file(path, kMaxNcuCsvBytes, [](std::uintmax_t bytes) {
    return fmt::format("{} MB, more than the {} MB an ncu export of one kernel needs (filter with -k)", bytes >> 20,
                       kMaxNcuCsvBytes >> 20);
  });
  if (!text) return Error{fmt::format("{}: {}", printable(path), text.error().message)};
  return parse_ncu_csv(*text, path);
}

Result<NcuExport> read_ncu_csvs(const std::vector<std::string>& paths) {
  NcuExport all;
  for (const std::string& p : paths) {
    auto one = read_ncu_csv(p);
    if (!one) return one.error();
    for (auto& s : one->source) all.source.push_back(std::move(s));
    for (auto& k : one->kernels) all.kernels.push_back(std::move(k));
  }
  return all;
}

}  // namespace ws::kernels
