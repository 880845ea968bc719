// Marks code that both nvcc (device) and the host compiler build, as CuTe's CUTE_HOST_DEVICE.
#pragma once

#if defined(__CUDACC__)
#define WS_HD __host__ __device__ inline
#else
#define WS_HD inline
#endif
