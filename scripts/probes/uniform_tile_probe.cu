// Whether deciding "the whole tile is inside the matrix" once per block (a
// condition of blockIdx and the sizes only, so the compiler knows it is uniform)
// brings the shared-memory transposes within 3% of NVIDIA's sample at the shapes
// where the body of eef6e9d (phase_forms.cuh 112) was not: 32 x 16, 64 x 16 and
// 64 x 2 on the H200 (runs/*-phase-pair-probe-2026-11-26.txt). The catalog took
// form 141 after these runs (tell_inside, rows_into_tile, tile_into_rows in
// ws/kernels/transpose.hpp). Form 0 is the catalog's body as built; in the
// recorded runs (runs/h200-uniform-tile-probe-2026-11-26.txt) that was eef6e9d's.
// "The committed body" below is eef6e9d's.
//   120  one uniform branch around both phases; inside: the sample's two loops
//        (no checks), each tile read a volatile_read; outside: the committed body
//   121  as 120, inside the second phase reads up to 4 rows, then stores them
//   122  one uniform branch per phase (what a helper per phase would give)
//   124  as 120 with plain tile reads (the compiler may merge them: not for the
//        catalog, whose traced widths must stay 4 bytes; shows what volatile costs)
//   140  the committed body, but the interior path of phase 1 loads all of a
//        thread's rows into registers before it stores any (as the sample's SASS does)
//   5    the benchmark's hand-written twin: as the sample, with int tile indices
//   141  up to 4 rows per thread 120, above 140
//   130  per thread, by rows per thread: up to 4 one checked loop and all reads
//        first (phase_forms.cuh 100), above 4 the committed body
//   160  141 in a kernel with __launch_bounds__(TILE * BLOCK_ROWS); 161 the committed body so
//   2PUFGG  for many rows per thread, see grid_form
// 8192^2, 200 interleaved launches each; ./p RUN times the forms of recorded run RUN (1-5,
// in main). Not part of the build; on a GPU:
//   nvcc -O3 -arch=sm_90 -std=c++20 -Ikernels/include -Isim/include scripts/probes/uniform_tile_probe.cu -o p && ./p 5
#include "phase_forms.cuh"

template <int TILE, int BLOCK_ROWS, int L, bool VOLATILE, int GROUP, class T, class Tile>
__device__ inline void unchecked_phases(Tile& tile, wk::In<T> in, wk::Out<T> out, int width, int height) {
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
#pragma unroll
  for (int j = 0; j < TILE; j += BLOCK_ROWS) {
    const int r = threadIdx.y + j, c = threadIdx.x;
    tile[r][tile_column<TILE, L>(r, c)] = in[(y + j) * width + x];
  }
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  auto word = [&](int j) {
    const int r = threadIdx.x, c = threadIdx.y + j;
    if constexpr (VOLATILE) return wk::volatile_read(tile[r][tile_column<TILE, L>(r, c)]);
    else return tile[r][tile_column<TILE, L>(r, c)];
  };
  // groups of GROUP rows, reads then stores, no check
  wk::tile_into_rows<TILE, BLOCK_ROWS, GROUP>(wk::TileInside{}, true, y, width, word,
                                              [&](int j, T v) { out[(y + j) * height + x] = v; });
}

