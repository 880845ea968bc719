// The shapes where each thread carries many rows of the tile (TILE / BLOCK_ROWS
// of 8 to 64: 16 x 1, 16 x 2, 32 x 1, 32 x 2, 64 x 1 ... 64 x 8), which the
// all-shapes sweep (scripts/twin-sweep.sh) found up to 25% behind NVIDIA's
// sample on the H100 for tile[T][T] and 15% for the padded 16 x 1 and 64 x 1,
// with 32 x 8 as the control; every layout. Against the sample (form 3) and the
// catalog's body as built (form 0; in the recorded run phase 1 one checked loop,
// phase 2 volatile reads of all rows, then tile_rows' stores), same run, 8192^2, 200 interleaved launches each:
//   110  phase 1 through tile_rows (the body before the checked loop), phase 2 as committed
//   101  phase 2 one row at a time: a volatile read, then that row's checked store
//   102  phase 2 in groups of at most 4 rows: 4 volatile reads, then their checked stores
// (phase_forms.cuh; runs/h100-many-rows-probe-2026-11-26.txt names them 11, 13 and 15,
// its numbers before the forms moved into that header).
// Not part of the build; on a GPU, from the repository root:
//   nvcc -O3 -arch=sm_90 -std=c++20 -Ikernels/include -Isim/include scripts/probes/many_rows_probe.cu -o p && ./p
#define WS_PHASE_FORMS_ONLY
#include "phase_forms.cuh"

int main() {
#define FORMS(T, R, L) V(T, R, L, 3), V(T, R, L, 0), V(T, R, L, 110), V(T, R, L, 101), V(T, R, L, 102)
  const ProbeVariant vs[] = {LAYOUTS(16, 1), LAYOUTS(16, 2), LAYOUTS(32, 1), LAYOUTS(32, 2), LAYOUTS(64, 1),
                             LAYOUTS(64, 2), LAYOUTS(64, 4),  LAYOUTS(64, 8), LAYOUTS(32, 8)};
  return run_probe(vs, sizeof(vs) / sizeof(vs[0]), 26);
}
