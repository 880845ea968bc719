// The host execution context: runs one thread of a kernel body and logs every
// access (site, load/store, width, byte address) into an AccessRecorder.
// Addresses in catalog kernels never depend on loaded values, so loads return
// zero and no data is kept (host-only; never compiled by nvcc).
#pragma once

#include <cstdint>
#include <type_traits>

#include "ws/kernels/context.hpp"
#include "ws/recorder.hpp"

namespace ws::kernels {

template <class T>
class RecordedArray {
 public:
  using Elem = std::remove_const_t<T>;
  RecordedArray(AccessRecorder& rec, int array) : rec_(&rec), array_(array), base_(rec.array(array).base) {}

  Elem load(Site s, long long i) const {
    log(s, Op::Load, sizeof(Elem), i);
    return Elem{};
  }
  void store(Site s, long long i, const Elem&) const { log(s, Op::Store, sizeof(Elem), i); }
  template <class V>
  V load_vec(Site s, long long i) const {
    log(s, Op::Load, sizeof(V), i);
    return V{};
  }
  template <class V>
  void store_vec(Site s, long long i, const V&) const {
    log(s, Op::Store, sizeof(V), i);
  }
  // ldmatrix (S7): the lane's 16-byte row starts at element i.
  void log_ldmatrix(Site s, long long i, Ldmatrix kind) const {
    rec_->access(s.name, s.line, array_, Op::Load, 16, kind, address(i));
  }

 private:
  std::uint64_t address(long long i) const { return base_ + static_cast<std::uint64_t>(i) * sizeof(Elem); }
  void log(Site s, Op op, int bytes, long long i) const {
    rec_->access(s.name, s.line, array_, op, bytes, Ldmatrix::None, address(i));
  }
  AccessRecorder* rec_;
  int array_;
  std::uint64_t base_;
};

class RecordingCtx {
 public:
  RecordingCtx(AccessRecorder& rec, Idx3 thread, Idx3 block, Idx3 block_dim, Idx3 grid_dim)
      : rec_(rec), thread_(thread), block_(block), block_dim_(block_dim), grid_dim_(grid_dim) {}

  Idx3 thread_idx() const { return thread_; }
  Idx3 block_idx() const { return block_; }
  Idx3 block_dim() const { return block_dim_; }
  Idx3 grid_dim() const { return grid_dim_; }

  template <class T>
  RecordedArray<T> global(const char* name, int rows, int cols, int pitch) {
    return {rec_, rec_.declare_array(name, Space::Global, rows, cols, pitch, sizeof(T))};
  }
  template <class T>
  RecordedArray<T> shared(const char* name, int rows, int cols, int pitch) {
    return {rec_, rec_.declare_array(name, Space::Shared, rows, cols, pitch, sizeof(T))};
  }
  void sync() { rec_.sync(); }

  template <class T>
  U32x4 ldmatrix_x4(Site s, const RecordedArray<T>& tile, long long i) {
    tile.log_ldmatrix(s, i, Ldmatrix::X4);
    return U32x4{};
  }

 private:
  AccessRecorder& rec_;
  Idx3 thread_, block_, block_dim_, grid_dim_;
};

}  // namespace ws::kernels
