// A function that can fail on its input returns Result<T>, holding either its
// value or an Error saying what went wrong in words a user can act on; below
// the command line such a failure is returned, never thrown, and the commands
// turn it into a message and an exit code (docs/architecture.md, "Errors").
#pragma once

#include <cassert>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

namespace ws {

struct Error {
  std::string message;
};

template <class T>
class Result {
  static_assert(!std::is_same_v<std::remove_cv_t<T>, Error>, "Result<Error> cannot tell value from error");
  static_assert(!std::is_reference_v<T>, "Result holds values");

 public:
  Result(T value) : v_(std::in_place_index<0>, std::move(value)) {}   // NOLINT: implicit on purpose
  Result(Error error) : v_(std::in_place_index<1>, std::move(error)) {}  // NOLINT: implicit on purpose

  bool has_value() const noexcept { return v_.index() == 0; }
  explicit operator bool() const noexcept { return has_value(); }

  // Only with has_value() (asserted; never throws).
  T& value() & { return *checked_value(); }
  const T& value() const& { return *checked_value(); }
  T&& value() && { return std::move(*checked_value()); }
  T* operator->() { return checked_value(); }
  const T* operator->() const { return checked_value(); }
  T& operator*() & { return *checked_value(); }
  const T& operator*() const& { return *checked_value(); }

  // Only without has_value() (asserted; never throws).
  const Error& error() const& { return *checked_error(); }

 private:
  T* checked_value() {
    assert(has_value());
    return std::get_if<0>(&v_);
  }
  const T* checked_value() const {
    assert(has_value());
    return std::get_if<0>(&v_);
  }
  const Error* checked_error() const {
    assert(!has_value());
    return std::get_if<1>(&v_);
  }

  std::variant<T, Error> v_;
};

}  // namespace ws
