// libFuzzer harness: the measurement-file loader (load_measurements, over
// nlohmann::json and params_from_json), then what the window and the fidelity
// test do with a loaded file: look entries up and check their parameters against
// the catalog on every preset. Input: the file's bytes, written to an in-memory
// file (memfd) so no disk is touched. A file warpscope cannot use must come back
// as an Error naming the file; crashes, hangs, sanitizer reports and escaping
// exceptions (nlohmann's type errors included) are findings.
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_check.hpp"
#include "ws/arch.hpp"
#include "ws/kernels/catalog.hpp"
#include "ws/kernels/measurements.hpp"

namespace {

// One memfd for the whole run; opened again by path on each load, as a file would be.
int memory_file() {
  static const int fd = [] {
    const int f = memfd_create("ws_measurements_fuzz.json", 0);
    if (f < 0) ws::fuzz::finding("memfd_create failed (not a finding in warpscope: the harness cannot run)");
    return f;
  }();
  return fd;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace wk = ws::kernels;
  const int fd = memory_file();
  if (ftruncate(fd, 0) != 0) ws::fuzz::finding("ftruncate failed");
  for (std::size_t done = 0; done < size;) {
    const ssize_t n = pwrite(fd, data + done, size - done, static_cast<off_t>(done));
    if (n <= 0) ws::fuzz::finding("pwrite failed");
    done += static_cast<std::size_t>(n);
  }
  const std::string path = "/proc/self/fd/" + std::to_string(fd);

  const ws::Result<wk::Measurements> loaded = wk::load_measurements(path);
  if (!loaded) {
    ws::fuzz::require_message(loaded.error().message, "load_measurements: error without a message");
    ws::fuzz::require(loaded.error().message.find(path) != std::string::npos,
                      "load_measurements: the error does not name the file");
    return 0;
  }
  const wk::Measurements& m = *loaded;
  ws::fuzz::require(m.path == path, "load_measurements: path not kept");
  for (const wk::MeasuredKernel& k : m.kernels) {
    ws::fuzz::require(m.find(k.key) != nullptr, "Measurements::find misses a loaded key");
    const wk::KernelDescriptor* d = wk::find_kernel(k.kernel);
    if (!d) continue;
    for (const ws::ArchPreset& arch : ws::all_presets()) {
      if (auto err = wk::check_params(*d, k.params, arch)) {
        ws::fuzz::require_message(*err, "check_params: error without a message");
        continue;
      }
      (void)wk::launch_config(*d, k.params);
    }
  }
  return 0;
}
