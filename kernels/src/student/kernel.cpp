// A student's compiled kernel, loaded and bound to its launch.
//   load()        dlopen, the entry's parameters from --arg, an array per pointer
//   run_thread()  one CUDA thread: the catalog's KernelCode::trace for this kernel
//   on_access()   every load and store of the student's code (the prelude's hooks)
//   place_of()    a return address -> the student's line and column (llvm-symbolizer, addr2line)
// Memory is real: global arrays are mappings filled with random bytes page by
// page as they are first touched, shared arrays are refilled for every block, so
// a kernel reads what it wrote and never zeros; check.cpp runs blocks again on
// other bytes to find addresses that depend on them.
#include <dlfcn.h>
#include <fmt/format.h>
#include <link.h>
#include <pthread.h>
#include <sys/mman.h>

#include <algorithm>
#include <cstring>
#include <numeric>

#include "elf_symbols.hpp"
#include "runtime.hpp"
#include "ws/kernels/host_recording.hpp"

namespace ws::kernels {
namespace {

thread_local StudentKernel::Impl* active = nullptr;

constexpr std::uint64_t kPage = 4096;
// A pointer parameter without --size: a mapping this large, touched lazily.
constexpr std::uint64_t kUnsizedReservation = 1ull << 30;
constexpr std::uint64_t kGuardBytes = 1ull << 20;  // mapped past a sized array: an overrun is reported, not a crash

std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  return x ^ (x >> 33);
}

void random_bytes(unsigned char* p, std::uint64_t n, std::uint64_t seed) {
  for (std::uint64_t i = 0; i < n; i += 8) {
    std::uint64_t v = mix(seed + i);
    // Never a zero word: a kernel that divides by what it reads keeps running.
    if ((v & 0xffffffffu) == 0) v |= 1;
    if ((v >> 32) == 0) v |= 1ull << 32;
    std::memcpy(p + i, &v, std::min<std::uint64_t>(8, n - i));
  }
}

// Leaves the student's code for run_thread() with the exception being handled.
[[noreturn]] void escape(StudentKernel::Impl* k, std::exception_ptr e) {
  k->pending = std::move(e);
  std::longjmp(k->escape, 1);
}

void hook_access(void* pc, void* caller, const volatile void* address, unsigned long bytes, int kind) {
  if (!active) return;
  std::exception_ptr failed;
  try {
    active->on_access(reinterpret_cast<std::uintptr_t>(pc), reinterpret_cast<std::uintptr_t>(caller),
                      reinterpret_cast<std::uintptr_t>(address), bytes, kind == 1, kind == 2);
  } catch (...) {
    failed = std::current_exception();
  }
  if (failed) escape(active, std::move(failed));
}
void hook_barrier(void*) {
  if (!active) return;
  ++active->phase;
  if (tracing) tracing->sync();
}
void hook_warp_op(void*, const char* what) {
  if (active)
    active->note(fmt::format("{} returns the lane's own value here (threads are traced one at a time): "
                             "the addresses are right as long as no address is computed from it",
                             what));
}

struct LibraryRange {
  std::uintptr_t base = 0, begin = UINTPTR_MAX, end = 0;
  std::string path;
};
int find_library(dl_phdr_info* info, size_t, void* data) {
  auto* r = static_cast<LibraryRange*>(data);
  if (!info->dlpi_name || r->path != info->dlpi_name) return 0;
  r->base = info->dlpi_addr;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const auto& ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_LOAD) continue;
    r->begin = std::min<std::uintptr_t>(r->begin, info->dlpi_addr + ph.p_vaddr);
    r->end = std::max<std::uintptr_t>(r->end, info->dlpi_addr + ph.p_vaddr + ph.p_memsz);
  }
  return 1;
}

