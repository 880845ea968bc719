// launch: --grid 32 --block 128 --arg rows=4096 --arg cols=256
// Row sums of a row-major matrix, one thread per row.
// Simple, but poorly coalesced: in each loop iteration the threads of a warp
// read elements that are `cols` floats apart (one per row), so each load of
// the warp touches many different memory segments.

__global__ void row_sum(const float* m, float* sums, int rows, int cols)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows) return;

    float sum = 0.0f;
    for (int c = 0; c < cols; c++) {
        sum += m[row * cols + c];
    }
    sums[row] = sum;
}
