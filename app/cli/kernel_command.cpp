// `warpscope kernel`
//   add_kernel_command()   flags
//   run_kernel_command()   the trace runs in a child process: a kernel that
//                          crashes or never ends is reported, never takes
//                          warpscope down (a time limit, the signal named)
//   trace_and_print()      source -> compile -> load -> check -> report -> predict
#include "cli/kernel_command.hpp"

#include <fmt/format.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <fstream>
#include <iterator>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "cli/command.hpp"
#include "cli/model_gpu.hpp"
#if WS_HAVE_GUI
#include "gui/session.hpp"
#include "gui/student_file.hpp"
#endif
#include "cli/ncu_launch.hpp"
#include "cli/report_command.hpp"
#include "ws/kernels/input_file.hpp"
#include "ws/kernels/prediction.hpp"
#include "ws/kernels/reconcile.hpp"
#include "ws/kernels/student.hpp"

namespace ws::cli {
namespace {

using kernels::Counters;
using kernels::KernelReport;

Dim3 parse_dim(const std::string& flag, const std::string& text) {
  const auto d = kernels::parse_dim3(text);
  if (!d) throw UsageError(fmt::format("{}: '{}' is not X, XxY or XxYxZ, each a positive whole number", flag, text));
  return *d;
}

std::pair<std::string, std::string> split_assignment(const std::string& flag, const std::string& text) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    throw UsageError(fmt::format("{}: '{}' is not NAME=VALUE", flag, text));
  return {text.substr(0, eq), text.substr(eq + 1)};
}

std::string source_line(const std::string& text, int line) {
  std::stringstream in(text);
  std::string l;
  for (int i = 0; i < line && std::getline(in, l); ++i) {
  }
  const auto b = l.find_first_not_of(" \t");
  l = b == std::string::npos ? "" : l.substr(b);
  return l.size() > 44 ? l.substr(0, 43) + "…" : l;
}

// The thirteen counters `reconcile` reads, by their Nsight Compute names. Atomics
// (recorded as loads of their words) go under ncu's atomic metrics instead, where
// the kernel has any: shared ATOMS, global ATOMG (RED where nvcc drops the old value).
nlohmann::json ncu_totals(const KernelReport& r, const kernels::StudentKernel& k) {
  Counters shared_atom, global_atom, shared_load = r.shared_load, global_load = r.global_load;
  auto less = [](Counters& c, const Counters& by) {
    c.instructions -= by.instructions;
    c.wavefronts -= by.wavefronts;
    c.bank_conflicts -= by.bank_conflicts;
    c.requests -= by.requests;
    c.sectors -= by.sectors;
  };
  for (const auto& s : r.sites)
    if (k.is_atomic(s.site.line, s.site.column)) {
      (s.site.space == Space::Shared ? shared_atom : global_atom).add(s.kernel);
      less(s.site.space == Space::Shared ? shared_load : global_load, s.kernel);
    }
  nlohmann::json t = nlohmann::json::object();
  for (Space s : {Space::Shared, Space::Global})
    for (Op o : {Op::Load, Op::Store}) {
      const Counters& c = s == Space::Shared ? (o == Op::Load ? shared_load : r.shared_store)
                                             : (o == Op::Load ? global_load : r.global_store);
      t[kernels::ncu_metric(s, o, "instructions")] = c.instructions;
      if (s == Space::Shared) {
        t[kernels::ncu_metric(s, o, "wavefronts")] = c.wavefronts;
        t[kernels::ncu_metric(s, o, "bank_conflicts")] = c.bank_conflicts;
      } else {
        t[kernels::ncu_metric(s, o, "requests")] = c.requests;
        t[kernels::ncu_metric(s, o, "sectors")] = c.sectors;
      }
    }
  t[kernels::ncu_metric(Space::Shared, Op::Load, "ldmatrix_instructions")] = 0;
  if (shared_atom.instructions) {
    t["smsp__sass_inst_executed_op_shared_atom.sum"] = shared_atom.instructions;
    t["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum"] = shared_atom.wavefronts;
    t["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum"] = shared_atom.bank_conflicts;
  }
  if (global_atom.instructions) {
    t["smsp__sass_inst_executed_op_global_atom.sum"] = global_atom.instructions;
    t["l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum"] = global_atom.requests;
    t["l1tex__t_sectors_pipe_lsu_mem_global_op_atom.sum"] = global_atom.sectors;
  }
  return t;
}

std::string place(int line, int column) {
  const int c = kernels::display_column(column);
  return c > 0 ? fmt::format("{}:{}", line, c) : fmt::format("{}", line);
}

std::string dim(Dim3 d) { return d.z > 1 ? fmt::format("{}x{}x{}", d.x, d.y, d.z) : d.y > 1 ? fmt::format("{}x{}", d.x, d.y) : fmt::format("{}", d.x); }
std::string coords(Dim3 d) { return fmt::format("({},{},{})", d.x, d.y, d.z); }

bool totals_has_atomics(const KernelReport& r, const kernels::StudentKernel& k) {
  return std::any_of(r.sites.begin(), r.sites.end(), [&](const auto& s) {
    return s.site.space == Space::Global && k.is_atomic(s.site.line, s.site.column);
  });
}

std::string op_of(const kernels::StudentKernel& k, const SiteInfo& s) {
  return k.is_atomic(s.line, s.column) ? "atomic" : std::string(to_string(s.op));
}

std::string array_of(const KernelReport& r, const SiteInfo& s) {
  return s.array >= 0 && s.array < static_cast<int>(r.arrays.size()) ? r.arrays[static_cast<std::size_t>(s.array)].name : "?";
}

// This command again, to run under ncu: the same file and launch, one timed launch.
std::vector<std::string> relaunch_command(const KernelFileOptions& o) {
  std::vector<std::string> c{own_path(), "kernel", o.file, "--run", "--repeat", "1"};
  if (!o.grid.empty()) c.insert(c.end(), {"--grid", o.grid, "--block", o.block});  // else the file's launch line
  if (!o.entry.empty()) c.insert(c.end(), {"--entry", o.entry});
  for (const std::string& a : o.args) c.insert(c.end(), {"--arg", a});
  for (const std::string& s : o.sizes) c.insert(c.end(), {"--size", s});
  if (o.dynamic_smem) c.insert(c.end(), {"--dynamic-smem", std::to_string(o.dynamic_smem)});
  return c;
}

int trace_and_print(const KernelFileOptions& o, const kernels::StudentLaunch& launch) {
  auto read = kernels::read_student_source(o.file, o.entry);
  if (auto* e = std::get_if<std::string>(&read)) throw UsageError(*e);
  const kernels::StudentSource& src = std::get<kernels::StudentSource>(read);
  auto compiled = kernels::compile_student(src);
  if (auto* e = std::get_if<std::string>(&compiled)) {
    std::cerr << *e << "\n";
    return kUsage;
  }
  auto loaded = kernels::StudentKernel::load(src, std::get<kernels::CompiledStudent>(compiled), launch);
  if (auto* e = std::get_if<std::string>(&loaded)) throw UsageError(*e);
  kernels::StudentKernel& kernel = *std::get<std::unique_ptr<kernels::StudentKernel>>(loaded);
  std::optional<ModelGpu> gpu;
  {
    auto chosen = model_gpu(o.gpu);
    if (const auto* e = std::get_if<kernels::GpuError>(&chosen)) return exit_for_gpu_error(*e);
    gpu = std::move(std::get<ModelGpu>(chosen));
  }
  // What nvcc did: the SASS, from a listing given or compiled now (nvcc and nvdisasm, no GPU).
  std::string listing, sass_status = "read";
  if (!o.sass.empty()) {
    std::ifstream in(o.sass, std::ios::binary);
    if (!in) throw UsageError(fmt::format("--sass: cannot read {}", o.sass));
    listing.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  } else {
    kernels::SassListing live = kernels::student_sass_listing(src);
    listing = std::move(live.text);
    if (listing.empty()) sass_status = live.missing;
  }
  const auto t0 = std::chrono::steady_clock::now();
  kernels::StudentFindings findings;
  KernelReport r;
  std::vector<kernels::StudentCompilerNote> compiler;
  try {
    if (!listing.empty()) compiler = kernel.apply_sass(listing);
    auto checked = kernel.check();
    if (auto* e = std::get_if<std::string>(&checked)) {
      std::cerr << "warpscope: " << *e << "\n";
      return kUsage;
    }
    findings = std::get<kernels::StudentFindings>(checked);
    r = kernels::report(kernel.descriptor(), kernels::KernelParams{}, default_preset(), Dim3{0, 0, 0}, 0);
  } catch (const kernels::StudentTraceError& e) {
    std::cerr << "warpscope: " << e.what() << "\n";
    return kUsage;
  }
  findings.out_of_range = kernel.out_of_range();  // the whole-kernel pass's too
  const kernels::Prediction predicted = kernels::predict(kernel.descriptor(), r, gpu->calibration);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  // With --run: the same launch on this machine's GPU; with --ncu, its counters too.
  std::optional<kernels::StudentGpuRun> measured;
  std::optional<std::map<std::string, double>> ncu;
  std::optional<kernels::StudentGpuError> gpu_error;
  if (o.run) {
    auto ran = kernels::run_student_on_gpu(kernel, o.repeat);
    if (auto* e = std::get_if<kernels::StudentGpuError>(&ran)) gpu_error = *e;
    else measured = std::get<kernels::StudentGpuRun>(ran);
  }
  if (o.ncu && measured) {
    auto counted = kernels::ncu_counters(kernel, relaunch_command(o), kNcuMetrics);
    if (auto* e = std::get_if<kernels::StudentGpuError>(&counted)) gpu_error = *e;
    else ncu = std::get<std::map<std::string, double>>(counted);
  }
  const int code = gpu_error ? (gpu_error->no_gpu ? kNoGpu : kFailure) : kOk;

  if (o.csv) {
    fmt::print("line,column,array,space,op,bytes,instructions,wavefronts,ideal_wavefronts,bank_conflicts,requests,"
               "sectors,ideal_sectors\n");
    for (const auto& s : r.sites) {
      const Counters& c = s.kernel;
      fmt::print("{},{},{},{},{},{},{},{},{},{},{},{},{}\n", s.site.line, kernels::display_column(s.site.column), array_of(r, s.site),
                 to_string(s.site.space), op_of(kernel, s.site), s.site.bytes, c.instructions, c.wavefronts,
                 c.ideal_wavefronts, c.bank_conflicts, c.requests, c.sectors, c.ideal_sectors);
    }
    if (gpu_error) std::cerr << "warpscope: " << gpu_error->message << "\n";
    return code;
  }
  if (o.json) {
    nlohmann::json j;
    j["file"] = src.path.string();
    j["entry"] = src.entry;
    j["launch"] = {{"grid", {launch.grid.x, launch.grid.y, launch.grid.z}},
                   {"block", {launch.block.x, launch.block.y, launch.block.z}},
                   {"dynamic_shared_bytes", launch.dynamic_shared_bytes}};
    nlohmann::json sites = nlohmann::json::array();
    for (const auto& s : r.sites) {
      const Counters& c = s.kernel;
      nlohmann::json site = {{"line", s.site.line}, {"column", kernels::display_column(s.site.column)}, {"array", array_of(r, s.site)},
                             {"space", to_string(s.site.space)}, {"op", op_of(kernel, s.site)},
                             {"bytes", s.site.bytes}, {"instructions", c.instructions}};
      if (s.site.space == Space::Shared) {
        site["wavefronts"] = c.wavefronts;
        site["ideal_wavefronts"] = c.ideal_wavefronts;
        site["bank_conflicts"] = c.bank_conflicts;
      } else {
        site["requests"] = c.requests;
        site["sectors"] = c.sectors;
        site["ideal_sectors"] = c.ideal_sectors;
      }
      sites.push_back(site);
    }
    j["sites"] = sites;
    j["totals"] = ncu_totals(r, kernel);
    j["occupancy"] = {{"blocks_per_sm", r.occupancy.blocks_per_sm}, {"limiter", r.occupancy.limiter}};
    j["prediction"] = prediction_json(predicted, *gpu);
    nlohmann::json races = nlohmann::json::array();
    for (const auto& x : findings.races)
      races.push_back({{"array", x.array}, {"word", x.word}, {"first", {{"line", x.first_line}, {"column", kernels::display_column(x.first_column)}, {"op", x.first_op}, {"thread", {x.first_thread.x, x.first_thread.y, x.first_thread.z}}}},
                       {"second", {{"line", x.second_line}, {"column", kernels::display_column(x.second_column)}, {"op", x.second_op}, {"thread", {x.second_thread.x, x.second_thread.y, x.second_thread.z}}}},
                       {"block", {x.block.x, x.block.y, x.block.z}}, {"barrier_interval", x.phase}, {"same_warp", x.same_warp}, {"blocks", x.blocks}});
    j["races"] = races;
    j["blocks_checked_for_races"] = findings.blocks_checked;
    nlohmann::json oor = nlohmann::json::array();
    for (const auto& x : findings.out_of_range)
      oor.push_back({{"array", x.array}, {"line", x.line}, {"column", kernels::display_column(x.column)}, {"element", x.element}, {"size", x.size},
                     {"block", {x.block.x, x.block.y, x.block.z}}, {"thread", {x.thread.x, x.thread.y, x.thread.z}}});
    j["out_of_range"] = oor;
    j["notes"] = findings.notes;
    nlohmann::json cj = nlohmann::json::array();
    for (const auto& n : compiler)
      cj.push_back({{"line", n.line}, {"array", n.array}, {"what", n.what}, {"sass", n.sass}, {"corrected", n.corrected}});
    j["compiler"] = {{"sass", sass_status}, {"lines", cj}};
    j["analysis_seconds"] = seconds;
    if (measured)
      j["measured"] = {{"gpu", measured->gpu}, {"median_ms", measured->median_ms}, {"min_ms", measured->min_ms},
                       {"max_ms", measured->max_ms}, {"launches", measured->launches}};
    if (ncu) j["ncu"] = *ncu;
    fmt::print("{}\n", j.dump());
    if (gpu_error) std::cerr << "warpscope: " << gpu_error->message << "\n";
    return code;
  }
  fmt::print("{} in {}: grid {}, block {}{}\n", src.entry, src.path.string(), dim(launch.grid), dim(launch.block),
             launch.dynamic_shared_bytes ? fmt::format(", {} B dynamic shared memory", launch.dynamic_shared_bytes) : "");
  fmt::print("\n{:>8}  {:<10} {:<6} {:<5} {:>2}  {:>11} {:>11} {:>9} {:>9}   {}\n", "line:col", "array", "space", "op",
             "B", "instr", "wavefronts", "ideal", "conflicts", "source");
  fmt::print("{:>8}  {:<10} {:<6} {:<5} {:>2}  {:>11} {:>11} {:>9} {:>9}\n", "", "", "", "", "", "", "sectors", "ideal",
             "requests");
  for (const auto& s : r.sites) {
    const Counters& c = s.kernel;
    const bool shared = s.site.space == Space::Shared;
    fmt::print("{:>8}  {:<10} {:<6} {:<5} {:>2}  {:>11} {:>11} {:>9} {:>9}   {}\n",
               place(s.site.line, s.site.column), array_of(r, s.site), to_string(s.site.space),
               op_of(kernel, s.site), s.site.bytes, c.instructions, shared ? c.wavefronts : c.sectors,
               shared ? c.ideal_wavefronts : c.ideal_sectors, shared ? c.bank_conflicts : c.requests,
               source_line(src.text, s.site.line));
  }
  fmt::print("\nwhole kernel, as Nsight Compute names it{}:\n",
             totals_has_atomics(r, kernel) ? " (an atomic whose old value is unused is a RED, under ncu's op_red)" : "");
  const nlohmann::json totals = ncu_totals(r, kernel);
  if (ncu) fmt::print("  {:<58} {:>12} {:>12}\n", "", "simulated", "ncu");
  for (const auto& [metric, value] : totals.items()) {
    const auto v = value.get<std::uint64_t>();
    if (!ncu) {
      fmt::print("  {:<58} {:>12}\n", metric, v);
      continue;
    }
    const auto it = ncu->find(metric);
    fmt::print("  {:<58} {:>12} {:>12}{}\n", metric, v, it == ncu->end() ? "-" : fmt::format("{:.0f}", it->second),
               it != ncu->end() && it->second != static_cast<double>(v) ? "  differs" : "");
  }
  fmt::print("\noccupancy: {} blocks per SM ({}), {} B shared memory per block\n", r.occupancy.blocks_per_sm,
             r.occupancy.limiter, r.launch.shared_bytes);
  print_prediction(predicted, *gpu);
  if (measured)
    fmt::print("measured on {}: {:.4g} ms median of {} launches ({:.4g} to {:.4g} ms), predicted {:.4g} ms\n",
               measured->gpu, measured->median_ms, measured->launches, measured->min_ms, measured->max_ms,
               predicted.predicted_ms);
  fmt::print("\nwhat nvcc did (its sm_90 SASS against the source's accesses):");
  if (sass_status != "read") fmt::print(" not read: {}\n", sass_status);
  else if (compiler.empty()) fmt::print(" every line's accesses as written\n");
  else fmt::print("\n");
  for (const auto& n : compiler)
    fmt::print("  line {}: {}{}\n", n.line, n.what, n.sass.empty() ? "" : fmt::format(" [{}]", n.sass));
  fmt::print("\nraces ({} blocks checked):", findings.blocks_checked);
  if (findings.races.empty()) fmt::print(" none\n");
  else fmt::print("\n");
  for (const auto& x : findings.races)
    fmt::print("  {}[word {}]: {} at line {} by thread {}, {} at line {} by thread {} of block {}, with no "
               "__syncthreads() between{}; in {} of the {} blocks checked\n",
               x.array, x.word, x.first_op, place(x.first_line, x.first_column), coords(x.first_thread), x.second_op,
               place(x.second_line, x.second_column), coords(x.second_thread), coords(x.block),
               x.same_warp ? " (one warp: still a race, its lanes are not in lockstep since Volta)" : "", x.blocks,
               findings.blocks_checked);
  for (const auto& x : findings.out_of_range)
    fmt::print("out of range: line {} {}[{}] by thread {} of block {}: {} has {} elements (--size)\n", place(x.line, x.column),
               x.array, x.element, coords(x.thread), coords(x.block), x.array, x.size);
  for (const std::string& n : findings.notes) fmt::print("note: {}\n", n);
  fmt::print("\ntraced and analysed in {:.2f} s\n", seconds);
  if (gpu_error) std::cerr << "warpscope: " << gpu_error->message << "\n";
  return code;
}

}  // namespace

