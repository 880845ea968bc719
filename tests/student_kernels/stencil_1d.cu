// launch: --grid 1024 --block 256 --arg n=262144
// 1D stencil: out[i] = sum of in[i-RADIUS .. i+RADIUS].
// Each block stages its BLOCK_SIZE inputs plus RADIUS "halo" cells on each
// side in shared memory, so every input is read from global memory once per
// block instead of (2*RADIUS+1) times. Cells outside [0, n) count as 0.
// blockDim.x must equal BLOCK_SIZE.

#define RADIUS 3
#define BLOCK_SIZE 256

__global__ void stencil_1d(const float* in, float* out, int n)
{
    __shared__ float temp[BLOCK_SIZE + 2 * RADIUS];

    int gindex = blockIdx.x * blockDim.x + threadIdx.x;
    int lindex = threadIdx.x + RADIUS;

    // every thread loads its own element
    temp[lindex] = (gindex < n) ? in[gindex] : 0.0f;

    // the first RADIUS threads also load the left and right halo cells
    if (threadIdx.x < RADIUS) {
        int left = gindex - RADIUS;
        int right = gindex + BLOCK_SIZE;
        temp[lindex - RADIUS] = (left >= 0) ? in[left] : 0.0f;
        temp[lindex + BLOCK_SIZE] = (right < n) ? in[right] : 0.0f;
    }

    // make sure the whole tile (with halos) is loaded
    __syncthreads();

    if (gindex >= n) return;

    // apply the stencil
    float result = 0.0f;
    for (int offset = -RADIUS; offset <= RADIUS; offset++) {
        result += temp[lindex + offset];
    }
    out[gindex] = result;
}
