// The follow-up to edge_check_probe.cu: the catalog's edge checks with the shared
// array's address (and optionally the global pointers) formed at the top by an
// empty asm, against the sample (mode 0) and the checks alone, at the tile shapes
// the catalog offers; 8192^2, 200 interleaved launches each. Mode 5 is what
// WS_SHARED does now (kernels/include/ws/kernels/cuda_like.hpp). Not part of the
// build; on a GPU:
//   nvcc -O3 -arch=sm_90 -std=c++17 shared_address_probe.cu -o p && ./p
// H100 output: assets/measurements/runs/h100-shared-address-probe-2026-11-25.txt
// (recorded before the timing loop moved into probe_harness.cuh; same kernels, same method)
#include "probe_harness.cuh"

template <class P> __device__ __forceinline__ P pin(P p) { asm volatile("" : "+l"(p)); return p; }
// A global pointer pinned without losing its state space: through cvta.to.global and back.
template <class P> __device__ __forceinline__ P* pin_global(P* p) {
  size_t g = __cvta_generic_to_global(p);
  asm volatile("" : "+l"(g));
  return static_cast<P*>(__cvta_global_to_generic(g));
}

// MODE 0: the sample (no checks); 1: checks, interior path only; 6: the catalog
// (checks and edge path); 5: the catalog + the shared address formed at the top;
// 7: 5 + global pointers pinned through cvta. 2-4 pin the pointers with a plain
// "+l" asm, which loses their state space (generic LD/ST instead of LDG/STG: 23%
// slower at 32 x 8 in a first run), so they are no longer timed.
template <int T, int R, int MODE>
__global__ void probe(float* odata_arg, const float* __restrict__ idata_arg, int width, int height) {
  __shared__ float tile[T][T + 1];
  const float* __restrict__ idata = MODE == 2 || MODE == 3 || MODE == 4 ? pin(idata_arg) : MODE == 7 ? pin_global(idata_arg) : idata_arg;
  float* __restrict__ odata = MODE == 2 || MODE == 3 || MODE == 4 ? pin(odata_arg) : MODE == 7 ? pin_global(odata_arg) : odata_arg;
  if (MODE >= 3 && MODE != 6) asm volatile("" :: "l"(&tile[0][0]));
  int x = blockIdx.x * T + threadIdx.x;
  int y = blockIdx.y * T + threadIdx.y;
  if (MODE == 0 || (x < width && y + T - R < height)) {
#pragma unroll
    for (int j = 0; j < T; j += R) tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  } else if ((MODE == 4 || MODE >= 5) && x < width) {
#pragma unroll
    for (int j = 0; j < T && y + j < height; j += R) tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  }
  __syncthreads();
  x = blockIdx.y * T + threadIdx.x; y = blockIdx.x * T + threadIdx.y;
  if (MODE == 0 || (x < height && y + T - R < width)) {
#pragma unroll
    for (int j = 0; j < T; j += R) odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
  } else if ((MODE == 4 || MODE >= 5) && x < height) {
#pragma unroll
    for (int j = 0; j < T && y + j < width; j += R) odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
  }
}

template <int T, int R, int MODE>
void launch(dim3 g, dim3 b, float* out, const float* in, int n) {
  probe<T, R, MODE><<<g, b>>>(out, in, n, n);
}

int main() {
#define V(T, R, M) {#T "x" #R " mode " #M, launch<T, R, M>, T, R}
  const ProbeVariant vs[] = {V(32, 32, 0), V(32, 32, 1), V(32, 32, 6), V(32, 32, 5), V(32, 32, 7),
                  V(16, 16, 0), V(16, 16, 1), V(16, 16, 6), V(16, 16, 5), V(16, 16, 7),
                  V(32, 8, 0), V(32, 8, 1), V(32, 8, 6), V(32, 8, 5), V(32, 8, 7), V(32, 16, 0), V(32, 16, 1), V(32, 16, 6), V(32, 16, 5), V(32, 16, 7),
                  V(16, 4, 0), V(16, 4, 1), V(16, 4, 6), V(16, 4, 5), V(16, 4, 7), V(64, 16, 0), V(64, 16, 1), V(64, 16, 6), V(64, 16, 5), V(64, 16, 7)};
  return run_probe(vs, sizeof(vs) / sizeof(vs[0]), 22);
}