template <int TILE, int BLOCK_ROWS, int L, int FORM, class T>
__device__ inline void uniform_candidate(wk::In<T> in, wk::Out<T> out, int width, int height) {
  constexpr int N = TILE / BLOCK_ROWS, G4 = N < 4 ? N : 4;
  const bool inside = (blockIdx.x + 1) * TILE <= width && (blockIdx.y + 1) * TILE <= height;
  if constexpr (FORM == 122) {
    WS_SHARED(T, tile, [TILE][L == 1 ? TILE + 1 : TILE]);
    int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
    if (inside) {
#pragma unroll
      for (int j = 0; j < TILE; j += BLOCK_ROWS) {
        const int r = threadIdx.y + j, c = threadIdx.x;
        tile[r][tile_column<TILE, L>(r, c)] = in[(y + j) * width + x];
      }
    } else {
      fill_tile<TILE, BLOCK_ROWS, L>(tile, in, width, height);
    }
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    auto word = [&](int j) {
      const int r = threadIdx.x, c = threadIdx.y + j;
      return wk::volatile_read(tile[r][tile_column<TILE, L>(r, c)]);
    };
    if (inside) {
#pragma unroll
      for (int j = 0; j < TILE; j += BLOCK_ROWS) out[(y + j) * height + x] = word(j);
    } else {
      // eef6e9d's second phase (read_then_store_rows): groups of up to 4, reads then checked stores
      wk::tile_into_rows<TILE, BLOCK_ROWS, 4>(wk::BlockInside{false}, x < height, y, width, word,
                                                 [&](int j, T v) { out[(y + j) * height + x] = v; });
    }
  } else if (inside) {
    WS_SHARED(T, tile, [TILE][L == 1 ? TILE + 1 : TILE]);
    if constexpr (FORM == 120) unchecked_phases<TILE, BLOCK_ROWS, L, true, 1, T>(tile, in, out, width, height);
    if constexpr (FORM == 121) unchecked_phases<TILE, BLOCK_ROWS, L, true, G4, T>(tile, in, out, width, height);
    if constexpr (FORM == 124) unchecked_phases<TILE, BLOCK_ROWS, L, false, 1, T>(tile, in, out, width, height);
  } else {
    phase_form<TILE, BLOCK_ROWS, L, 112, T>(in, out, width, height);  // the body of eef6e9d
  }
}

// Forms 2PUFGG (200000 + 10000 P + 1000 U + 100 F + GG) for the many-rows shapes: phase 1's unchecked path taken per block
// (U = 1: a uniform condition) or per thread (U = 0), loading all rows before
// storing any (F = 1) or not; phase 2 in groups of GG rows, unchecked per block
// when U = 1, software-pipelined when P = 1 (the next group's reads before this
// group's stores).
template <int TILE, int BLOCK_ROWS, int L, int FORM, class T>
__device__ inline void grid_form(wk::In<T> in, wk::Out<T> out, int width, int height) {
  constexpr int N = TILE / BLOCK_ROWS, P = FORM / 10000 % 10, U = FORM / 1000 % 10, F = FORM / 100 % 10, G0 = FORM % 100;
  constexpr int G = G0 < N ? G0 : N;
  WS_SHARED(T, tile, [TILE][L == 1 ? TILE + 1 : TILE]);
  const bool block_inside = (blockIdx.x + 1) * TILE <= width && (blockIdx.y + 1) * TILE <= height;
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  if (U ? block_inside : x < width && y + TILE - BLOCK_ROWS < height) {
    if constexpr (F == 1) {
      T v[N];
#pragma unroll
      for (int j = 0; j < TILE; j += BLOCK_ROWS) v[j / BLOCK_ROWS] = in[(y + j) * width + x];
#pragma unroll
      for (int j = 0; j < TILE; j += BLOCK_ROWS) {
        const int r = threadIdx.y + j, c = threadIdx.x;
        tile[r][tile_column<TILE, L>(r, c)] = v[j / BLOCK_ROWS];
      }
    } else {
#pragma unroll
      for (int j = 0; j < TILE; j += BLOCK_ROWS) {
        const int r = threadIdx.y + j, c = threadIdx.x;
        tile[r][tile_column<TILE, L>(r, c)] = in[(y + j) * width + x];
      }
    }
  } else if (x < width) {
#pragma unroll
    for (int j = 0; j < TILE && y + j < height; j += BLOCK_ROWS) {
      const int r = threadIdx.y + j, c = threadIdx.x;
      tile[r][tile_column<TILE, L>(r, c)] = in[(y + j) * width + x];
    }
  }
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  const bool unchecked = U && block_inside;
  auto read = [&](int j) {
    const int r = threadIdx.x, c = threadIdx.y + j;
    return wk::volatile_read(tile[r][tile_column<TILE, L>(r, c)]);
  };
  auto store = [&](int j, T v) {
    if (unchecked || (x < height && y + j < width)) out[(y + j) * height + x] = v;
  };
  if constexpr (P == 1) {  // software-pipelined: group g + 1's reads before group g's stores
    T cur[G], next[G];
#pragma unroll
    for (int k = 0; k < G; ++k) cur[k] = read(k * BLOCK_ROWS);
#pragma unroll
    for (int j0 = 0; j0 < TILE; j0 += G * BLOCK_ROWS) {
      if (j0 + G * BLOCK_ROWS < TILE) {
#pragma unroll
        for (int k = 0; k < G; ++k) next[k] = read(j0 + (G + k) * BLOCK_ROWS);
      }
#pragma unroll
      for (int k = 0; k < G; ++k) store(j0 + k * BLOCK_ROWS, cur[k]);
#pragma unroll
      for (int k = 0; k < G; ++k) cur[k] = next[k];
    }
  } else {  // groups of G, reads then stores (store() checks)
    wk::tile_into_rows<TILE, BLOCK_ROWS, G>(wk::TileInside{}, true, y, width, read, store);
  }
}

