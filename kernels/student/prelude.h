// warpscope's CUDA prelude: what a student's plain .cu file needs to compile as
// host C++ so that warpscope can run its kernel thread by thread and see every
// address (docs/your-kernel.md). The file is compiled with g++ -fsanitize=thread,
// whose instrumentation calls __tsan_readN / __tsan_writeN before each load and
// store; this prelude defines those hooks (not the sanitizer's runtime) and hands
// each access to warpscope. Force-included before the student's file; never
// compiled by nvcc. Its own functions are not instrumented (ws_rt_plain).
#pragma once

#include <algorithm>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <utility>

#define ws_rt_plain __attribute__((no_sanitize_thread, noinline))
#define ws_rt_inline inline

// ---- CUDA's keywords --------------------------------------------------------
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
#define __launch_bounds__(...)
#define __managed__
// Every __shared__ array is one static array per kernel, in its own section so
// that warpscope finds it (name, size) in the ELF symbol table; blocks run one
// after another, so one copy serves them all.
#define __shared__ static __attribute__((section("ws_shared"), aligned(16)))
#define __constant__ __attribute__((section("ws_constant")))
#define __CUDACC__ 1
#define __CUDA_ARCH__ 900

// ---- Vector types -------------------------------------------------------------
#define WS_RT_VEC2(T, N, A) struct __attribute__((aligned(A))) N##2 { T x, y; }; \
  ws_rt_inline N##2 make_##N##2(T x, T y) { return N##2{x, y}; }
#define WS_RT_VEC3(T, N) struct N##3 { T x, y, z; }; \
  ws_rt_inline N##3 make_##N##3(T x, T y, T z) { return N##3{x, y, z}; }
#define WS_RT_VEC4(T, N, A) struct __attribute__((aligned(A))) N##4 { T x, y, z, w; }; \
  ws_rt_inline N##4 make_##N##4(T x, T y, T z, T w) { return N##4{x, y, z, w}; }
WS_RT_VEC2(float, float, 8) WS_RT_VEC3(float, float) WS_RT_VEC4(float, float, 16)
WS_RT_VEC2(double, double, 16) WS_RT_VEC3(double, double) WS_RT_VEC4(double, double, 16)
WS_RT_VEC2(int, int, 8) WS_RT_VEC3(int, int) WS_RT_VEC4(int, int, 16)
WS_RT_VEC2(unsigned, uint, 8) WS_RT_VEC4(unsigned, uint, 16)
WS_RT_VEC2(short, short, 4) WS_RT_VEC4(short, short, 8)
WS_RT_VEC2(char, char, 2) WS_RT_VEC4(char, char, 4)
WS_RT_VEC2(unsigned char, uchar, 2) WS_RT_VEC4(unsigned char, uchar, 4)
WS_RT_VEC2(long long, longlong, 16)
struct uint3 { unsigned x, y, z; };
ws_rt_inline uint3 make_uint3(unsigned x, unsigned y, unsigned z) { return uint3{x, y, z}; }
struct dim3 {
  unsigned x, y, z;
  constexpr dim3(unsigned vx = 1, unsigned vy = 1, unsigned vz = 1) : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return uint3{x, y, z}; }
};

