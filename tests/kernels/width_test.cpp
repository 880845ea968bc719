// Instruction widths: for every catalog kernel, the (space, op, width) set the
// tracer records must equal the set in the compiled code: the PTX of the sm_90
// build (CI: nvcc, no cuobjdump) and, where WARPSCOPE_SASS_FILE names a `cuobjdump
// -sass` dump, the SASS (LDS/STS/LDG/STG/LDSM). If they differ, fix the kernel
// or the tracer, not this test.
#include <gtest/gtest.h>

#include <cxxabi.h>

#include <cstdlib>
#include <memory>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <utility>

#include "ws/kernels/assets.hpp"
#include "ws/kernels/catalog.hpp"

namespace wk = ws::kernels;

namespace {

// "shared load 16", "shared ldmatrix.x4", ... : one string per kind of access.
using WidthSet = std::set<std::string>;

std::string kind(ws::Space s, ws::Op o, int bytes, ws::Ldmatrix l) {
  if (l != ws::Ldmatrix::None) return "shared ldmatrix.x" + std::to_string(static_cast<int>(l));
  return std::string(to_string(s)) + " " + std::string(to_string(o)) + " " + std::to_string(bytes);
}

std::string join(const WidthSet& s) {
  std::string out;
  for (const auto& x : s) out += (out.empty() ? "" : ", ") + x;
  return out;
}

// A GPU entry's mangled name -> the variant it runs: "_Z9ws_kernelIN2ws7kernels4CopyILi16ELi16EEEEv..."
// -> "ws::kernels::Copy<16, 16>" (the template argument of ws_kernel<...>), as entry_name() gives it.
std::string variant_of_entry(const std::string& mangled) {
  int status = 0;
  std::unique_ptr<char, decltype(&std::free)> d(abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status),
                                               &std::free);
  if (status != 0 || !d) return mangled;
  const std::string name = d.get();
  const std::string open = "ws_kernel<";
  const auto at = name.find(open);
  if (at == std::string::npos) return mangled;
  int depth = 1;
  std::size_t i = at + open.size();
  for (; i < name.size() && depth > 0; ++i) depth += name[i] == '<' ? 1 : name[i] == '>' ? -1 : 0;
  std::string arg = name.substr(at + open.size(), i - 1 - (at + open.size()));
  while (!arg.empty() && arg.back() == ' ') arg.pop_back();
  return arg;
}

int ptx_type_bytes(const std::string& t) {
  const int bits = std::stoi(t.substr(1));
  return bits / 8;
}

// Entry name -> widths, from PTX text.
std::map<std::string, WidthSet> ptx_widths(const std::string& text) {
  std::map<std::string, WidthSet> out;
  const std::regex entry(R"(\.entry\s+(\w+)\()");
  const std::regex access(R"(\b(ld|st)(?:\.volatile)?\.(global|shared)(?:\.nc)?(?:\.v(2|4))?\.([fubs](?:8|16|32|64))\b)");
  const std::regex ldsm(R"(\bldmatrix\.sync\.aligned\.m8n8\.x(1|2|4)\b)");
  std::istringstream in(text);
  std::string line, current;
  std::smatch m;
  while (std::getline(in, line)) {
    if (std::regex_search(line, m, entry)) current = variant_of_entry(m[1]);
    if (current.empty()) continue;
    if (std::regex_search(line, m, access)) {
      const int vec = m[3].matched ? std::stoi(m[3]) : 1;
      const auto space = m[2] == "global" ? ws::Space::Global : ws::Space::Shared;
      const auto op = m[1] == "ld" ? ws::Op::Load : ws::Op::Store;
      out[current].insert(kind(space, op, vec * ptx_type_bytes(m[4]), ws::Ldmatrix::None));
    } else if (std::regex_search(line, m, ldsm)) {
      out[current].insert(kind(ws::Space::Shared, ws::Op::Load, 16, static_cast<ws::Ldmatrix>(std::stoi(m[1]))));
    }
  }
  return out;
}