template <int TILE, int BLOCK_ROWS, int L, int FORM, class T>
__device__ inline void candidate(wk::In<T> in, wk::Out<T> out, int width, int height) {
  if constexpr (FORM >= 200000) {
    grid_form<TILE, BLOCK_ROWS, L, FORM, T>(in, out, width, height);
  } else if constexpr (FORM == 140 || (FORM == 141 && TILE / BLOCK_ROWS > 4)) {
    grid_form<TILE, BLOCK_ROWS, L, 200104, T>(in, out, width, height);  // the same code: per thread, loads first, 4 ahead
  } else if constexpr (FORM == 5) {  // the benchmark's twin: the sample with int r, c (form 3 deduces unsigned)
    WS_SHARED(T, tile, [TILE][L == 1 ? TILE + 1 : TILE]);
    unchecked_phases<TILE, BLOCK_ROWS, L, false, 1, T>(tile, in, out, width, height);
  } else if constexpr (FORM == 141) {
    uniform_candidate<TILE, BLOCK_ROWS, L, 120, T>(in, out, width, height);
  } else if constexpr (FORM == 130) {
    if constexpr (TILE / BLOCK_ROWS <= 4) phase_form<TILE, BLOCK_ROWS, L, 100, T>(in, out, width, height);
    else phase_form<TILE, BLOCK_ROWS, L, 112, T>(in, out, width, height);
  } else {
    uniform_candidate<TILE, BLOCK_ROWS, L, FORM, T>(in, out, width, height);
  }
}

// Forms 160 and 161: 141 and the committed body (0) in a kernel that declares its
// block size, __launch_bounds__(TILE * BLOCK_ROWS), as the catalog's entry could.
template <int TILE, int BLOCK_ROWS, int L, int FORM>
__global__ void __launch_bounds__(TILE * BLOCK_ROWS) bounded_entry(Arrays a, wk::KernelParams p) {
  const auto in = static_cast<const float*>(a.p[0]);
  const auto out = static_cast<float*>(a.p[1]);
  if constexpr (FORM == 161) {
    phase_form<TILE, BLOCK_ROWS, L, 112, float>(in, out, p.cols, p.rows);  // the body of eef6e9d
  } else {
    candidate<TILE, BLOCK_ROWS, L, 141, float>(in, out, p.cols, p.rows);
  }
}
template <int T, int R, int L, int FORM>
void bounded_launch(dim3 g, dim3 b, float* out, const float* in, int n) {
  launch_with<T, R>(bounded_entry<T, R, L, FORM>, g, b, out, in, n);
}
#define VB(T, R, L, F) {#T "x" #R " layout " #L " form " #F, bounded_launch<T, R, L, F>, T, R}

