// launch: --grid 64x32 --block 32x8 --arg rows=1024 --arg cols=2048
// Tiled matrix transpose for double precision (CUDA SDK style).
// in is rows x cols, out is cols x rows, both row-major.
// A 32x32 tile is read with coalesced row accesses into shared memory and
// written out transposed, again with coalesced row accesses. Each thread
// handles TILE/BLOCK_ROWS elements. The tile has one extra column of padding
// so that reading a column of the tile does not hit the same bank repeatedly.

#define TILE 32
#define BLOCK_ROWS 8

__global__ void transpose_double(const double* in, double* out, int rows, int cols)
{
    __shared__ double tile[TILE][TILE + 1];

    // coordinates in the input matrix
    int x = blockIdx.x * TILE + threadIdx.x;   // column
    int y = blockIdx.y * TILE + threadIdx.y;   // row

    for (int j = 0; j < TILE; j += BLOCK_ROWS) {
        if (x < cols && (y + j) < rows) {
            tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
        }
    }

    __syncthreads();

    // coordinates in the output matrix (block indices swapped)
    x = blockIdx.y * TILE + threadIdx.x;       // column of out = row of in
    y = blockIdx.x * TILE + threadIdx.y;       // row of out = column of in

    for (int j = 0; j < TILE; j += BLOCK_ROWS) {
        if (x < rows && (y + j) < cols) {
            out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
        }
    }
}
