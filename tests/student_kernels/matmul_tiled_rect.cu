// launch: --grid 9x13 --block 16x16 --arg M=200 --arg N=136 --arg K=100
// Tiled matrix multiplication C = A * B for arbitrary (non-multiple-of-tile)
// sizes. A is M x K, B is K x N, C is M x N, all row-major.
// Each block computes a 16x16 tile of C. In each step it loads one tile of A
// and one tile of B into shared memory, so every element loaded from global
// memory is reused TILE times. Elements outside the matrices are loaded as 0,
// which does not change the dot products.
// grid = (ceil(N/TILE), ceil(M/TILE)), block = (TILE, TILE)

#define TILE 16

__global__ void matmul_tiled_rect(const float* A, const float* B, float* C,
                                  int M, int N, int K)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];

    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;   // row of C (and of A)
    int col = blockIdx.x * TILE + tx;   // column of C (and of B)

    float sum = 0.0f;
    int numTiles = (K + TILE - 1) / TILE;

    for (int t = 0; t < numTiles; t++) {
        // load one tile of A and one tile of B (0 outside the matrices)
        int aCol = t * TILE + tx;
        int bRow = t * TILE + ty;
        As[ty][tx] = (row < M && aCol < K) ? A[row * K + aCol] : 0.0f;
        Bs[ty][tx] = (bRow < K && col < N) ? B[bRow * N + col] : 0.0f;

        // wait until the whole tile is loaded
        __syncthreads();

        for (int k = 0; k < TILE; k++) {
            sum += As[ty][k] * Bs[k][tx];
        }

        // wait until everyone is done before the tiles are overwritten
        __syncthreads();
    }

    if (row < M && col < N) {
        C[row * N + col] = sum;
    }
}