// The recorded runs, each a list of forms over a list of shapes.
#define ALL_SHAPES                                                                                          \
  LAYOUTS(16, 1), LAYOUTS(16, 2), LAYOUTS(16, 4), LAYOUTS(16, 8), LAYOUTS(16, 16), LAYOUTS(32, 1), LAYOUTS(32, 2), \
      LAYOUTS(32, 4), LAYOUTS(32, 8), LAYOUTS(32, 16), LAYOUTS(32, 32), LAYOUTS(64, 1), LAYOUTS(64, 2),            \
      LAYOUTS(64, 4), LAYOUTS(64, 8), LAYOUTS(64, 16)
#define FORMS(T, R, L) V(T, R, L, 3), V(T, R, L, 0), V(T, R, L, 120), V(T, R, L, 121), V(T, R, L, 122), \
                       V(T, R, L, 124), V(T, R, L, 130)
const ProbeVariant run1[] = {ALL_SHAPES};
#undef FORMS
#define FORMS(T, R, L) V(T, R, L, 3), V(T, R, L, 5), V(T, R, L, 0), V(T, R, L, 120), V(T, R, L, 140), \
                       V(T, R, L, 141), VB(T, R, L, 160), VB(T, R, L, 161)
const ProbeVariant run2[] = {ALL_SHAPES};  // 2 and 3: run 2 was this without 160 and 161
#undef FORMS
#define FORMS(T, R, L) V(T, R, L, 5), V(T, R, L, 0), V(T, R, L, 141), V(T, R, L, 201104), V(T, R, L, 201101), \
                       V(T, R, L, 201004), V(T, R, L, 201001), V(T, R, L, 200104), V(T, R, L, 200108),         \
                       V(T, R, L, 200102), V(T, R, L, 201132)
#define MANY_ROWS LAYOUTS(16, 1), LAYOUTS(16, 2), LAYOUTS(32, 1), LAYOUTS(32, 2), LAYOUTS(32, 4), \
                  LAYOUTS(64, 1), LAYOUTS(64, 2), LAYOUTS(64, 4), LAYOUTS(64, 8)
const ProbeVariant run4[] = {MANY_ROWS};
#undef FORMS
#define FORMS(T, R, L) V(T, R, L, 5), V(T, R, L, 141), V(T, R, L, 201104), V(T, R, L, 201108), V(T, R, L, 201116), \
                       V(T, R, L, 201132), V(T, R, L, 200116), V(T, R, L, 200132), V(T, R, L, 201016), V(T, R, L, 201032)
const ProbeVariant run5[] = {LAYOUTS(16, 1), LAYOUTS(32, 1), LAYOUTS(32, 2), LAYOUTS(64, 1), LAYOUTS(64, 2),
                             LAYOUTS(64, 4)};
#undef FORMS
#define FORMS(T, R, L) V(T, R, L, 5), V(T, R, L, 141), V(T, R, L, 201132), V(T, R, L, 211104), V(T, R, L, 211108), \
                       V(T, R, L, 210104), V(T, R, L, 210108), V(T, R, L, 211004), V(T, R, L, 211008)
const ProbeVariant run6[] = {MANY_ROWS};
#undef FORMS

int main(int argc, char** argv) {
  const int run = argc > 1 ? atoi(argv[1]) : 6;
  auto go = [](const ProbeVariant* vs, int n) { return run_probe(vs, n, 28); };
  if (run == 1) return go(run1, sizeof(run1) / sizeof(run1[0]));
  if (run == 2 || run == 3) return go(run2, sizeof(run2) / sizeof(run2[0]));
  if (run == 4) return go(run4, sizeof(run4) / sizeof(run4[0]));
  if (run == 5) return go(run5, sizeof(run5) / sizeof(run5[0]));
  return go(run6, sizeof(run6) / sizeof(run6[0]));
}