// --arg VALUE for a parameter of this kind and size, as its bytes.
std::optional<std::string> scalar_bytes(const ws_rt_param& p, const std::string& name, const std::string& text,
                                        std::vector<unsigned char>& out) {
  out.assign(static_cast<std::size_t>(p.bytes), 0);
  if (p.kind == 1 || p.kind == 2) {
    errno = 0;
    char* end = nullptr;
    const long long v = std::strtoll(text.c_str(), &end, 0);
    if (text.empty() || *end || errno == ERANGE)
      return fmt::format("--arg {}={}: '{}' is not a whole number", name, text, text);
    if (p.kind == 2 && v < 0) return fmt::format("--arg {}={}: parameter {} is unsigned", name, text, name);
    if (p.bytes < 8) {
      const long long lo = p.kind == 2 ? 0 : -(1ll << (p.bytes * 8 - 1));
      const long long hi = p.kind == 2 ? (1ll << (p.bytes * 8)) - 1 : (1ll << (p.bytes * 8 - 1)) - 1;
      if (v < lo || v > hi) return fmt::format("--arg {}={}: out of the range of a {}-byte integer", name, text, p.bytes);
    }
    std::memcpy(out.data(), &v, static_cast<std::size_t>(p.bytes));  // little-endian: the low bytes
    return std::nullopt;
  }
  if (p.kind == 3) {
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end || !std::isfinite(v)) return fmt::format("--arg {}={}: '{}' is not a number", name, text, text);
    if (p.bytes == 4) {
      const float f = static_cast<float>(v);
      std::memcpy(out.data(), &f, 4);
    } else if (p.bytes == 8) {
      std::memcpy(out.data(), &v, 8);
    } else {
      return fmt::format("--arg {}: a {}-byte floating-point parameter is not supported", name, p.bytes);
    }
    return std::nullopt;
  }
  return fmt::format("--arg {}: parameter {} is a struct passed by value, which warpscope cannot fill in", name, name);
}

}  // namespace

StudentKernel::~StudentKernel() {
  if (!impl_) return;
  for (StudentRegion& r : impl_->regions)
    if (r.mapped) munmap(reinterpret_cast<void*>(r.begin), r.reserved_bytes);
  if (impl_->handle) dlclose(impl_->handle);
}

std::vector<StudentOutOfRange> StudentKernel::out_of_range() const { return impl_->out_of_range; }

bool StudentKernel::is_atomic(int line, int column) const { return impl_->atomic_places.count({line, column}) > 0; }

std::vector<StudentParameter> StudentKernel::parameters() const {
  std::vector<StudentParameter> out;
  for (int i = 0; i < impl_->entry->arity; ++i) {
    const ws_rt_param& p = impl_->entry->params[i];
    StudentParameter sp;
    sp.name = source_.param_names[static_cast<std::size_t>(i)];
    sp.pointer = p.kind == 0;
    sp.value = impl_->arg_storage[static_cast<std::size_t>(i)];
    if (sp.pointer) {
      const StudentRegion& r = impl_->regions[static_cast<std::size_t>(impl_->param_region[static_cast<std::size_t>(i)])];
      sp.element_bytes = r.elem_bytes;
      sp.floating = p.pointee_kind == 3;
      sp.bytes = r.sized ? r.declared_bytes : r.touched_end;
      sp.value.clear();
    }
    out.push_back(std::move(sp));
  }
  return out;
}

void StudentKernel::Impl::note(const std::string& text) {
  if (std::find(notes.begin(), notes.end(), text) == notes.end()) notes.push_back(text);
}

