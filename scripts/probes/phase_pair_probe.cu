// Which pair of phase forms keeps the four shared-memory transposes within 3%
// of NVIDIA's sample at every shape with 16 to 64 tile columns (the all-shapes
// sweep, scripts/twin-sweep.sh, and many_rows_probe.cu found the committed body
// up to 25% behind where each thread carries many rows: 16 x 1, 32 x 1, 64 x 1,
// 64 x 2). Form 100 + 10 P + Q as phase_forms.cuh numbers them. Form 0 is the
// catalog's body as built: in the recorded runs (runs/*-phase-pair-probe-2026-11-26.txt)
// that was P 0, Q 0; the catalog took P 1, Q 2 after them (read_then_store_rows).
// Against the sample (form 3) and the committed body (form 0) in the same run,
// 8192^2, 200 interleaved launches each. Not part of the build; on a GPU:
//   nvcc -O3 -arch=sm_90 -std=c++20 -Ikernels/include -Isim/include scripts/probes/phase_pair_probe.cu -o p && ./p
#define WS_PHASE_FORMS_ONLY
#include "phase_forms.cuh"

int main() {
#define FORMS(T, R, L) V(T, R, L, 3), V(T, R, L, 0), V(T, R, L, 110), V(T, R, L, 111), V(T, R, L, 112), \
                       V(T, R, L, 113), V(T, R, L, 103)
  const ProbeVariant vs[] = {LAYOUTS(16, 1), LAYOUTS(16, 2), LAYOUTS(16, 4), LAYOUTS(16, 8), LAYOUTS(16, 16),
                             LAYOUTS(32, 1), LAYOUTS(32, 2), LAYOUTS(32, 4), LAYOUTS(32, 8), LAYOUTS(32, 16),
                             LAYOUTS(32, 32), LAYOUTS(64, 1), LAYOUTS(64, 2), LAYOUTS(64, 4), LAYOUTS(64, 8),
                             LAYOUTS(64, 16)};
  return run_probe(vs, sizeof(vs) / sizeof(vs[0]), 28);
}
