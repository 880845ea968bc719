// How the GPU serves a warp's shared-memory atomics (ATOMS) against the same
// update written as a load and a store (LDS + STS), at lane strides 0 (every
// lane the same word), 1, 2, 4, 8, 16 and 32 words. Run under Nsight Compute:
//   nvcc -arch=sm_90 -o shared_atomics shared_atomics.cu
//   ncu --metrics smsp__sass_inst_executed_op_shared_atom.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum,\
//   l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,\
//   l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum ./shared_atomics
// One block of one warp per launch; each lane updates word (lane * stride) % 1024
// once. docs/hardware-model.md ("Shared atomics") holds what it measured.
#include <cstdio>

__global__ void atomic_add(int* out, int stride) {
  __shared__ int s[1024];
  for (int i = threadIdx.x; i < 1024; i += 32) s[i] = i;
  __syncthreads();
  atomicAdd(&s[(threadIdx.x * stride) % 1024], 1);
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * stride) % 1024];
}

__global__ void plain_add(int* out, int stride) {
  __shared__ int s[1024];
  for (int i = threadIdx.x; i < 1024; i += 32) s[i] = i;
  __syncthreads();
  s[(threadIdx.x * stride) % 1024] += 1;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * stride) % 1024];
}

int main() {
  int* out = nullptr;
  cudaMalloc(&out, 32 * sizeof(int));
  const int strides[] = {0, 1, 2, 4, 8, 16, 32};
  for (int stride : strides) {
    atomic_add<<<1, 32>>>(out, stride);
    plain_add<<<1, 32>>>(out, stride);
  }
  cudaDeviceSynchronize();
  int host[32];
  cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
  std::printf("stride 32, lane 0 after plain_add (each kernel its own shared memory): %d (want 1)\n", host[0]);
  cudaFree(out);
  return 0;
}
