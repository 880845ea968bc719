// launch: --grid 256 --block 256 --arg n=65536
// Parallel reduction, version 2: sequential addressing.
// Instead of spreading the active threads out, the first half of the block
// adds the second half, then the first quarter adds the second quarter, ...
// Consecutive threads touch consecutive words, so there are no bank conflicts.

#define BLOCK_SIZE 256

__global__ void reduce_sequential(const float* in, float* out, int n)
{
    __shared__ float sdata[BLOCK_SIZE];

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

    // each thread loads one element (0 past the end of the input)
    sdata[tid] = (i < n) ? in[i] : 0.0f;
    __syncthreads();

    // halve the number of active threads each step
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
        }
        __syncthreads();
    }

    // thread 0 holds the block's result
    if (tid == 0) {
        out[blockIdx.x] = sdata[0];
    }
}
