// launch: --grid 32x32 --block 32x8 --arg width=1024 --arg height=1024
// Matrix transpose with diagonal block reordering (CUDA SDK sample).
// With the usual Cartesian block order, blocks that run at the same time
// write to output tiles in the same columns, which pile up on the same DRAM
// partitions ("partition camping"). Renumbering the blocks along diagonals
// spreads concurrent blocks across partitions.
// Square matrices only (width == height). Shared tile is padded to avoid
// bank conflicts when reading a column of it.

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transpose_diagonal(const float* in, float* out, int width, int height)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];

    // diagonal reordering of the block indices (square matrix)
    int blockIdx_y = blockIdx.x;
    int blockIdx_x = (blockIdx.x + blockIdx.y) % gridDim.x;

    // from here on the code is the same as the coalesced transpose,
    // using blockIdx_x / blockIdx_y instead of blockIdx.x / blockIdx.y
    int xIndex = blockIdx_x * TILE_DIM + threadIdx.x;
    int yIndex = blockIdx_y * TILE_DIM + threadIdx.y;
    int index_in = xIndex + yIndex * width;

    xIndex = blockIdx_y * TILE_DIM + threadIdx.x;
    yIndex = blockIdx_x * TILE_DIM + threadIdx.y;
    int index_out = xIndex + yIndex * height;

    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
        tile[threadIdx.y + i][threadIdx.x] = in[index_in + i * width];
    }

    __syncthreads();

    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
        out[index_out + i * height] = tile[threadIdx.x][threadIdx.y + i];
    }
}