std::variant<std::unique_ptr<StudentKernel>, std::string> StudentKernel::load(const StudentSource& src,
                                                                             const CompiledStudent& lib,
                                                                             const StudentLaunch& launch) {
  std::unique_ptr<StudentKernel> k(new StudentKernel());
  k->source_ = src;
  k->launch_ = launch;
  k->impl_ = std::make_unique<Impl>();
  Impl& im = *k->impl_;
  im.library = lib.library;
  im.source_path = src.path.string();
  im.entry_name = src.entry;

  const long long threads = static_cast<long long>(launch.grid.count()) * launch.block.count();
  if (launch.block.count() < 1 || launch.block.count() > 1024)
    return fmt::format("--block: {} threads per block; a block has 1 to 1024", launch.block.count());
  if (launch.block.z > 64) return fmt::format("--block: z is {}, at most 64", launch.block.z);
  if (launch.grid.count() < 1) return std::string("--grid: at least one block");
  if (threads > kMaxStudentThreads)
    return fmt::format("--grid x --block: {} threads, over the {} (2^24) warpscope traces", threads, kMaxStudentThreads);
  if (launch.dynamic_shared_bytes < 0 || launch.dynamic_shared_bytes > 232448)
    return fmt::format("--dynamic-smem: {} bytes; an H100 block has at most 232448", launch.dynamic_shared_bytes);

  im.handle = dlopen(lib.library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!im.handle) return fmt::format("cannot load the compiled kernel: {}", dlerror());
  im.entry = static_cast<const ws_rt_entry*>(dlsym(im.handle, "ws_rt_entry_info"));
  im.state = static_cast<ws_rt_thread_state*>(dlsym(im.handle, "ws_rt_current"));
  im.host = static_cast<ws_rt_host_calls*>(dlsym(im.handle, "ws_rt_host"));
  auto* dynamic_shared = static_cast<unsigned char*>(dlsym(im.handle, "ws_rt_dynamic_shared"));
  if (!im.entry || !im.state || !im.host || !dynamic_shared)
    return fmt::format("{}: not a kernel library warpscope built", lib.library.string());
  im.host->access = hook_access;
  im.host->barrier = hook_barrier;
  im.host->warp_op = hook_warp_op;
  LibraryRange range;
  range.path = lib.library.string();
  dl_iterate_phdr(find_library, &range);
  im.library_base = range.base;
  im.library_begin = range.begin;
  im.library_end = range.end;

  // The parameters: names from the source, kinds from the compiled entry.
  const int arity = im.entry->arity;
  if (static_cast<int>(src.param_names.size()) != arity)
    return fmt::format("{}:{}: found {} parameter names for {}, which takes {}", src.path.string(), src.entry_line,
                       src.param_names.size(), src.entry, arity);
  for (const auto& [name, value] : launch.args)
    if (std::find(src.param_names.begin(), src.param_names.end(), name) == src.param_names.end())
      return fmt::format("--arg {}: {} has no parameter '{}' (it has: {})", name, src.entry, name,
                         fmt::join(src.param_names, ", "));
  for (const auto& [name, n] : launch.sizes) {
    const auto it = std::find(src.param_names.begin(), src.param_names.end(), name);
    if (it == src.param_names.end())
      return fmt::format("--size {}: {} has no parameter '{}' (it has: {})", name, src.entry, name,
                         fmt::join(src.param_names, ", "));
    if (im.entry->params[it - src.param_names.begin()].kind != 0)
      return fmt::format("--size {}: parameter {} is not a pointer (give its value with --arg)", name, name);
    if (n < 1) return fmt::format("--size {}={}: an array has at least one element", name, n);
  }
  im.arg_storage.resize(static_cast<std::size_t>(arity));
  im.param_region.assign(static_cast<std::size_t>(arity), -1);
  for (int i = 0; i < arity; ++i) {
    const ws_rt_param& p = im.entry->params[i];
    const std::string& name = src.param_names[static_cast<std::size_t>(i)];
    std::vector<unsigned char>& storage = im.arg_storage[static_cast<std::size_t>(i)];
    if (p.kind == 0) {
      for (const auto& [n, v] : launch.args)
        if (n == name)
          return fmt::format("--arg {}: parameter {} is a pointer: warpscope gives it an array of its own "
                             "(--size {}=ELEMENTS to say how long)", name, name, name);
      StudentRegion r;
      r.name = name;
      r.space = Space::Global;
      r.elem_bytes = std::max(1, p.pointee_bytes);
      for (const auto& [n, count] : launch.sizes)
        if (n == name) {
          r.sized = true;
          r.declared_bytes = static_cast<std::uint64_t>(count) * r.elem_bytes;
        }
      if (r.sized && r.declared_bytes > kUnsizedReservation)
        return fmt::format("--size {}: {} bytes, over the 1 GiB an array may have here", name, r.declared_bytes);
      r.reserved_bytes = r.sized ? (r.declared_bytes + kGuardBytes + kPage - 1) / kPage * kPage : kUnsizedReservation;
      if (!r.sized) r.declared_bytes = r.reserved_bytes;
      void* m = mmap(nullptr, r.reserved_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (m == MAP_FAILED) return fmt::format("cannot map {} bytes for array {}", r.reserved_bytes, name);
      r.begin = reinterpret_cast<std::uintptr_t>(m);
      r.mapped = true;
      r.fill_by_page = true;
      r.page_generation.assign(r.reserved_bytes / kPage, 0);
      im.param_region[static_cast<std::size_t>(i)] = static_cast<int>(im.regions.size());
      im.regions.push_back(std::move(r));
      storage.resize(sizeof(void*));
      std::memcpy(storage.data(), &im.regions.back().begin, sizeof(void*));
    } else {
      const auto given = std::find_if(launch.args.begin(), launch.args.end(), [&](auto& a) { return a.first == name; });
      if (given == launch.args.end())
        return fmt::format("--arg {}=VALUE is missing: {} takes {} ({})", name, src.entry, name,
                           p.kind == 3 ? "a floating-point number" : p.kind == 4 ? "a struct" : "an integer");
      if (auto e = scalar_bytes(p, name, given->second, storage)) return *e;
    }
  }
  for (auto& s : im.arg_storage) im.args.push_back(s.data());

  // __device__ variables and __shared__ arrays, from the symbol table.
  std::string elf_error;
  const std::vector<student::ElfObject> objects = student::elf_objects(lib.library, elf_error);
  if (!elf_error.empty()) return elf_error;
  std::vector<student::ElfObject> shared, device;
  for (const student::ElfObject& o : objects) {
    if (o.function || o.size == 0 || o.name.empty() || o.name.rfind("ws_rt_", 0) == 0 || o.name.rfind("_", 0) == 0 ||
        o.name.find(' ') != std::string::npos || o.owner == "std" || o.owner.rfind("std::", 0) == 0 ||
        o.owner.rfind("__gnu", 0) == 0)
      continue;
    // An array of another __global__ function of the file is not this launch's.
    const bool other_kernel = !o.owner.empty() && o.owner != src.entry.substr(0, src.entry.find('<')) &&
                              std::find(src.kernels.begin(), src.kernels.end(), o.owner) != src.kernels.end();
    if (o.section == "ws_shared" && !other_kernel) shared.push_back(o);
    else if (o.section == ".data" || o.section == ".bss") device.push_back(o);
  }
  std::sort(shared.begin(), shared.end(), [](auto& a, auto& b) { return a.offset < b.offset; });
  // Global first, then the static shared arrays: the recorder takes the dynamic one last.
  for (const auto& [objects, space] : {std::pair{&device, Space::Global}, std::pair{&shared, Space::Shared}})
    for (const student::ElfObject& o : *objects) {
      StudentRegion r;
      r.name = o.name;
      r.space = space;
      r.begin = im.library_base + o.offset;
      r.declared_bytes = r.reserved_bytes = o.size;
      r.sized = true;
      r.elem_bytes = o.size % 4 == 0 ? 4 : 1;
      im.regions.push_back(std::move(r));
    }
  if (launch.dynamic_shared_bytes > 0 || !src.extern_shared.empty()) {
    StudentRegion r;
    // Every extern __shared__ array is the launch's one dynamic buffer: named as the file names it.
    r.name = src.extern_shared.empty() ? std::string("dynamic shared") : fmt::format("{}", fmt::join(src.extern_shared, "/"));
    r.space = Space::Shared;
    r.dynamic = true;
    r.begin = reinterpret_cast<std::uintptr_t>(dynamic_shared);
    r.declared_bytes = static_cast<std::uint64_t>(launch.dynamic_shared_bytes);
    r.reserved_bytes = 232448;
    r.sized = true;
    r.elem_bytes = 4;
    im.regions.push_back(std::move(r));
  }

  // The descriptor the catalog's functions take.
  KernelDescriptor& d = k->descriptor_;
  d.name = im.entry_name;
  d.family = "student";
  d.title = im.source_path;
  d.source_path = im.source_path;
  const Geometry g{launch.grid, launch.block};
  d.geometry = [g](const KernelParams&) { return g; };
  Impl* impl = k->impl_.get();
  d.code.trace = [impl](const KernelParams&) { impl->run_thread(); };
  d.code.entry = [impl](const KernelParams&) { return impl->entry_name; };
  d.block_mapping = BlockMapping::Any;
  return k;
}

void StudentKernel::Impl::fill_shared() {
  for (std::size_t i = 0; i < regions.size(); ++i) {
    StudentRegion& r = regions[i];
    if (r.space != Space::Shared) continue;
    const std::uint64_t seed = mix(generation * 0x9e3779b97f4a7c15ull + i * 0x632be59bd9b4e019ull +
                                   static_cast<std::uint64_t>(block.x + 65536ll * block.y + (1ll << 32) * block.z));
    random_bytes(reinterpret_cast<unsigned char*>(r.begin), r.dynamic ? r.declared_bytes : r.reserved_bytes, seed);
  }
}

void StudentKernel::Impl::fill_pages(StudentRegion& r, std::uint64_t from, std::uint64_t to) {
  for (std::uint64_t page = from / kPage; page <= (to - 1) / kPage && page < r.page_generation.size(); ++page) {
    if (r.page_generation[page] == generation) continue;
    r.page_generation[page] = generation;
    random_bytes(reinterpret_cast<unsigned char*>(r.begin + page * kPage), kPage,
                 mix(generation * 0x9e3779b97f4a7c15ull ^ (r.begin + page * kPage)));
  }
}

void StudentKernel::Impl::run_thread() {
  std::lock_guard<std::mutex> one_at_a_time(running);
  AccessRecorder* rec = tracing;
  for (const auto& [array, bytes] : vector_reads) rec->read_rows_as_vectors(array, bytes);
  for (const StudentRegion& r : regions) {
    const std::uint64_t elements = r.declared_bytes / static_cast<std::uint64_t>(r.elem_bytes);
    const int cols = static_cast<int>(std::min<std::uint64_t>(elements, 0x7fffffff));
    rec->declare_array(r.name, r.space, 1, cols, cols, r.elem_bytes, r.dynamic);
  }
  const Dim3 b{static_cast<int>(blockIdx.x), static_cast<int>(blockIdx.y), static_cast<int>(blockIdx.z)};
  if (b.x != block.x || b.y != block.y || b.z != block.z || rec != block_recorder) {
    block = b;
    block_recorder = rec;
    fill_shared();
  }
  state->thread = {threadIdx.x, threadIdx.y, threadIdx.z};
  state->block = {blockIdx.x, blockIdx.y, blockIdx.z};
  state->block_dim = {blockDim.x, blockDim.y, blockDim.z};
  state->grid_dim = {gridDim.x, gridDim.y, gridDim.z};
  block_dim = {static_cast<int>(blockDim.x), static_cast<int>(blockDim.y), static_cast<int>(blockDim.z)};
  thread_linear = static_cast<int>(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z));
  phase = 0;
  if (stack_high == 0) {
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
      void* low = nullptr;
      std::size_t size = 0;
      pthread_attr_getstack(&attr, &low, &size);
      stack_low = reinterpret_cast<std::uintptr_t>(low);
      stack_high = stack_low + size;
      pthread_attr_destroy(&attr);
    }
  }
  Impl* const outer = active;
  active = this;
  if (setjmp(escape) == 0) {
    entry->run(args.data());
  } else {
    active = outer;
    std::exception_ptr e = std::move(pending);
    pending = nullptr;
    std::rethrow_exception(e);
  }
  active = outer;
  if (races) {
    fewest_barriers = std::min(fewest_barriers, phase);
    most_barriers = std::max(most_barriers, phase);
  }
}

