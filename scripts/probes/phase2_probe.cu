// The follow-up to shared_address_probe.cu: with the shared address formed up
// front, the catalog's one-element-per-thread transposes (T x T threads) still
// trailed NVIDIA's sample by 3-4% at 32 x 32. Which check costs it, and whether
// holding the second phase's coordinates from before the barrier gets it back:
// every tile layout, 8192^2, 200 interleaved launches each. Not part of the
// build; on a GPU:
//   nvcc -O3 -arch=sm_90 -std=c++17 phase2_probe.cu -o p && ./p
// H100 output: assets/measurements/runs/h100-phase2-probe-2026-11-25.txt. Form 4
// closed the gap here (plain __restrict__ kernel arguments); carried into the
// catalog it made the transposes slower and was reverted:
// assets/measurements/runs/tilerows-experiment-2026-11-25.txt says why.
#include "probe_harness.cuh"

__device__ __forceinline__ void keep_shared(const void* p) { asm volatile("" ::"l"(p)); }
// An opaque copy: the value must exist here and cannot be recomputed later.
__device__ __forceinline__ int hold(int v) {
  asm volatile("" : "+r"(v));
  return v;
}

// L (layout) 0: tile[T][T]; 1: tile[T][T + 1]; 2: rotated; 3: XOR.
// FORM 0: the sample (no checks, indices up front).
//      1: the catalog today (checks with interior and edge paths, output coordinates after the barrier).
//      2: 1 with the output coordinates computed before the barrier.
//      3: 2 with those coordinates held (opaque) across the barrier.
//      4: 3 with the output check's outcome held too.
//      5: checks in phase 1 only;  6: checks in phase 2 only (both as in 1).
template <int T, int R, int L, int FORM>
__global__ void probe(float* __restrict__ odata, const float* __restrict__ idata, int width, int height) {
  constexpr int P = L == 1 ? T + 1 : T;
  __shared__ float tile[T][P];
  if (FORM != 0) keep_shared(tile);
  const bool check_in = FORM != 0 && FORM != 6, check_out = FORM != 0 && FORM != 5;
  int x = blockIdx.x * T + threadIdx.x;
  int y = blockIdx.y * T + threadIdx.y;
  int xo = blockIdx.y * T + threadIdx.x, yo = blockIdx.x * T + threadIdx.y;
  bool out_ok = xo < height && yo + T - R < width;
  if (FORM == 3 || FORM == 4) { xo = hold(xo); yo = hold(yo); }
  if (FORM == 4) out_ok = hold(out_ok);
  if (!check_in || (x < width && y + T - R < height)) {
#pragma unroll
    for (int j = 0; j < T; j += R) tile[threadIdx.y + j][tile_column<T, L>(threadIdx.y + j, threadIdx.x)] = idata[(y + j) * width + x];
  } else if (x < width) {
#pragma unroll
    for (int j = 0; j < T && y + j < height; j += R)
      tile[threadIdx.y + j][tile_column<T, L>(threadIdx.y + j, threadIdx.x)] = idata[(y + j) * width + x];
  }
  __syncthreads();
  if (FORM == 1 || FORM == 5 || FORM == 6) {
    xo = blockIdx.y * T + threadIdx.x;
    yo = blockIdx.x * T + threadIdx.y;
    out_ok = xo < height && yo + T - R < width;
  }
  if (!check_out || out_ok) {
#pragma unroll
    for (int j = 0; j < T; j += R) odata[(yo + j) * height + xo] = tile[threadIdx.x][tile_column<T, L>(threadIdx.x, threadIdx.y + j)];
  } else if (xo < height) {
#pragma unroll
    for (int j = 0; j < T && yo + j < width; j += R)
      odata[(yo + j) * height + xo] = tile[threadIdx.x][tile_column<T, L>(threadIdx.x, threadIdx.y + j)];
  }
}

template <int T, int R, int L, int FORM>
void launch(dim3 g, dim3 b, float* out, const float* in, int n) {
  probe<T, R, L, FORM><<<g, b>>>(out, in, n, n);
}

int main() {
#define V(T, R, L, F) {#T "x" #R " layout " #L " form " #F, launch<T, R, L, F>, T, R}
#define FORMS(T, R, L) V(T, R, L, 0), V(T, R, L, 1), V(T, R, L, 2), V(T, R, L, 3), V(T, R, L, 4), V(T, R, L, 5), V(T, R, L, 6)
  const ProbeVariant vs[] = {FORMS(32, 32, 0), FORMS(32, 32, 1), FORMS(32, 32, 2), FORMS(32, 32, 3),
                             FORMS(16, 16, 0), FORMS(16, 16, 2), FORMS(32, 8, 0), FORMS(32, 8, 2)};
  return run_probe(vs, sizeof(vs) / sizeof(vs[0]), 26);
}
