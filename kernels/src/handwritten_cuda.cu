// Hand-written twins (handwritten.hpp): plain CUDA as the sources teach it.
//   transposes  NVIDIA's CUDA sample 6_Performance/transpose (copy, transposeNaive,
//               transposeCoalesced, transposeNoBankConflicts), TILE_DIM x BLOCK_ROWS
//               threads; the rotated and XOR tiles written the same way
//   matmuls     Programming Massively Parallel Processors, 4th ed.: the naive kernel
//               and the tiled kernel with boundary checks (TILE_WIDTH at compile time)
//   smem_*      the shared-memory read loops without the tracer's wrappers
//   global      NVIDIA's blog "How to Access Global Memory Efficiently in CUDA C/C++
//               Kernels": its stride and offset kernels, reading one array into another
#include <cuda_runtime.h>

#include <string_view>

#include "family.hpp"  // kTileShapes: the same shapes the catalog compiles
#include "handwritten.hpp"
#include "ws/kernels/smem_patterns.hpp"

namespace ws::kernels {
namespace handwritten {

// ---- NVIDIA sample transposes (width and height multiples of TILE_DIM).

template <int TILE_DIM, int BLOCK_ROWS, class T>
__global__ void copy(T* odata, const T* idata, int width, int height) {
  int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
  int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
  int index = xIndex + width * yIndex;
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) odata[index + i * width] = idata[index + i * width];
}

template <int TILE_DIM, int BLOCK_ROWS, class T>
__global__ void transposeNaive(T* odata, const T* idata, int width, int height) {
  int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
  int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
  int index_in = xIndex + width * yIndex;
  int index_out = yIndex + height * xIndex;
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) odata[index_out + i] = idata[index_in + i * width];
}

// Layout 0: tile[TILE][TILE]; 1: tile[TILE][TILE + 1]; 2: rotated; 3: XOR.
template <int TILE_DIM, int BLOCK_ROWS, int LAYOUT, class T>
__global__ void transposeShared(T* odata, const T* idata, int width, int height) {
  constexpr int kPitch = LAYOUT == 1 ? TILE_DIM + 1 : TILE_DIM;
  __shared__ T tile[TILE_DIM][kPitch];
  int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
  int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
  int index_in = xIndex + yIndex * width;
  xIndex = blockIdx.y * TILE_DIM + threadIdx.x;
  yIndex = blockIdx.x * TILE_DIM + threadIdx.y;
  int index_out = xIndex + yIndex * height;
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
    const int r = threadIdx.y + i, c = threadIdx.x;
    const int col = LAYOUT == 2 ? (c + r) % TILE_DIM : LAYOUT == 3 ? c ^ r : c;
    tile[r][col] = idata[index_in + i * width];
  }
  __syncthreads();
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
    const int r = threadIdx.x, c = threadIdx.y + i;
    const int col = LAYOUT == 2 ? (c + r) % TILE_DIM : LAYOUT == 3 ? c ^ r : c;
    odata[index_out + i * height] = tile[r][col];
  }
}

// ---- PMPP matrix multiplies, P = M N with M m x k, N k x n.

__global__ void matrixMulNaive(const float* M, const float* N, float* P, int m, int n, int k) {
  int Row = blockIdx.y * blockDim.y + threadIdx.y;
  int Col = blockIdx.x * blockDim.x + threadIdx.x;
  if (Row < m && Col < n) {
    float Pvalue = 0;
    for (int i = 0; i < k; ++i) Pvalue += M[Row * k + i] * N[i * n + Col];
    P[Row * n + Col] = Pvalue;
  }
}

template <int TILE_WIDTH>
__global__ void matrixMulTiled(const float* M, const float* N, float* P, int m, int n, int k) {
  __shared__ float Mds[TILE_WIDTH][TILE_WIDTH];
  __shared__ float Nds[TILE_WIDTH][TILE_WIDTH];
  int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
  int Row = by * TILE_WIDTH + ty;
  int Col = bx * TILE_WIDTH + tx;
  float Pvalue = 0;
  for (int ph = 0; ph < (k + TILE_WIDTH - 1) / TILE_WIDTH; ++ph) {
    if (Row < m && ph * TILE_WIDTH + tx < k) Mds[ty][tx] = M[Row * k + ph * TILE_WIDTH + tx];
    else Mds[ty][tx] = 0;
    if (ph * TILE_WIDTH + ty < k && Col < n) Nds[ty][tx] = N[(ph * TILE_WIDTH + ty) * n + Col];
    else Nds[ty][tx] = 0;
    __syncthreads();
    for (int i = 0; i < TILE_WIDTH; ++i) Pvalue += Mds[ty][i] * Nds[i][tx];
    __syncthreads();
  }
  if (Row < m && Col < n) P[Row * n + Col] = Pvalue;
}

// ---- Shared-memory read loops.