int run_traced(const KernelFileOptions& o, const kernels::StudentLaunch& launch);

CLI::App* add_kernel_command(CLI::App& root, KernelFileOptions& o) {
  CLI::App* cmd = root.add_subcommand("kernel", "trace your own CUDA file: every access's banks, wavefronts and "
                                                "sectors, Nsight Compute's totals, races, the predicted time");
  cmd->add_option("file", o.file, "the .cu file (plain CUDA: __global__, __shared__, threadIdx, __syncthreads())")->required();
  cmd->add_option("--entry", o.entry, "the __global__ function to launch (needed when the file has several; "
                                      "a template with its arguments: 'reduce<256>')");
  cmd->add_option("--grid", o.grid, "blocks: X, XxY or XxYxZ (default: the file's '// launch:' line)");
  cmd->add_option("--block", o.block, "threads per block: X, XxY or XxYxZ (default: the file's '// launch:' line)");
  cmd->add_option("--arg", o.args, "a scalar parameter by its name: --arg n=65536 (repeat for each)");
  cmd->add_option("--size", o.sizes, "a pointer parameter's length in elements, to report accesses beyond it: "
                                     "--size in=65536");
  cmd->add_option("--dynamic-smem", o.dynamic_smem, "bytes of dynamic shared memory (extern __shared__)");
  cmd->add_flag("--json", o.json, "one JSON object: per-access counters, totals by Nsight Compute metric, races");
  cmd->add_flag("--csv", o.csv, "one row per access");
  cmd->add_option("--gpu", o.gpu, "the GPU whose calibration predicts the time: h100 or h200");
  cmd->add_option("--timeout", o.timeout_seconds, "seconds the trace may take before it is stopped");
  cmd->add_flag("--run", o.run, "also run it on this machine's GPU (compiled by nvcc): the median time beside the prediction");
  cmd->add_option("--repeat", o.repeat, "with --run: timed launches (after a warm-up)");
  cmd->add_flag("--ncu", o.ncu, "with --run: Nsight Compute's counters beside the simulator's");
  cmd->add_flag("--window", o.window, "open it in the window: every access in the warp stepper, bank and sector "
                                     "maps, the whole-kernel counters; saving the file re-traces it");
  cmd->add_option("--sass", o.sass, "an nvdisasm -g -c listing of the file's sm_90 cubin to read what nvcc did "
                                    "(default: compiled now where nvcc and nvdisasm are installed)");
  return cmd;
}