// ---- The running thread, set by warpscope --------------------------------------
struct ws_rt_thread_state {
  uint3 thread, block, block_dim, grid_dim;
};
// How each access reaches warpscope: `pc` is the return address into the
// instrumented code, `caller_pc` the one above it (a library function such as
// std::min reading through a reference: its caller is the student's line);
// `kind` 0 load, 1 store, 2 atomic. Unset while the library's static
// initializers run (dlopen): the hooks do nothing then.
struct ws_rt_host_calls {
  void (*access)(void* pc, void* caller_pc, const volatile void* address, unsigned long bytes, int kind);
  void (*barrier)(void* pc);
  void (*warp_op)(void* pc, const char* what);
};
extern "C" {
__attribute__((section("ws_runtime"))) ws_rt_thread_state ws_rt_current;
__attribute__((section("ws_runtime"))) ws_rt_host_calls ws_rt_host;
__attribute__((section("ws_runtime"), aligned(128))) unsigned char ws_rt_dynamic_shared[232448];
}
ws_rt_plain uint3 ws_rt_thread_idx() { return ws_rt_current.thread; }
ws_rt_plain uint3 ws_rt_block_idx() { return ws_rt_current.block; }
ws_rt_plain dim3 ws_rt_block_dim() { return dim3(ws_rt_current.block_dim); }
ws_rt_plain dim3 ws_rt_grid_dim() { return dim3(ws_rt_current.grid_dim); }
#define threadIdx (ws_rt_thread_idx())
#define blockIdx (ws_rt_block_idx())
#define blockDim (ws_rt_block_dim())
#define gridDim (ws_rt_grid_dim())
constexpr int warpSize = 32;
template <class T>
ws_rt_inline T* ws_rt_extern_shared() { return reinterpret_cast<T*>(ws_rt_dynamic_shared); }

// ---- Barriers and warp-level functions ------------------------------------------
extern "C" ws_rt_plain void __syncthreads() {
  if (ws_rt_host.barrier) ws_rt_host.barrier(__builtin_return_address(0));
}
ws_rt_plain void __syncwarp(unsigned = 0xffffffffu) {}
ws_rt_plain void __threadfence() {}
ws_rt_plain void __threadfence_block() {}
// Threads run one after another here, so a shuffle cannot fetch another lane's
// value: it returns the lane's own. Values never reach an address in a kernel
// warpscope traces (a second run on other data checks that), so the addresses
// stay right; warpscope says so once where a kernel shuffles.
#define WS_RT_SHUFFLE(name, ...)                                                   \
  template <class T>                                                               \
  ws_rt_plain T name(unsigned, T v, __VA_ARGS__) {                                 \
    if (ws_rt_host.warp_op) ws_rt_host.warp_op(__builtin_return_address(0), #name); \
    return v;                                                                      \
  }
WS_RT_SHUFFLE(__shfl_sync, int, int = 32)
WS_RT_SHUFFLE(__shfl_up_sync, unsigned, int = 32)
WS_RT_SHUFFLE(__shfl_down_sync, unsigned, int = 32)
WS_RT_SHUFFLE(__shfl_xor_sync, int, int = 32)
ws_rt_plain unsigned __ballot_sync(unsigned mask, int p) {
  if (ws_rt_host.warp_op) ws_rt_host.warp_op(__builtin_return_address(0), "__ballot_sync");
  return p ? mask : 0u;
}
ws_rt_plain int __any_sync(unsigned, int p) { return p != 0; }
ws_rt_plain int __all_sync(unsigned, int p) { return p != 0; }
ws_rt_plain unsigned __activemask() { return 0xffffffffu; }

// Atomics: one access of the lane's word (kind 2), as the GPU's one ATOMS or
// ATOMG instruction; the update itself is not instrumented.
#define WS_RT_ATOMIC(name, expr)                                                              \
  template <class T, class U>                                                                 \
  ws_rt_plain T name(T* p, U v) {                                                             \
    if (ws_rt_host.access)                                                                    \
      ws_rt_host.access(__builtin_return_address(0), __builtin_return_address(1), p, sizeof(T), 2); \
    T old = *p;                                                                               \
    *p = (expr);                                                                              \
    return old;                                                                               \
  }
WS_RT_ATOMIC(atomicAdd, old + static_cast<T>(v))
WS_RT_ATOMIC(atomicSub, old - static_cast<T>(v))
WS_RT_ATOMIC(atomicMax, old < static_cast<T>(v) ? static_cast<T>(v) : old)
WS_RT_ATOMIC(atomicMin, static_cast<T>(v) < old ? static_cast<T>(v) : old)
WS_RT_ATOMIC(atomicExch, static_cast<T>(v))
WS_RT_ATOMIC(atomicOr, old | static_cast<T>(v))
WS_RT_ATOMIC(atomicAnd, old & static_cast<T>(v))
WS_RT_ATOMIC(atomicXor, old ^ static_cast<T>(v))
template <class T, class U, class V>
ws_rt_plain T atomicCAS(T* p, U compare, V v) {
  if (ws_rt_host.access) ws_rt_host.access(__builtin_return_address(0), __builtin_return_address(1), p, sizeof(T), 2);
  T old = *p;
  *p = old == static_cast<T>(compare) ? static_cast<T>(v) : old;
  return old;
}

// ---- Device functions -------------------------------------------------------------
template <class T>
__attribute__((always_inline)) inline T __ldg(const T* p) { return *p; }
// CUDA's min and max take values: the loads happen on the student's line.
template <class A, class B>
ws_rt_inline std::common_type_t<A, B> min(A a, B b) { return b < a ? b : a; }
template <class A, class B>
ws_rt_inline std::common_type_t<A, B> max(A a, B b) { return a < b ? b : a; }
ws_rt_inline float __fdividef(float a, float b) { return a / b; }
ws_rt_inline float __expf(float x) { return std::exp(x); }
ws_rt_inline float __logf(float x) { return std::log(x); }
ws_rt_inline float __sinf(float x) { return std::sin(x); }
ws_rt_inline float __cosf(float x) { return std::cos(x); }
ws_rt_inline float __powf(float a, float b) { return std::pow(a, b); }
ws_rt_inline float rsqrtf(float x) { return 1.0f / std::sqrt(x); }
ws_rt_inline double rsqrt(double x) { return 1.0 / std::sqrt(x); }
ws_rt_inline float __saturatef(float x) { return x < 0 ? 0 : x > 1 ? 1 : x; }
ws_rt_inline float __fmaf_rn(float a, float b, float c) { return std::fma(a, b, c); }
ws_rt_inline float __int_as_float(int i) { float f; std::memcpy(&f, &i, 4); return f; }
ws_rt_inline int __float_as_int(float f) { int i; std::memcpy(&i, &f, 4); return i; }
ws_rt_inline int __popc(unsigned x) { return __builtin_popcount(x); }
ws_rt_inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz(static_cast<unsigned>(x)); }
ws_rt_inline int __ffs(int x) { return __builtin_ffs(x); }
ws_rt_inline unsigned __brev(unsigned x) {
  unsigned r = 0;
  for (int i = 0; i < 32; ++i) r |= ((x >> i) & 1u) << (31 - i);
  return r;
}
ws_rt_inline int __mul24(int a, int b) { return a * b; }
ws_rt_inline unsigned __umul24(unsigned a, unsigned b) { return a * b; }
ws_rt_inline long long clock64() { return 0; }
ws_rt_inline int clock() { return 0; }