SourcePlace StudentKernel::Impl::place_of(std::uintptr_t pc, std::uintptr_t caller_pc) {
  const SourcePlace here = place_of(pc);
  if (here.line > 0 || caller_pc < library_begin || caller_pc >= library_end) return here;
  return place_of(caller_pc);
}

SourcePlace StudentKernel::Impl::place_of(std::uintptr_t pc) {
  if (const auto it = places.find(pc); it != places.end()) return it->second;
  SourcePlace at;
  const std::string offset = fmt::format("0x{:x}", pc - 1 - library_base);  // the call, not the return address
  auto parse = [&](const std::string& line) {
    // "FILE:LINE:COLUMN" or "FILE:LINE"; only the student's file counts.
    if (line.rfind(source_path + ":", 0) != 0) return false;
    const char* p = line.c_str() + source_path.size() + 1;
    at.line = std::atoi(p);
    if (const char* c = std::strchr(p, ':')) at.column = std::atoi(c + 1);
    return at.line > 0;
  };
  if (!symbolizer_tried) {
    symbolizer_tried = true;
    if (auto s = student::find_program({"llvm-symbolizer", "llvm-symbolizer-19", "llvm-symbolizer-18", "llvm-symbolizer-17",
                                        "llvm-symbolizer-16", "llvm-symbolizer-15", "llvm-symbolizer-14"}))
      symbolizer = std::make_unique<student::Conversation>(
          std::vector<std::string>{*s, "--obj=" + library.string(), "--functions=none", "--inlines"});
  }
  bool found = false;
  if (symbolizer && symbolizer->running()) {
    if (auto lines = symbolizer->ask(offset))
      for (const std::string& l : *lines)
        if ((found = parse(l))) break;
  } else if (auto a2l = student::find_program({"addr2line"})) {
    const student::ProcessResult r =
        student::run_process({*a2l, "-i", "-e", library.string(), offset}, std::chrono::seconds(10));
    std::stringstream lines(r.output);
    for (std::string l; !found && std::getline(lines, l);) found = parse(l.substr(0, l.find(' ')));
  }
  // Without a column (addr2line), each instruction of a line is a site of its own:
  // a made-up column, negative, in the order they are met.
  if (at.line > 0 && at.column == 0) at.column = -(++columnless[at.line]);
  places.emplace(pc, at);
  return at;
}

