// launch: --grid 64 --block 256 --arg n=32768 --dynamic-smem 2048
// Work-efficient (Blelloch) exclusive scan.
// Each block scans its own chunk of 2*blockDim.x elements; every thread
// handles two elements. The scan is done in two phases on a balanced tree:
//   up-sweep   (reduce): build partial sums in place
//   down-sweep        : walk back down the tree to produce the exclusive scan
// Shared memory: 2*blockDim.x floats, passed at launch (dynamic).

__global__ void scan_work_efficient(const float* in, float* out, int n)
{
    extern __shared__ float temp[];

    int thid = threadIdx.x;
    int m = 2 * blockDim.x;             // elements scanned by this block
    int base = m * blockIdx.x;          // start of this block's chunk

    // load two elements per thread (0 past the end of the input)
    int g0 = base + 2 * thid;
    int g1 = base + 2 * thid + 1;
    temp[2 * thid]     = (g0 < n) ? in[g0] : 0.0f;
    temp[2 * thid + 1] = (g1 < n) ? in[g1] : 0.0f;

    // up-sweep: build the sum tree in place
    int offset = 1;
    for (int d = m >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }

    // clear the last element (the root) for the exclusive scan
    if (thid == 0) {
        temp[m - 1] = 0.0f;
    }

    // down-sweep: traverse down the tree, swapping and adding
    for (int d = 1; d < m; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            float t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    __syncthreads();

    // write results back to global memory
    if (g0 < n) out[g0] = temp[2 * thid];
    if (g1 < n) out[g1] = temp[2 * thid + 1];
}