// ---- The host API a homework's main() calls (compiled, never run) ------------------
enum cudaError_t { cudaSuccess = 0, cudaErrorNotSupported = 801 };
typedef cudaError_t cudaError;
enum cudaMemcpyKind {
  cudaMemcpyHostToHost, cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost, cudaMemcpyDeviceToDevice, cudaMemcpyDefault
};
typedef struct ws_rt_opaque* cudaEvent_t;
typedef struct ws_rt_opaque* cudaStream_t;
struct cudaDeviceProp {
  char name[256];
  int major, minor, multiProcessorCount, warpSize, maxThreadsPerBlock, regsPerBlock;
  size_t sharedMemPerBlock, totalGlobalMem;
  int clockRate, memoryClockRate, memoryBusWidth;
};
#define WS_RT_HOST_ONLY { return cudaErrorNotSupported; }
template <class T> cudaError_t cudaMalloc(T**, size_t) WS_RT_HOST_ONLY
template <class T> cudaError_t cudaMallocManaged(T**, size_t, unsigned = 1) WS_RT_HOST_ONLY
template <class T> cudaError_t cudaMallocHost(T**, size_t) WS_RT_HOST_ONLY
template <class T> cudaError_t cudaMemcpyToSymbol(const T&, const void*, size_t, size_t = 0, cudaMemcpyKind = cudaMemcpyHostToDevice) WS_RT_HOST_ONLY
template <class T> cudaError_t cudaMemcpyFromSymbol(void*, const T&, size_t, size_t = 0, cudaMemcpyKind = cudaMemcpyDeviceToHost) WS_RT_HOST_ONLY
inline cudaError_t cudaFree(void*) WS_RT_HOST_ONLY
inline cudaError_t cudaFreeHost(void*) WS_RT_HOST_ONLY
inline cudaError_t cudaMemcpy(void*, const void*, size_t, cudaMemcpyKind) WS_RT_HOST_ONLY
inline cudaError_t cudaMemcpyAsync(void*, const void*, size_t, cudaMemcpyKind, cudaStream_t = nullptr) WS_RT_HOST_ONLY
inline cudaError_t cudaMemset(void*, int, size_t) WS_RT_HOST_ONLY
inline cudaError_t cudaDeviceSynchronize() WS_RT_HOST_ONLY
inline cudaError_t cudaDeviceReset() WS_RT_HOST_ONLY
inline cudaError_t cudaGetLastError() WS_RT_HOST_ONLY
inline cudaError_t cudaPeekAtLastError() WS_RT_HOST_ONLY
inline cudaError_t cudaSetDevice(int) WS_RT_HOST_ONLY
inline cudaError_t cudaGetDevice(int*) WS_RT_HOST_ONLY
inline cudaError_t cudaGetDeviceCount(int*) WS_RT_HOST_ONLY
inline cudaError_t cudaGetDeviceProperties(cudaDeviceProp*, int) WS_RT_HOST_ONLY
inline cudaError_t cudaEventCreate(cudaEvent_t*) WS_RT_HOST_ONLY
inline cudaError_t cudaEventRecord(cudaEvent_t, cudaStream_t = nullptr) WS_RT_HOST_ONLY
inline cudaError_t cudaEventSynchronize(cudaEvent_t) WS_RT_HOST_ONLY
inline cudaError_t cudaEventElapsedTime(float*, cudaEvent_t, cudaEvent_t) WS_RT_HOST_ONLY
inline cudaError_t cudaEventDestroy(cudaEvent_t) WS_RT_HOST_ONLY
inline cudaError_t cudaStreamCreate(cudaStream_t*) WS_RT_HOST_ONLY
inline cudaError_t cudaStreamSynchronize(cudaStream_t) WS_RT_HOST_ONLY
inline cudaError_t cudaStreamDestroy(cudaStream_t) WS_RT_HOST_ONLY
inline const char* cudaGetErrorString(cudaError_t) { return "not run by warpscope"; }
inline const char* cudaGetErrorName(cudaError_t) { return "cudaErrorNotSupported"; }

