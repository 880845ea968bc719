// The host side of cuda_like.hpp: CUDA's names for a body compiled by the host
// compiler. One thread of a kernel runs at a time on the tracing thread;
// threadIdx and friends are that thread's coordinates, and every subscript of a
// kernel array records (source location, load/store, width, byte address) into
// the AccessRecorder in `tracing`. The source location of the subscript is the
// access site, taken by Index's default argument: no names, no macros in the body.
// Host-only; never compiled by nvcc.
//   float2, float4, uint4            CUDA's vector types (global namespace, as in CUDA)
//   threadIdx ... __syncthreads()    the traced thread's view
//   RecordedPtr, RecordedMatrix      arrays whose subscripts record
//   shared_array, dynamic_shared_array, global_array
//   WS_FIELDS(S, x, y, ...)          particles[i].x of a struct element records the field alone
#pragma once

#include <cstddef>
#include <cstdint>
#include <source_location>
#include <type_traits>

#include "ws/recorder.hpp"

struct alignas(8) float2 {
  float x, y;
};
struct alignas(16) float4 {
  float x, y, z, w;
};
struct alignas(16) uint4 {
  unsigned x, y, z, w;
};

namespace ws::kernels {

struct HostDim3 {
  unsigned x = 0, y = 0, z = 0;
};

// The thread being traced (set by the tracer before it runs a body).
inline thread_local HostDim3 threadIdx, blockIdx, blockDim, gridDim;
inline thread_local AccessRecorder* tracing = nullptr;

inline void __syncthreads() { tracing->sync(); }
// A warp's lanes run in step in the tracer already; on the GPU it also keeps the
// compiler from caching shared memory in registers across it.
inline void __syncwarp() {}

// A subscript and where in the source it was written.
struct Index {
  long long value;
  int line, column;
  template <class I>
    requires std::is_integral_v<I>
  Index(I v, std::source_location at = std::source_location::current())  // NOLINT: implicit on purpose
      : value(static_cast<long long>(v)), line(static_cast<int>(at.line())), column(static_cast<int>(at.column())) {}
};

struct RecordedPlace {
  int array;
  std::uint64_t address;
  int line, column;
};

// &tile[r][c]: what ldmatrix_x4 receives.
template <class T>
struct RecordedAddress {
  RecordedPlace place;
};

template <class T>
class RecordedRef;

// The fields of a struct element, each a recorded element of its own at its
// offset: what RecordedRef<S> derives from once WS_FIELDS(S, ...) names them
// (below). Without it an element has no fields, only the whole of it (float4).
template <class S, class Q>
struct RecordedFields {
  explicit RecordedFields(const RecordedPlace&) {}
};

inline RecordedPlace field_place(RecordedPlace p, std::size_t offset) {
  p.address += offset;
  return p;
}

// One element of a kernel array: reading it records a load, assigning it a store.
template <class T>
class RecordedRef : public RecordedFields<std::remove_const_t<T>, T> {
 public:
  using Elem = std::remove_const_t<T>;
  explicit RecordedRef(RecordedPlace p) : RecordedFields<Elem, T>(p), p_(p) {}

  operator Elem() const {  // NOLINT: a load is a conversion, as in CUDA
    record(Op::Load);
    return Elem{};
  }
  const RecordedRef& operator=(const Elem&) const
    requires(!std::is_const_v<T>)
  {
    record(Op::Store);
    return *this;
  }
  // tile[a] = tile[b]: the load happens before the store.
  const RecordedRef& operator=(const RecordedRef& other) const
    requires(!std::is_const_v<T>)
  {
    const Elem v = other;
    return *this = v;
  }
  RecordedAddress<T> operator&() const { return {p_}; }

 private:
  void record(Op op) const {
    tracing->access(p_.line, p_.column, p_.array, op, sizeof(Elem), Ldmatrix::None, p_.address);
  }
  RecordedPlace p_;
};

template <class T>
class RecordedPtr {
 public:
  using Elem = std::remove_const_t<T>;
  RecordedPtr(int array, std::uint64_t base) : array_(array), base_(base) {}
  RecordedRef<T> operator[](Index i) const {
    return RecordedRef<T>({array_, base_ + static_cast<std::uint64_t>(i.value) * sizeof(Elem), i.line, i.column});
  }
  int array() const { return array_; }
  std::uint64_t base() const { return base_; }

 private:
  int array_;
  std::uint64_t base_;
};

// T name[R][P]: row r starts P elements after row r - 1.
template <class T, int P>
class RecordedMatrix {
 public:
  class Row {
   public:
    explicit Row(RecordedPlace start) : start_(start) {}
    RecordedRef<T> operator[](long long c) const {
      RecordedPlace p = start_;
      p.address += static_cast<std::uint64_t>(c) * sizeof(T);
      return RecordedRef<T>(p);
    }

   private:
    RecordedPlace start_;
  };
  RecordedMatrix(int array, std::uint64_t base) : array_(array), base_(base) {}
  Row operator[](Index r) const {
    return Row({array_, base_ + static_cast<std::uint64_t>(r.value) * P * sizeof(T), r.line, r.column});
  }

