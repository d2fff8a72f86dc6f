// What the libFuzzer harnesses share: the input as text or as command-line arguments, the box shapes, and a check
// that aborts (a crash for libFuzzer) with a message when an invariant of a reader's result is broken.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <streambuf>
#include <string>
#include <vector>

#include "csp/models/sudoku/format.hpp"
#include "csp/models/sudoku/sudoku.hpp"

namespace csp::fuzz {

/// The input bytes as a string (any bytes, NUL included).
inline std::string as_text(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

/// The input as command-line arguments: one per line ('\n' separates them; an empty line is an empty argument).
/// At most 64 arguments, so that a run stays short.
inline std::vector<std::string> as_arguments(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args;
  if (size == 0) return args;
  std::string current;
  for (std::size_t i = 0; i < size && args.size() < 64; ++i) {
    const char c = static_cast<char>(data[i]);
    if (c == '\n') {
      args.push_back(current);
      current.clear();
    } else {
      current.push_back(c);
    }
  }
  if (args.size() < 64) args.push_back(current);
  return args;
}

/// Every box shape the Sudoku formats accept: R x C with R, C >= 1 and 2 <= R*C <= kMaxSudokuSize, rows first.
inline const std::vector<models::BoxShape>& all_box_shapes() {
  static const std::vector<models::BoxShape> shapes = [] {
    std::vector<models::BoxShape> out;
    for (int r = 1; r <= models::kMaxSudokuSize; ++r)
      for (int c = 1; r * c <= models::kMaxSudokuSize; ++c)
        if (r * c >= 2) out.push_back({r, c});
    return out;
  }();
  return shapes;
}

/// Aborts with `what` when `condition` is false: libFuzzer reports the input as a crash.
inline void require(bool condition, const std::string& what) {
  if (condition) return;
  std::fprintf(stderr, "fuzz invariant broken: %s\n", what.c_str());
  std::abort();
}

/// Sends std::cout to nowhere while it lives (the option parsers print --help there).
class SilentStdout {
 public:
  SilentStdout() : saved_(std::cout.rdbuf(&null_)) {}
  ~SilentStdout() { std::cout.rdbuf(saved_); }
  SilentStdout(const SilentStdout&) = delete;
  SilentStdout& operator=(const SilentStdout&) = delete;

 private:
  struct NullBuffer : std::streambuf {
    int overflow(int c) override { return traits_type::not_eof(c); }
  };
  NullBuffer null_;
  std::streambuf* saved_;
};

}  // namespace csp::fuzz