__device__ inline float plus(float a, float b) { return a + b; }
__device__ inline float2 plus(float2 a, float2 b) { return make_float2(a.x + b.x, a.y + b.y); }
__device__ inline float4 plus(float4 a, float4 b) { return make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w); }

template <class V>
__global__ void strideRead(const V* in, V* out, int stride, int repeats) {
  extern __shared__ __align__(16) unsigned char smem[];
  V* buf = reinterpret_cast<V*>(smem);
  int lane = threadIdx.x % 32;
  if (threadIdx.x < 32) buf[lane * stride] = in[blockIdx.x * 32 + lane];
  __syncthreads();
  V sum{};
  for (int i = 0; i < repeats; ++i) {
    sum = plus(sum, buf[lane * stride]);
    __syncwarp();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

__global__ void broadcastRead(const float* in, float* out, int distinct, int repeats) {
  __shared__ float buf[32];
  int lane = threadIdx.x % 32;
  if (threadIdx.x < 32) buf[lane] = in[blockIdx.x * 32 + lane];
  __syncthreads();
  float sum = 0;
  for (int i = 0; i < repeats; ++i) {
    sum += buf[lane % distinct];
    __syncwarp();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

// ---- The blog's global-memory kernels (n a multiple of the block: no bounds check).

template <typename T>
__global__ void strideRead(T* out, const T* a, int s) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  out[i] = a[i * s];
}

template <typename T>
__global__ void offsetRead(T* out, const T* a, int s) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  out[i] = a[i + s];
}

}  // namespace handwritten

namespace {

dim3 grid_of(const GpuLaunch& l) { return dim3(l.grid.x, l.grid.y, l.grid.z); }
dim3 block_of(const GpuLaunch& l) { return dim3(l.block.x, l.block.y, l.block.z); }
template <class T>
T* array(const GpuLaunch& l, int i) {
  return static_cast<T*>(l.arrays.p[i]);
}

// Which sample kernel a transpose twin runs.
enum class Transpose { Copy, Naive, Plain, Padded, Rotated, Xor };

template <Transpose K, int TILE, int ROWS, class T>
int launch_transpose(const GpuLaunch& l) {
  T* out = array<T>(l, 1);
  const T* in = array<const T>(l, 0);
  const int width = l.params.cols, height = l.params.rows;
  const auto s = static_cast<cudaStream_t>(l.stream);
  if constexpr (K == Transpose::Copy) handwritten::copy<TILE, ROWS><<<grid_of(l), block_of(l), 0, s>>>(out, in, width, height);
  else if constexpr (K == Transpose::Naive)
    handwritten::transposeNaive<TILE, ROWS><<<grid_of(l), block_of(l), 0, s>>>(out, in, width, height);
  else
    handwritten::transposeShared<TILE, ROWS, static_cast<int>(K) - static_cast<int>(Transpose::Plain)>
        <<<grid_of(l), block_of(l), 0, s>>>(out, in, width, height);
  return static_cast<int>(cudaGetLastError());
}

// The launcher of shape (tile, rows) among kTileShapes, or null.
template <Transpose K, class T, int I = 0>
int (*transpose_launcher(int tile, int rows))(const GpuLaunch&) {
  if constexpr (I == kTileShapeCount) {
    return nullptr;
  } else {
    constexpr TileShape s = kTileShapes[I];
    if (tile == s.tile && rows == s.rows) return &launch_transpose<K, s.tile, s.rows, T>;
    return transpose_launcher<K, T, I + 1>(tile, rows);
  }
}

int launch_matmul_naive(const GpuLaunch& l) {
  const int k = l.params.inner > 0 ? l.params.inner : l.params.cols;
  handwritten::matrixMulNaive<<<grid_of(l), block_of(l), 0, static_cast<cudaStream_t>(l.stream)>>>(
      array<const float>(l, 0), array<const float>(l, 1), array<float>(l, 2), l.params.rows, l.params.cols, k);
  return static_cast<int>(cudaGetLastError());
}

template <int TILE_WIDTH>
int launch_matmul_tiled(const GpuLaunch& l) {
  const int k = l.params.inner > 0 ? l.params.inner : l.params.cols;
  handwritten::matrixMulTiled<TILE_WIDTH><<<grid_of(l), block_of(l), 0, static_cast<cudaStream_t>(l.stream)>>>(
      array<const float>(l, 0), array<const float>(l, 1), array<float>(l, 2), l.params.rows, l.params.cols, k);
  return static_cast<int>(cudaGetLastError());
}

template <class V>
int launch_stride(const GpuLaunch& l) {
  handwritten::strideRead<V><<<grid_of(l), block_of(l), l.dynamic_shared_bytes, static_cast<cudaStream_t>(l.stream)>>>(
      array<const V>(l, 0), array<V>(l, 1), l.params.stride, l.params.repeats);
  return static_cast<int>(cudaGetLastError());
}

int launch_broadcast(const GpuLaunch& l) {
  handwritten::broadcastRead<<<grid_of(l), block_of(l), 0, static_cast<cudaStream_t>(l.stream)>>>(
      array<const float>(l, 0), array<float>(l, 1), l.params.stride, l.params.repeats);
  return static_cast<int>(cudaGetLastError());
}

// Which of the blog's kernels a global twin runs.
enum class Global { Stride, Offset };

template <Global K>
int launch_global(const GpuLaunch& l) {
  const auto s = static_cast<cudaStream_t>(l.stream);
  float* out = array<float>(l, 1);
  const float* in = array<const float>(l, 0);
  if constexpr (K == Global::Stride)
    handwritten::strideRead<<<grid_of(l), block_of(l), 0, s>>>(out, in, l.params.stride);
  else
    handwritten::offsetRead<<<grid_of(l), block_of(l), 0, s>>>(out, in, l.params.offset);
  return static_cast<int>(cudaGetLastError());
}

constexpr std::string_view kBlog = "NVIDIA blog: How to Access Global Memory Efficiently in CUDA C/C++ Kernels";
constexpr std::string_view kSample = "NVIDIA CUDA sample 6_Performance/transpose";
constexpr std::string_view kPmpp = "PMPP 4th ed., ch. 3 and 5 (tiled, boundary checks)";
constexpr std::string_view kLoop = "plain CUDA read loop";

}  // namespace

// Found by the descriptor's `twin` (catalog.hpp), never by a catalog kernel's name.
std::optional<HandwrittenTwin> handwritten_twin(const KernelDescriptor& k, const KernelParams& p) {
  auto sample = [&](int (*f)(const GpuLaunch&)) -> std::optional<HandwrittenTwin> {
    if (p.rows % p.tile != 0 || p.cols % p.tile != 0 || !f) return std::nullopt;  // the sample's precondition
    return HandwrittenTwin{kSample, f};
  };
  switch (k.twin) {
    case Twin::None: return std::nullopt;
    case Twin::SampleCopy: return sample(transpose_launcher<Transpose::Copy, float>(p.tile, p.block_rows));
    case Twin::SampleTransposeNaive: return sample(transpose_launcher<Transpose::Naive, float>(p.tile, p.block_rows));
    case Twin::SampleTransposeCoalesced:
      return sample(transpose_launcher<Transpose::Plain, float>(p.tile, p.block_rows));
    case Twin::SampleTransposeNoBankConflicts:
      return sample(transpose_launcher<Transpose::Padded, float>(p.tile, p.block_rows));
    case Twin::SampleTransposeRotatedTile:
      return sample(transpose_launcher<Transpose::Rotated, float>(p.tile, p.block_rows));
    case Twin::SampleTransposeXorTile: return sample(transpose_launcher<Transpose::Xor, float>(p.tile, p.block_rows));
    case Twin::SampleTransposeNoBankConflictsInt:
      return sample(transpose_launcher<Transpose::Padded, int>(p.tile, p.block_rows));
    case Twin::PmppMatmulNaive: return HandwrittenTwin{kPmpp, &launch_matmul_naive};
    case Twin::PmppMatmulTiled:
      switch (p.tile) {
        case 2: return HandwrittenTwin{kPmpp, &launch_matmul_tiled<2>};
        case 4: return HandwrittenTwin{kPmpp, &launch_matmul_tiled<4>};
        case 8: return HandwrittenTwin{kPmpp, &launch_matmul_tiled<8>};
        case 16: return HandwrittenTwin{kPmpp, &launch_matmul_tiled<16>};
        case 32: return HandwrittenTwin{kPmpp, &launch_matmul_tiled<32>};
        default: return std::nullopt;
      }
    case Twin::StrideReadLoop:
      if (p.bytes == 4) return HandwrittenTwin{kLoop, &launch_stride<float>};
      if (p.bytes == 8) return HandwrittenTwin{kLoop, &launch_stride<float2>};
      if (p.bytes == 16) return HandwrittenTwin{kLoop, &launch_stride<float4>};
      return std::nullopt;
    case Twin::BroadcastReadLoop: return HandwrittenTwin{kLoop, &launch_broadcast};
    case Twin::BlogStrideRead:
    case Twin::BlogOffsetRead: {
      const int threads = static_cast<int>(launch_config(k, p).block.count());
      if (threads <= 0 || p.rows % threads != 0) return std::nullopt;  // the blog's grid covers n exactly
      if (k.twin == Twin::BlogStrideRead) return HandwrittenTwin{kBlog, &launch_global<Global::Stride>};
      return HandwrittenTwin{kBlog, &launch_global<Global::Offset>};
    }
  }
  return std::nullopt;
}

}  // namespace ws::kernels