void StudentKernel::Impl::on_access(std::uintptr_t pc, std::uintptr_t caller_pc, std::uintptr_t address,
                                    std::uint64_t bytes, bool write, bool atomic) {
  int index = -1;
  for (std::size_t i = 0; i < regions.size(); ++i) {
    const StudentRegion& r = regions[i];
    if (address >= r.begin && address < r.begin + r.reserved_bytes) {
      index = static_cast<int>(i);
      break;
    }
  }
  if (index < 0) {
    // The thread's own variables and the library's other data are not arrays.
    if ((address >= stack_low && address < stack_high) || (address >= library_begin && address < library_end)) return;
    const SourcePlace at = place_of(pc, caller_pc);
    if (at.line == 0) return;  // a library function's own data, not the kernel's
    throw StudentTraceError(fmt::format(
        "{}:{}:{}: thread ({},{},{}) of block ({},{},{}) {} address 0x{:x}, which is in no array of the kernel "
        "(an index far out of range, or one computed from a value read from memory)",
        source_path, at.line, at.column, state->thread.x, state->thread.y, state->thread.z, block.x, block.y, block.z,
        write ? "writes" : "reads", address));
  }
  StudentRegion& r = regions[static_cast<std::size_t>(index)];
  const std::uint64_t offset = address - r.begin;
  if (r.fill_by_page) fill_pages(r, offset, offset + bytes);
  r.touched_end = std::max(r.touched_end, offset + bytes);
  SourcePlace at = place_of(pc, caller_pc);
  // A site is one place and one kind of access: a load and a store the
  // symbolizer puts at the same column (a[i]++) stay two sites.
  const auto [kind, fresh] = place_kind.try_emplace({at.line, at.column}, std::pair{index, write});
  if (!fresh && kind->second != std::pair{index, write}) at.column += kOtherAccessColumn;
  // An atomic reads and writes its word in one instruction, served by the banks
  // as a load of the same addresses is (docs/hardware-model.md, "Shared atomics"):
  // recorded as that load, its site remembered as an atomic.
  if (atomic) atomic_places.insert({at.line, at.column});
  if (offset + bytes > r.declared_bytes && out_of_range.size() < 64) {
    const bool seen = std::any_of(out_of_range.begin(), out_of_range.end(), [&](const StudentOutOfRange& o) {
      return o.line == at.line && o.column == at.column && o.array == r.name;
    });
    if (!seen)
      out_of_range.push_back({r.name, at.line, at.column, static_cast<long long>(offset / r.elem_bytes),
                              static_cast<long long>(r.declared_bytes / r.elem_bytes), block,
                              Dim3{static_cast<int>(state->thread.x), static_cast<int>(state->thread.y),
                                   static_cast<int>(state->thread.z)}});
  }
  if (races && r.space == Space::Shared)
    for (std::uint64_t w = offset / 4; w <= (offset + bytes - 1) / 4; ++w)
      if (!atomic) races->access(index, w, thread_linear, phase, write, at);  // atomics never race
  if (!tracing) return;
  // One access per machine instruction: a struct copied whole (12 bytes) is
  // loaded in pieces as wide as both its size and its address allow.
  const std::uint64_t widest = std::gcd<std::uint64_t>(bytes, 16);
  const std::uint64_t base = tracing->array(index).base;
  for (std::uint64_t done = 0; done < bytes;) {
    std::uint64_t w = widest;
    while (w > 1 && ((address + done) % w != 0 || done + w > bytes)) w /= 2;
    tracing->access(at.line, at.column, index, write ? Op::Store : Op::Load, static_cast<int>(w), Ldmatrix::None,
                    base + offset + done);
    done += w;
  }
}

}  // namespace ws::kernels
