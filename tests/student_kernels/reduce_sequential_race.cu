// launch: --grid 256 --block 256 --arg n=65536
// Parallel reduction with sequential addressing -- BUGGY version.
// The __syncthreads() inside the reduction loop is missing on purpose:
// a thread may read sdata[tid + s] before another thread has finished
// writing it in the previous step (a shared-memory race).

#define BLOCK_SIZE 256

__global__ void reduce_sequential_race(const float* in, float* out, int n)
{
    __shared__ float sdata[BLOCK_SIZE];

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

    // each thread loads one element (0 past the end of the input)
    sdata[tid] = (i < n) ? in[i] : 0.0f;
    __syncthreads();

    // halve the number of active threads each step
    // NOTE: no barrier between the steps -- this is the bug.
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
        }
    }

    // thread 0 holds the block's result
    if (tid == 0) {
        out[blockIdx.x] = sdata[0];
    }
}