int run_kernel_command(const KernelFileOptions& o) {
  if (o.json && o.csv) throw UsageError("--json and --csv: give one");
  if (o.timeout_seconds < 1) throw UsageError(fmt::format("--timeout: {} s; give at least 1", o.timeout_seconds));
  if (o.ncu && !o.run) throw UsageError("--ncu: give --run too (it profiles the GPU run)");
  if (o.repeat < 1 || o.repeat > 10000) throw UsageError(fmt::format("--repeat: {}; give 1 to 10000", o.repeat));
  kernels::StudentLaunch launch;
  if (o.grid.empty() && o.block.empty() && o.args.empty() && o.sizes.empty() && o.dynamic_smem == 0) {
    // No launch flags: the file's own "// launch:" line.
    auto read = kernels::read_student_source(o.file, o.entry);
    if (auto* e = std::get_if<std::string>(&read)) throw UsageError(*e);
    const auto& words = std::get<kernels::StudentSource>(read).launch_words;
    if (words.empty())
      throw UsageError(fmt::format("--grid and --block are required: {} has no '// launch: --grid X --block Y' line",
                                   o.file));
    auto from_file = kernels::launch_from_words(words);
    if (auto* e = std::get_if<std::string>(&from_file)) throw UsageError(fmt::format("{}: {}", o.file, *e));
    return run_traced(o, std::get<kernels::StudentLaunch>(from_file));
  }
  if (o.grid.empty()) throw UsageError("--grid is required (or a '// launch:' line in the file and no launch flags)");
  if (o.block.empty()) throw UsageError("--block is required (or a '// launch:' line in the file and no launch flags)");
  launch.grid = parse_dim("--grid", o.grid);
  launch.block = parse_dim("--block", o.block);
  launch.dynamic_shared_bytes = o.dynamic_smem;
  for (const std::string& a : o.args) launch.args.push_back(split_assignment("--arg", a));
  for (const std::string& s : o.sizes) {
    auto [name, value] = split_assignment("--size", s);
    std::string canon = value;
    if (!canonical_integer(canon).empty() || std::stoll(canon) < 1)
      throw UsageError(fmt::format("--size {}: '{}' is not a positive whole number of elements", name, value));
    launch.sizes.emplace_back(name, std::stoll(canon));
  }
  return run_traced(o, launch);
}

