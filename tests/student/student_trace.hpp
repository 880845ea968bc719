// Traces a file of tests/student_kernels with the launch its first line gives
// ("// launch: --grid 256 --block 256 --arg n=65536 [--dynamic-smem B]").
#pragma once

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "ws/kernels/student.hpp"

namespace ws::test {

inline kernels::StudentLaunch launch_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  kernels::StudentLaunch l;
  std::stringstream words(line.substr(line.find("launch:") + 7));
  auto dims = [](const std::string& t) {
    Dim3 d;
    std::sscanf(t.c_str(), "%dx%dx%d", &d.x, &d.y, &d.z);
    return d;
  };
  for (std::string w; words >> w;) {
    std::string v;
    words >> v;
    if (w == "--grid") l.grid = dims(v);
    else if (w == "--block") l.block = dims(v);
    else if (w == "--dynamic-smem") l.dynamic_shared_bytes = std::stoi(v);
    else if (w == "--arg") l.args.emplace_back(v.substr(0, v.find('=')), v.substr(v.find('=') + 1));
  }
  return l;
}

// A launch of `grid` blocks of `block` threads in x, nothing else.
inline kernels::StudentLaunch launch_of(int grid, int block) {
  kernels::StudentLaunch l;
  l.grid = Dim3{grid, 1, 1};
  l.block = Dim3{block, 1, 1};
  return l;
}

// A kernel file written by a test, in the temporary folder.
inline std::string temp_kernel(const std::string& name, const std::string& text) {
  const auto p = std::filesystem::temp_directory_path() / ("ws_student_" + std::to_string(::getpid()) + "_" + name);
  std::ofstream(p) << text;
  return p.string();
}

inline std::string kernel_file(const std::string& name) { return std::string(WS_STUDENT_KERNELS) + "/" + name + ".cu"; }

struct Loaded {
  std::unique_ptr<kernels::StudentKernel> kernel;
  std::string error;  // set when reading, compiling or loading failed
};

inline Loaded load_kernel(const std::string& path, const kernels::StudentLaunch& launch, const std::string& entry = "") {
  setenv("WS_CACHE_DIR", WS_STUDENT_CACHE, 0);
  Loaded out;
  auto src = kernels::read_student_source(path, entry);
  if (auto* e = std::get_if<std::string>(&src)) {
    out.error = *e;
    return out;
  }
  auto lib = kernels::compile_student(std::get<kernels::StudentSource>(src));
  if (auto* e = std::get_if<std::string>(&lib)) {
    out.error = *e;
    return out;
  }
  auto k = kernels::StudentKernel::load(std::get<kernels::StudentSource>(src), std::get<kernels::CompiledStudent>(lib), launch);
  if (auto* e = std::get_if<std::string>(&k)) {
    out.error = *e;
    return out;
  }
  out.kernel = std::move(std::get<std::unique_ptr<kernels::StudentKernel>>(k));
  return out;
}

struct Traced {
  kernels::KernelReport report;
  kernels::StudentFindings findings;
};

// The whole kernel's report and the checks' findings; fails the test on an error.
inline Traced trace_kernel(const std::string& name) {
  const std::string path = kernel_file(name);
  Loaded l = load_kernel(path, launch_line(path));
  Traced t;
  if (!l.kernel) {
    ADD_FAILURE() << name << ": " << l.error;
    return t;
  }
  auto checked = l.kernel->check();
  if (auto* e = std::get_if<std::string>(&checked)) {
    ADD_FAILURE() << name << ": " << *e;
    return t;
  }
  t.findings = std::get<kernels::StudentFindings>(checked);
  t.report = kernels::report(l.kernel->descriptor(), kernels::KernelParams{}, default_preset(), Dim3{0, 0, 0}, 0);
  return t;
}

// The whole-kernel counters of the sites of one array, space and op.
inline kernels::Counters sum_sites(const kernels::KernelReport& r, const std::string& array, Space space, Op op) {
  kernels::Counters c;
  for (const auto& s : r.sites)
    if (s.site.space == space && s.site.op == op && s.site.array >= 0 &&
        r.arrays[static_cast<std::size_t>(s.site.array)].name == array)
      c.add(s.kernel);
  return c;
}

}  // namespace ws::test
