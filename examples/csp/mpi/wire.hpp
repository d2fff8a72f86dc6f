// The byte layout of what ranks send each other (no MPI here): whole numbers and strings packed into one string.
// Every rank runs the same csp binary on the same kind of machine, so numbers travel in the host's byte order.
#pragma once

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace csp::cli::wire {

/// Appends values to a byte string.
class Writer {
 public:
  /// A trivially copyable value (a number, a Statistics), as its bytes.
  template <class T>
  Writer& put(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    out_.append(reinterpret_cast<const char*>(&value), sizeof value);
    return *this;
  }
  /// A string: its length (64 bits), then its bytes.
  Writer& put_string(const std::string& s) {
    put<std::uint64_t>(s.size());
    out_.append(s);
    return *this;
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

/// Reads values back in the order they were put. Throws std::runtime_error on a short message (a bug, never input).
class Reader {
 public:
  explicit Reader(const std::string& bytes) : bytes_(bytes) {}
  template <class T>
  T get() {
    static_assert(std::is_trivially_copyable_v<T>);
    T value;
    need(sizeof value);
    std::memcpy(&value, bytes_.data() + at_, sizeof value);
    at_ += sizeof value;
    return value;
  }
  std::string get_string() {
    const auto n = get<std::uint64_t>();
    need(n);
    std::string s = bytes_.substr(at_, n);
    at_ += n;
    return s;
  }

 private:
  void need(std::uint64_t n) const {
    if (n > bytes_.size() - at_) throw std::runtime_error("MPI message shorter than its layout (a csp bug)");
  }
  const std::string& bytes_;
  std::size_t at_ = 0;
};

/// A chunk of items or results: the sequence number of the first, then the strings.
inline std::string pack(std::uint64_t first, const std::vector<std::string>& strings) {
  Writer w;
  w.put(first).put<std::uint64_t>(strings.size());
  for (const std::string& s : strings) w.put_string(s);
  return w.take();
}

inline std::vector<std::string> unpack(const std::string& bytes, std::uint64_t& first) {
  Reader r(bytes);
  first = r.get<std::uint64_t>();
  const auto n = r.get<std::uint64_t>();
  std::vector<std::string> out;
  out.reserve(static_cast<std::size_t>(n));
  for (std::uint64_t i = 0; i < n; ++i) out.push_back(r.get_string());
  return out;
}

}  // namespace csp::cli::wire
