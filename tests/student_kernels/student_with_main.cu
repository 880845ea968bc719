// launch: --grid 3907 --block 256 --arg n=1000000 --arg a=2
// Homework 1: SAXPY  (y = a*x + y)
// One thread per element; the last block is only partly used, so every
// thread checks that its index is inside the array.

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void saxpy(int n, float a, const float* x, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        y[i] = a * x[i] + y[i];
    }
}

int main()
{
    int n = 1000000;
    size_t bytes = n * sizeof(float);

    // host data
    float* h_x = (float*)malloc(bytes);
    float* h_y = (float*)malloc(bytes);
    for (int i = 0; i < n; i++) {
        h_x[i] = 1.0f;
        h_y[i] = 2.0f;
    }

    // device data
    float* d_x;
    float* d_y;
    cudaMalloc(&d_x, bytes);
    cudaMalloc(&d_y, bytes);
    cudaMemcpy(d_x, h_x, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(d_y, h_y, bytes, cudaMemcpyHostToDevice);

    // launch enough 256-thread blocks to cover n elements
    saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, d_x, d_y);
    cudaDeviceSynchronize();

    cudaMemcpy(h_y, d_y, bytes, cudaMemcpyDeviceToHost);

    // every element should be 2*1 + 2 = 4
    float maxError = 0.0f;
    for (int i = 0; i < n; i++) {
        float err = h_y[i] - 4.0f;
        if (err < 0) err = -err;
        if (err > maxError) maxError = err;
    }
    printf("Max error: %f\n", maxError);

    cudaFree(d_x);
    cudaFree(d_y);
    free(h_x);
    free(h_y);
    return 0;
}
