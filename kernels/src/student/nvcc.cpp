// nvcc and nvdisasm on a student's file (nvcc.hpp). Neither needs a GPU: where
// the toolkit's nvdisasm is installed, the SASS tells which of the source's
// accesses the compiler merged, widened or kept in registers.
#include "nvcc.hpp"

#include <cxxabi.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <regex>
#include <sstream>

#include "process.hpp"

#ifndef WS_NVCC_PATH
#define WS_NVCC_PATH ""
#endif

namespace ws::kernels::student {
namespace fs = std::filesystem;

namespace {

std::optional<std::string> nvcc_program() {
  const char* chosen = std::getenv("CUDACXX");
  return find_program({chosen ? chosen : "", WS_NVCC_PATH, "nvcc", "/usr/local/cuda/bin/nvcc"});
}

std::string demangle(const std::string& mangled) {
  int status = 0;
  char* d = abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status);
  std::string name = status == 0 && d ? d : mangled;
  std::free(d);
  return name;
}

}  // namespace

bool names_entry(std::string demangled, const std::string& entry) {
  if (demangled.rfind("void ", 0) == 0) demangled.erase(0, 5);
  auto squeeze = [](std::string s) {
    s.erase(std::remove(s.begin(), s.end(), ' '), s.end());
    return s;
  };
  return squeeze(demangled).rfind(squeeze(entry) + "(", 0) == 0 || squeeze(demangled) == squeeze(entry);
}

std::variant<fs::path, std::string> nvcc_cubin(const StudentSource& src, int cc) {
  const auto nvcc = nvcc_program();
  if (!nvcc) return std::string("nvcc not found (CUDACXX names it)");
  const std::string arch = fmt::format("sm_{}", cc);
  const fs::path dir = kernel_cache_dir();
  std::error_code ec;
  fs::create_directories(dir, ec);
  const fs::path cubin =
      dir / fmt::format("{:016x}.{}.cubin", content_hash({src.text, arch, *nvcc, src.path.string()}), arch);
  if (fs::exists(cubin, ec)) return cubin;
  const fs::path tmp = cubin.string() + fmt::format(".{}", ::getpid());
  const ProcessResult r = run_process(
      {*nvcc, "-cubin", "-arch=" + arch, "-lineinfo", "-std=c++17", "-o", tmp.string(), src.path.string()},
      std::chrono::seconds(300));
  if (r.exit_code != 0) {
    fs::remove(tmp, ec);
    return fmt::format("nvcc could not compile {}:\n{}", src.path.string(), r.output.substr(0, 3000));
  }
  fs::rename(tmp, cubin, ec);
  return cubin;
}

SassListing sass_listing(const StudentSource& src) {
  const auto nvcc = nvcc_program();
  if (!nvcc) return {"", "no nvcc here"};
  // nvdisasm sits beside nvcc in the toolkit.
  const auto nvdisasm = find_program({(fs::path(*nvcc).parent_path() / "nvdisasm").string(), "nvdisasm"});
  if (!nvdisasm) return {"", "no nvdisasm beside nvcc (the toolkit's cuda-nvdisasm package)"};
  auto cubin = nvcc_cubin(src, 90);
  if (auto* e = std::get_if<std::string>(&cubin)) return {"", *e};
  const ProcessResult r =
      run_process({*nvdisasm, "-g", "-c", std::get<fs::path>(cubin).string()}, std::chrono::seconds(120), false);
  if (r.exit_code != 0) return {"", "nvdisasm failed on the cubin"};
  return {r.output, ""};
}

std::vector<SassAccess> sass_accesses(const std::string& listing, const std::string& source_path,
                                      const std::string& entry) {
  std::vector<SassAccess> out;
  static const std::regex section(R"(\.text\.([A-Za-z0-9_$]+))");
  static const std::regex file_line(R"re(//## File "([^"]*)", line (\d+))re");
  static const std::regex instruction(R"re(/\*[0-9a-f]+\*/\s+(?:@!?U?P[0-9T]\s+)?([A-Z][A-Z0-9_.]*)\s*([^;]*);)re");
  std::stringstream in(listing);
  bool in_entry = false;
  int line = 0;
  const std::string file = fs::path(source_path).filename().string();
  for (std::string l; std::getline(in, l);) {
    std::smatch m;
    if (l.find("//---") != std::string::npos && std::regex_search(l, m, section)) {
      in_entry = names_entry(demangle(m[1].str()), entry);
      line = 0;
      continue;
    }
    if (!in_entry) continue;
    if (std::regex_search(l, m, file_line)) {
      line = fs::path(m[1].str()).filename().string() == file ? std::stoi(m[2].str()) : 0;
      continue;
    }
    if (!std::regex_search(l, m, instruction) || line == 0) continue;
    const std::string op = m[1].str();
    SassAccess a;
    a.line = line;
    a.text = op + " " + m[2].str();
    while (!a.text.empty() && a.text.back() == ' ') a.text.pop_back();
    const std::string base = op.substr(0, op.find('.'));
    if (base == "LDS") a = {line, Space::Shared, Op::Load, 4, a.text};
    else if (base == "STS") a = {line, Space::Shared, Op::Store, 4, a.text};
    else if (base == "LDG") a = {line, Space::Global, Op::Load, 4, a.text};
    else if (base == "STG") a = {line, Space::Global, Op::Store, 4, a.text};
    else continue;
    if (op.find(".128") != std::string::npos) a.bytes = 16;
    else if (op.find(".64") != std::string::npos) a.bytes = 8;
    else if (op.find(".U8") != std::string::npos || op.find(".S8") != std::string::npos) a.bytes = 1;
    else if (op.find(".U16") != std::string::npos || op.find(".S16") != std::string::npos) a.bytes = 2;
    out.push_back(a);
  }
  return out;
}

}  // namespace ws::kernels::student

namespace ws::kernels {
SassListing student_sass_listing(const StudentSource& src) {
  return student::sass_listing(src);
}
}  // namespace ws::kernels
