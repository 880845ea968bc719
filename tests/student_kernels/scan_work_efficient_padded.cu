// launch: --grid 64 --block 256 --arg n=32768 --dynamic-smem 2112
// Work-efficient (Blelloch) exclusive scan with bank-conflict avoidance
// (GPU Gems 3, chapter 39).
// In the plain version the tree indices are multiples of a growing power of
// two, so many threads of a warp hit the same bank. Here every shared-memory
// index gets one extra word of padding per NUM_BANKS words, which spreads
// those accesses across different banks.
// Shared memory: 2*blockDim.x + 2*blockDim.x/NUM_BANKS floats
// (512 + 16 = 528 floats = 2112 bytes for blockDim.x = 256).

#define NUM_BANKS 32
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)

__global__ void scan_work_efficient_padded(const float* in, float* out, int n)
{
    extern __shared__ float temp[];

    int thid = threadIdx.x;
    int m = 2 * blockDim.x;             // elements scanned by this block
    int base = m * blockIdx.x;          // start of this block's chunk

    // load: thread thid takes elements thid and thid + m/2 (coalesced),
    // and stores them at padded positions
    int ai = thid;
    int bi = thid + (m / 2);
    int bankOffsetA = CONFLICT_FREE_OFFSET(ai);
    int bankOffsetB = CONFLICT_FREE_OFFSET(bi);
    temp[ai + bankOffsetA] = (base + ai < n) ? in[base + ai] : 0.0f;
    temp[bi + bankOffsetB] = (base + bi < n) ? in[base + bi] : 0.0f;

    // up-sweep: build the sum tree in place
    int offset = 1;
    for (int d = m >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            ai += CONFLICT_FREE_OFFSET(ai);
            bi += CONFLICT_FREE_OFFSET(bi);
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }

    // clear the last element (the root) for the exclusive scan
    if (thid == 0) {
        temp[m - 1 + CONFLICT_FREE_OFFSET(m - 1)] = 0.0f;
    }

    // down-sweep: traverse down the tree, swapping and adding
    for (int d = 1; d < m; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            ai += CONFLICT_FREE_OFFSET(ai);
            bi += CONFLICT_FREE_OFFSET(bi);
            float t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    __syncthreads();

    // write results back to global memory (same layout as the load)
    if (base + ai < n) out[base + ai] = temp[ai + bankOffsetA];
    if (base + bi < n) out[base + bi] = temp[bi + bankOffsetB];
}