 private:
  int array_;
  std::uint64_t base_;
};

template <class V, class T>
using SameConstAs = std::conditional_t<std::is_const_v<T>, const V, V>;

// reinterpret_cast<const float4*>(in): the same array, accessed V at a time.
template <class V, class T>
RecordedPtr<SameConstAs<V, T>> as_vectors(RecordedPtr<T> p) {
  return {p.array(), p.base()};
}

// reinterpret_cast<uint4*>(&tile[0][0]): vectors from an element's address on.
template <class V, class T>
RecordedPtr<SameConstAs<V, T>> as_vectors(RecordedAddress<T> start) {
  return {start.place.array, start.place.address};
}

inline uint4 ldmatrix_x4(RecordedAddress<std::uint16_t> row) {
  const RecordedPlace& p = row.place;
  tracing->access(p.line, p.column, p.array, Op::Load, 16, Ldmatrix::X4, p.address);
  return uint4{};
}

// __shared__ T name[N] or T name[R][P]. A two-dimensional tile a little wider
// than it is tall is a square tile plus padding columns (tile[T][T + 1]): its
// logical width is R and the window greys the rest. "A little": the extra
// columns are under a quarter of the row; tile[32][64] of 2-byte elements
// (ldmatrix's 128-byte rows) is a plain wide tile, not half padding.
template <class Layout>
auto shared_array(const char* name) {
  using T = std::remove_all_extents_t<Layout>;
  static_assert(std::rank_v<Layout> == 1 || std::rank_v<Layout> == 2, "shared arrays of one or two dimensions");
  if constexpr (std::rank_v<Layout> == 1) {
    constexpr int n = static_cast<int>(std::extent_v<Layout, 0>);
    const int a = tracing->declare_array(name, Space::Shared, 1, n, n, sizeof(T));
    return RecordedPtr<T>(a, tracing->array(a).base);
  } else {
    constexpr int rows = static_cast<int>(std::extent_v<Layout, 0>), pitch = static_cast<int>(std::extent_v<Layout, 1>);
    constexpr int cols = pitch > rows && (pitch - rows) * 4 < pitch ? rows : pitch;
    const int a = tracing->declare_array(name, Space::Shared, rows, cols, pitch, sizeof(T));
    return RecordedMatrix<T, pitch>(a, tracing->array(a).base);
  }
}

// extern __shared__ T name[]: rows x cols elements given at launch.
template <class T>
RecordedPtr<T> dynamic_shared_array(const char* name, int rows, int cols) {
  const int a = tracing->declare_array(name, Space::Shared, rows, cols, cols, sizeof(T), true);
  return RecordedPtr<T>(a, tracing->array(a).base);
}

// A kernel argument: a rows x cols global matrix.
template <class T>
RecordedPtr<T> global_array(const char* name, int rows, int cols) {
  const int a = tracing->declare_array(name, Space::Global, rows, cols, cols, sizeof(std::remove_const_t<T>));
  return RecordedPtr<T>(a, tracing->array(a).base);
}

// WS_FIELDS(S, x, y, z) after `struct S { float x, y, z; };` in a body header
// (inside namespace ws::kernels): `particles[i].x` of an In<S> then records a
// load of the field's own bytes at its offset, as the GPU loads only that field
// (ld.global.f32 at 12 i + 0: G2 counts the sectors of those 4 bytes, not of 12).
// Up to four fields; nothing on the GPU.
#define WS_FIELD_(S, f) \
  RecordedRef<SameConstAs<decltype(S::f), Q>> f{field_place(ws_place_, offsetof(S, f))};
#define WS_FIELDS_1_(S, a) WS_FIELD_(S, a)
#define WS_FIELDS_2_(S, a, ...) WS_FIELD_(S, a) WS_FIELDS_1_(S, __VA_ARGS__)
#define WS_FIELDS_3_(S, a, ...) WS_FIELD_(S, a) WS_FIELDS_2_(S, __VA_ARGS__)
#define WS_FIELDS_4_(S, a, ...) WS_FIELD_(S, a) WS_FIELDS_3_(S, __VA_ARGS__)
#define WS_FIELDS_PICK_(_1, _2, _3, _4, name, ...) name
#define WS_FIELDS(S, ...)                                                                              \
  template <class Q>                                                                                   \
  struct RecordedFields<S, Q> {                                                                        \
    RecordedPlace ws_place_; /* first: the fields below are placed from it */                          \
    WS_FIELDS_PICK_(__VA_ARGS__, WS_FIELDS_4_, WS_FIELDS_3_, WS_FIELDS_2_, WS_FIELDS_1_)(S, __VA_ARGS__) \
    explicit RecordedFields(const RecordedPlace& p) : ws_place_(p) {}                                  \
  }

template <class T>
using In = RecordedPtr<const T>;
template <class T>
using Out = RecordedPtr<T>;

}  // namespace ws::kernels
