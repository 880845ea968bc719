// The analysis allocates nothing on the heap per instruction: count calls to
// operator new while analysing (this binary replaces the global allocator).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "test_helpers.hpp"
#include "ws/global_analysis.hpp"
#include "ws/shared_analysis.hpp"

namespace {
std::atomic<long> g_allocations{0};
}

void* operator new(std::size_t n) {
  ++g_allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace ws {
namespace {

TEST(NoAllocation, AnalysesAllocateNothing) {
  std::vector<WarpAccess> accesses;
  for (int bytes : {1, 2, 4, 8, 16})
    for (int stride : {0, 1, 2, 3, 32, 33})
      accesses.push_back(test::shared_load(bytes, [&](int i) { return 1024u + 1u * bytes * stride * i; }));
  WarpAccess ldsm = test::shared_load(16, [](int i) { return 128u * i; });
  ldsm.ldmatrix = Ldmatrix::X4;
  accesses.push_back(ldsm);

  SharedResult shared;
  GlobalResult global;
  const long before = g_allocations.load();
  int sink = 0;
  for (const ArchPreset& arch : all_presets())
    for (const WarpAccess& a : accesses) {
      if (!arch.allows_width(a.bytes)) continue;
      analyze_shared(a, arch, shared);
      sink += shared.wavefronts + count_shared(a, arch).wavefronts;
      analyze_global(a, arch.warp_lanes, global);
      sink += global.sectors;
    }
  EXPECT_EQ(g_allocations.load() - before, 0);
  EXPECT_GT(sink, 0);
}

}  // namespace
}  // namespace ws
