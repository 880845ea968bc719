// launch: --grid 64 --block 256 --arg n=65536
// 256-bin histogram of byte values using per-block shared-memory histograms.
// Each block first counts into its own histogram in fast shared memory
// (atomic adds there are cheap), then adds its counts to the global
// histogram once per bin. The grid-stride loop lets a fixed-size grid
// cover any input length.

#define NUM_BINS 256

__global__ void histogram_shared(const unsigned char* data, unsigned int* hist, int n)
{
    __shared__ unsigned int s_hist[NUM_BINS];

    // clear the block's histogram
    for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) {
        s_hist[b] = 0;
    }
    __syncthreads();

    // count: the bin is the data value itself
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = blockDim.x * gridDim.x;
    while (i < n) {
        atomicAdd(&s_hist[data[i]], 1);
        i += stride;
    }
    __syncthreads();

    // merge the block's counts into the global histogram
    for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) {
        atomicAdd(&hist[b], s_hist[b]);
    }
}