int run_traced(const KernelFileOptions& o, const kernels::StudentLaunch& launch) {
  if (o.window) {
#if WS_HAVE_GUI
    gui::LessonStart start;
    start.student_file = gui::student_file_fields(o.file, o.entry, launch);
    return gui::run_window(gui::WindowOptions{}, start);
#else
    throw UsageError("--window: this warpscope was built without the window");
#endif
  }
  // The student's code runs in a child: a crash or an endless loop ends it, not
  // warpscope. WS_KERNEL_IN_PROCESS=1 runs it here (a debugger's view of a crash).
  if (const char* here = std::getenv("WS_KERNEL_IN_PROCESS"); here && std::string(here) == "1")
    return trace_and_print(o, launch);
  std::cout.flush();
  std::fflush(stdout);
  std::fflush(stderr);
  const pid_t child = fork();
  if (child < 0) throw std::runtime_error("cannot start the tracing process (fork failed)");
  if (child == 0) {
    int code = kFailure;
    try {
      code = trace_and_print(o, launch);
    } catch (const UsageError& e) {
      std::cerr << "warpscope: " << kernels::one_line(e.what()) << "\n";
      code = kUsage;
    } catch (const std::exception& e) {
      std::cerr << "warpscope: " << e.what() << "\n";
      code = kFailure;
    }
    std::fflush(stdout);
    std::cout.flush();
    _exit(code);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(o.timeout_seconds);
  int status = 0;
  for (;;) {
    const pid_t done = waitpid(child, &status, WNOHANG);
    if (done == child) break;
    if (std::chrono::steady_clock::now() > deadline) {
      kill(child, SIGKILL);
      waitpid(child, &status, 0);
      std::cerr << fmt::format("warpscope: {}: tracing ran past {} s and was stopped: a loop that never ends, or a "
                               "launch too large (--timeout gives it longer)\n", o.file, o.timeout_seconds);
      return kUsage;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (WIFSIGNALED(status)) {
    std::cerr << fmt::format("warpscope: {}: the kernel crashed while it was traced ({}): an invalid pointer, or an "
                             "index far out of range\n", o.file, strsignal(WTERMSIG(status)));
    return kUsage;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : kFailure;
}

}  // namespace ws::cli