// Function name -> widths, from `cuobjdump -sass` text.
std::map<std::string, WidthSet> sass_widths(const std::string& text) {
  std::map<std::string, WidthSet> out;
  const std::regex function(R"(Function\s*:\s*(\w+))");
  const std::regex op(R"(\b(LDSM|LDS|STS|LDG|STG)((?:\.[A-Z0-9]+)*)\s)");
  std::istringstream in(text);
  std::string line, current;
  std::smatch m;
  while (std::getline(in, line)) {
    if (std::regex_search(line, m, function)) current = variant_of_entry(m[1]);
    if (current.empty() || !std::regex_search(line, m, op)) continue;
    const std::string mnemonic = m[1], mods = m[2].str() + ".";
    if (mnemonic == "LDSM") {
      const int n = mods.find(".4.") != std::string::npos ? 4 : mods.find(".2.") != std::string::npos ? 2 : 1;
      out[current].insert(kind(ws::Space::Shared, ws::Op::Load, 16, static_cast<ws::Ldmatrix>(n)));
      continue;
    }
    int bytes = 4;
    if (mods.find(".128.") != std::string::npos) bytes = 16;
    else if (mods.find(".64.") != std::string::npos) bytes = 8;
    else if (mods.find("16.") != std::string::npos) bytes = 2;  // .U16 / .S16
    else if (mods.find("8.") != std::string::npos) bytes = 1;   // .U8 / .S8
    const auto space = mnemonic[2] == 'S' ? ws::Space::Shared : ws::Space::Global;
    const auto o = mnemonic[0] == 'L' ? ws::Op::Load : ws::Op::Store;
    out[current].insert(kind(space, o, bytes, ws::Ldmatrix::None));
  }
  return out;
}

// Every compiled variant of a kernel: its defaults with each value of the
// parameters that select a variant (tile shape, TILE_WIDTH, access width,
// swizzle) that check_params accepts on sm90.
std::vector<wk::KernelParams> variants_of(const wk::KernelDescriptor& k) {
  std::vector<wk::KernelParams> out{k.defaults};
  auto vary = [&](wk::Param id, std::initializer_list<int> values) {
    if (!k.reads(id)) return;
    const auto field = wk::param_spec(id).field;
    std::vector<wk::KernelParams> more;
    for (const auto& p : out)
      for (int v : values) {
        auto q = p;
        q.*field = v;
        more.push_back(q);
      }
    out = more;
  };
  vary(&wk::KernelParams::tile, {2, 4, 8, 16, 32, 64});
  vary(&wk::KernelParams::block_rows, {1, 2, 4, 8, 16, 32});
  vary(&wk::KernelParams::bytes, {4, 8, 16});
  vary(&wk::KernelParams::swizzle, {0, 1});
  std::erase_if(out, [&](const auto& p) { return wk::check_params(k, p, ws::default_preset()).has_value(); });
  return out;
}

// Which code a width set describes: PTX keeps the source's widths where ptxas
// later merges consecutive reads into one (matmul's Mds row), SASS has the merged ones.
enum class Code : bool { Ptx, Sass };

// Entry name -> widths the tracer records (every variant the CUDA build has).
std::map<std::string, WidthSet> traced_widths(Code code) {
  std::map<std::string, WidthSet> out;
  for (const auto& k : wk::catalog())
    for (const auto& p : variants_of(k)) {
      const auto w = wk::trace_warp(k, p, ws::Dim3{0, 0, 0}, 0);
      WidthSet& s = out[wk::entry_name(k, p)];
      for (const auto& site : w.sites)
        s.insert(kind(site.space, site.op, code == Code::Ptx && site.written_bytes ? site.written_bytes : site.bytes,
                      site.ldmatrix));
    }
  return out;
}

std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

enum class Missing : bool { Fails, NotYetMeasured };

// Every traced variant must be in `compiled` with the same widths. A variant
// missing from a recording (a kernel added since the GPU last ran) is reported
// as not yet measured when `missing` allows it; a mismatch always fails.
void compare(const std::map<std::string, WidthSet>& compiled, Code code, const char* what, std::ostream* summary,
             Missing missing = Missing::Fails) {
  std::vector<std::string> unmeasured;
  for (const auto& [entry, traced] : traced_widths(code)) {
    const auto it = compiled.find(entry);
    if (it == compiled.end() && missing == Missing::NotYetMeasured) {
      unmeasured.push_back(entry);
      continue;
    }
    ASSERT_NE(it, compiled.end()) << entry << " is missing from the " << what;
    EXPECT_EQ(it->second, traced) << entry << ": " << what << " has {" << join(it->second) << "}, the tracer {"
                                  << join(traced) << "}";
    if (summary)
      *summary << entry << " => " << (it->second == traced ? "match" : "DIFFER") << "; " << what << " {"
               << join(it->second) << "}; traced {" << join(traced) << "}\n";
  }
  if (!unmeasured.empty()) {
    std::cout << unmeasured.size() << " variant(s) not yet measured on a GPU (" << what << "):";
    for (const auto& e : unmeasured) std::cout << " " << e << ";";
    std::cout << "\n";
    testing::Test::RecordProperty("not_yet_measured", static_cast<int>(unmeasured.size()));
  }
}

}  // namespace