// ---- The thread-sanitizer hooks: every load and store of the student's code --------
extern "C" {
#define WS_RT_HOOK(name, bytes, kind)                                                        \
  ws_rt_plain void name(void* a) {                                                           \
    if (ws_rt_host.access) ws_rt_host.access(__builtin_return_address(0), __builtin_return_address(1), a, bytes, kind);   \
  }
WS_RT_HOOK(__tsan_read1, 1, 0) WS_RT_HOOK(__tsan_read2, 2, 0) WS_RT_HOOK(__tsan_read4, 4, 0)
WS_RT_HOOK(__tsan_read8, 8, 0) WS_RT_HOOK(__tsan_read16, 16, 0)
WS_RT_HOOK(__tsan_write1, 1, 1) WS_RT_HOOK(__tsan_write2, 2, 1) WS_RT_HOOK(__tsan_write4, 4, 1)
WS_RT_HOOK(__tsan_write8, 8, 1) WS_RT_HOOK(__tsan_write16, 16, 1)
WS_RT_HOOK(__tsan_unaligned_read2, 2, 0) WS_RT_HOOK(__tsan_unaligned_read4, 4, 0)
WS_RT_HOOK(__tsan_unaligned_read8, 8, 0) WS_RT_HOOK(__tsan_unaligned_read16, 16, 0)
WS_RT_HOOK(__tsan_unaligned_write2, 2, 1) WS_RT_HOOK(__tsan_unaligned_write4, 4, 1)
WS_RT_HOOK(__tsan_unaligned_write8, 8, 1) WS_RT_HOOK(__tsan_unaligned_write16, 16, 1)
WS_RT_HOOK(__tsan_volatile_read1, 1, 0) WS_RT_HOOK(__tsan_volatile_read2, 2, 0)
WS_RT_HOOK(__tsan_volatile_read4, 4, 0) WS_RT_HOOK(__tsan_volatile_read8, 8, 0)
WS_RT_HOOK(__tsan_volatile_read16, 16, 0)
WS_RT_HOOK(__tsan_volatile_write1, 1, 1) WS_RT_HOOK(__tsan_volatile_write2, 2, 1)
WS_RT_HOOK(__tsan_volatile_write4, 4, 1) WS_RT_HOOK(__tsan_volatile_write8, 8, 1)
WS_RT_HOOK(__tsan_volatile_write16, 16, 1)
#undef WS_RT_HOOK
ws_rt_plain void __tsan_read_range(void* a, unsigned long n) {
  if (ws_rt_host.access) ws_rt_host.access(__builtin_return_address(0), __builtin_return_address(1), a, n, 0);
}
ws_rt_plain void __tsan_write_range(void* a, unsigned long n) {
  if (ws_rt_host.access) ws_rt_host.access(__builtin_return_address(0), __builtin_return_address(1), a, n, 1);
}
ws_rt_plain void __tsan_func_entry(void*) {}
ws_rt_plain void __tsan_func_exit() {}
ws_rt_plain void __tsan_init() {}
ws_rt_plain void __tsan_vptr_update(void*, void*) {}
ws_rt_plain void __tsan_vptr_read(void*) {}
}

