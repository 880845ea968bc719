// launch: --grid 256 --block 256 --arg n=65536
// Parallel reduction, version 1: interleaved addressing.
// Each block sums 256 elements in shared memory and writes one partial sum.
// The stride between active threads doubles every step, so the active
// threads get spread out and access shared memory with a growing stride.

#define BLOCK_SIZE 256

__global__ void reduce_interleaved(const float* in, float* out, int n)
{
    __shared__ float sdata[BLOCK_SIZE];

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

    // each thread loads one element (0 past the end of the input)
    sdata[tid] = (i < n) ? in[i] : 0.0f;
    __syncthreads();

    // tree reduction: at step s, thread tid combines sdata[2*s*tid] and
    // sdata[2*s*tid + s]
    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        int index = 2 * s * tid;
        if (index < blockDim.x) {
            sdata[index] += sdata[index + s];
        }
        __syncthreads();
    }

    // thread 0 holds the block's result
    if (tid == 0) {
        out[blockIdx.x] = sdata[0];
    }
}