TEST(Widths, PtxOfTheSm90BuildMatchesTheTracer) {
#ifndef WS_KERNELS_PTX
  GTEST_SKIP() << "built without nvcc: no PTX to compare";
#else
  // One .ptx per family file, '|'-separated.
  std::string ptx;
  std::istringstream files(WS_KERNELS_PTX);
  std::string file;
  while (std::getline(files, file, '|')) {
    // A binary copied to the GPU machine runs without its build folder.
    if (!std::ifstream(file)) GTEST_SKIP() << "the build's PTX is not on this machine: " << file;
    const std::string text = slurp(file);
    ASSERT_FALSE(text.empty()) << "empty PTX at " << file;
    ptx += text;
  }
  ASSERT_FALSE(ptx.empty()) << "no PTX files in WS_KERNELS_PTX";
  compare(ptx_widths(ptx), Code::Ptx, "PTX", nullptr);
#endif
}

TEST(Widths, SassMatchesTheTracer) {
  const char* path = std::getenv("WARPSCOPE_SASS_FILE");
  if (!path) GTEST_SKIP() << "set WARPSCOPE_SASS_FILE to a `cuobjdump -sass` dump (taken on the GPU machine)";
  const std::string sass = slurp(path);
  ASSERT_FALSE(sass.empty()) << "cannot read " << path;
  std::ofstream summary;
  if (const char* out = std::getenv("WARPSCOPE_SASS_REPORT")) summary.open(out);
  compare(sass_widths(sass), Code::Sass, "SASS", summary.is_open() ? &summary : nullptr);
}

TEST(Widths, ParsersReadBothFormats) {
  const auto p = ptx_widths(".visible .entry ws_x(\n ld.global.nc.v4.s32 {%r1,%r2,%r3,%r4}, [%rd1];\n"
                            " st.shared.f32 [%r5], %f1;\n ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r1}, [%r2];\n");
  EXPECT_EQ(join(p.at("ws_x")), "global load 16, shared ldmatrix.x4, shared store 4");
  const auto s = sass_widths("Function : ws_y\n /*0*/ LDG.E.128.CONSTANT R4, desc[UR4][R2.64] ;\n"
                             " /*1*/ STS.64 [R3], R4 ;\n /*2*/ LDSM.16.M88.4 R8, [R9] ;\n /*3*/ LDS.U16 R1, [R2] ;\n");
  EXPECT_EQ(join(s.at("ws_y")), "global load 16, shared ldmatrix.x4, shared load 2, shared store 8");
}

// The SASS dumps taken on the H100 and H200 are committed as summaries
// (assets/measurements/<gpu>-sass-widths.txt, one "VARIANT => match; SASS {...};
// traced {...}" line per GPU entry). In CI, without a GPU or cuobjdump, the
// tracer as built now must still record exactly the recorded SASS widths: a
// kernel edited since the last recording fails here until it is measured
// again; a kernel added since is reported as not yet measured.
std::map<std::string, WidthSet> recorded_sass_widths(const std::string& text) {
  std::map<std::string, WidthSet> out;
  const std::regex line_re(R"(^(.+?) => \w+; SASS \{([^}]*)\})");
  std::istringstream in(text);
  std::string line;
  std::smatch m;
  while (std::getline(in, line)) {
    if (!std::regex_search(line, m, line_re)) continue;
    WidthSet& s = out[m[1]];
    std::istringstream items(m[2].str());
    std::string item;
    while (std::getline(items, item, ',')) {
      const auto first = item.find_first_not_of(' ');
      if (first != std::string::npos) s.insert(item.substr(first));
    }
  }
  return out;
}

TEST(Widths, RecordedSassMatchesTheTracer) {
  for (const char* gpu : {"h100", "h200"}) {
    SCOPED_TRACE(gpu);
    const std::string text = slurp(wk::find_data_file(std::string("assets/measurements/") + gpu + "-sass-widths.txt"));
    ASSERT_FALSE(text.empty()) << "no recorded SASS widths for " << gpu;
    const auto recorded = recorded_sass_widths(text);
    ASSERT_FALSE(recorded.empty());
    compare(recorded, Code::Sass, "recorded SASS", nullptr, Missing::NotYetMeasured);
  }
}

TEST(Widths, RecordedSassSummaryIsParsed) {
  const auto r = recorded_sass_widths(
      "ws::kernels::A<16, 2> => match; SASS {global load 16, shared ldmatrix.x4}; traced {global load 16, shared ldmatrix.x4}\n"
      "noise line\n");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(join(r.at("ws::kernels::A<16, 2>")), "global load 16, shared ldmatrix.x4");
}