// ---- The entry, described for warpscope (instantiated after the student's code) ----
struct ws_rt_param {
  int kind;          // 0 pointer, 1 signed integer, 2 unsigned integer, 3 floating point, 4 other
  int bytes;         // sizeof the parameter
  int pointee_bytes; // sizeof what a pointer points to (0: void)
  int pointee_kind;  // what it points to: 1 signed integer, 2 unsigned, 3 floating point, 4 other
};
struct ws_rt_entry {
  void (*run)(void* const* args);
  int arity;
  ws_rt_param params[64];
};
template <class T>
constexpr ws_rt_param ws_rt_describe_param() {
  using P = std::remove_cv_t<T>;
  if constexpr (std::is_pointer_v<P>) {
    using E = std::remove_cv_t<std::remove_pointer_t<P>>;
    if constexpr (std::is_void_v<E>) return {0, sizeof(P), 0, 4};
    else
      return {0, sizeof(P), static_cast<int>(sizeof(E)),
              std::is_floating_point_v<E> ? 3 : std::is_integral_v<E> ? (std::is_signed_v<E> ? 1 : 2) : 4};
  } else if constexpr (std::is_integral_v<P>) return {std::is_signed_v<P> ? 1 : 2, sizeof(P), 0, 0};
  else if constexpr (std::is_floating_point_v<P>) return {3, sizeof(P), 0, 0};
  else return {4, sizeof(P), 0, 0};
}
template <auto F>
struct ws_rt_launch;
template <class... A, void (*F)(A...)>
struct ws_rt_launch<F> {
  // Not instrumented: reading the arguments is warpscope's business, not the kernel's.
  template <std::size_t... I>
  __attribute__((no_sanitize_thread)) static void call(void* const* args, std::index_sequence<I...>) {
    F(*static_cast<std::remove_reference_t<A>*>(args[I])...);
  }
  __attribute__((no_sanitize_thread)) static void run(void* const* args) { call(args, std::index_sequence_for<A...>{}); }
  static constexpr ws_rt_entry describe() {
    static_assert(sizeof...(A) <= 64, "more than 64 parameters");
    ws_rt_entry e{&run, static_cast<int>(sizeof...(A)), {}};
    int i = 0;
    ((e.params[i++] = ws_rt_describe_param<A>()), ...);
    return e;
  }
};
