// Reading text input the same way in every reader (Sudoku files, DIMACS .col graphs, Killer Sudoku files):
// a file opened once through a byte cap, lines ended by LF, CRLF or CR with a UTF-8 byte order mark skipped and a
// length cap, and bytes of the input quoted in messages with the invisible ones escaped.
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <memory>
#include <streambuf>
#include <string>
#include <string_view>

namespace csp::models {

/// The byte caps of the readers: a longer input is read up to the cap, then reported (never read to the end).
inline constexpr std::uint64_t kMaxPuzzleFileBytes = std::uint64_t{1} << 30;   ///< Sudoku files (streamed): 1 GiB
inline constexpr std::uint64_t kMaxGraphFileBytes = std::uint64_t{256} << 20;  ///< DIMACS .col files: 256 MiB
inline constexpr std::uint64_t kMaxKillerFileBytes = std::uint64_t{1} << 20;   ///< Killer Sudoku files: 1 MiB

/// "1 GiB", "256 MiB", "1000 bytes": a byte count for messages.
std::string byte_count_text(std::uint64_t bytes);

/// One input opened once for reading (a FIFO must be opened only once, or its writer's data is lost): a file, or
/// standard input for "-" (named "<stdin>"). Reading stops at `max_bytes`; then `capped()` is true. Never throws:
/// check `open_error()` before reading and `read_error()` after.
class TextInput {
 public:
  TextInput(const std::string& path, std::uint64_t max_bytes);
  ~TextInput();
  TextInput(const TextInput&) = delete;
  TextInput& operator=(const TextInput&) = delete;

  /// The path, or "<stdin>" for "-".
  const std::string& name() const { return name_; }
  /// "" when the input is open, else "cannot read 'PATH': reason" (e.g. "No such file or directory", "it is a
  /// directory").
  const std::string& open_error() const { return open_error_; }
  /// The bytes of the input, at most `max_bytes` of them (empty when it could not be opened).
  std::istream& stream() { return stream_; }
  /// True when the input holds more than `max_bytes` bytes (known once the reader got that far).
  bool capped() const;
  /// After reading: "" when the input was read without error and under the cap, else why not, naming the input:
  /// "NAME: read error (reason)" or "NAME: larger than 1 GiB, the most this reader takes: not read past it".
  std::string read_error() const;
  /// Reads everything (up to the cap) into a string.
  std::string read_all();

 private:
  class CappedBuffer;
  std::string name_;
  std::string open_error_;
  std::uint64_t max_ = 0;
  std::unique_ptr<std::filebuf> file_;
  std::unique_ptr<CappedBuffer> buffer_;
  std::istream stream_;
};

/// Lines of a stream, as every reader splits them: ended by LF, CRLF or CR (the end is not part of the line), a
/// UTF-8 byte order mark at the start of the first line removed. A line longer than `max_line` bytes keeps its first
/// `max_line` bytes and `too_long()` is true; with `LongLine::skip` the rest of it is skipped (fast, for a reader that
/// goes on), with `LongLine::stop` it is left unread (for a reader that stops there: /dev/zero is not read further).
/// Reads ahead in chunks.
class LineReader {
 public:
  static constexpr std::size_t kDefaultMaxLine = 64 * 1024;
  enum class LongLine { skip, stop };

  explicit LineReader(std::istream& in, std::size_t max_line = kDefaultMaxLine, LongLine long_line = LongLine::skip);
  /// The next line into `line`; false at the end of the input (or a read error: see the stream's bad()).
  bool next(std::string& line);
  /// The last line read was longer than `max_line()`.
  bool too_long() const { return too_long_; }
  /// 1-based number of the last line read (0 before the first).
  std::size_t line_number() const { return line_no_; }
  std::size_t max_line() const { return max_line_; }

 private:
  bool fill();  // reads more into chunk_; false at the end of the input
  std::istream* in_;
  std::size_t max_line_;
  LongLine long_line_;
  std::string chunk_;
  std::size_t pos_ = 0;
  std::size_t line_no_ = 0;
  bool too_long_ = false;
  bool pending_cr_ = false;  // the last line ended with CR: skip an LF right after it
  bool at_start_ = true;
};

/// `text` with every byte that is not printable escaped as \xNN: control characters but newline and tab, DEL,
/// bytes that are not part of a valid UTF-8 sequence, and invisible characters (the byte order mark U+FEFF, C1
/// controls, zero-width and direction marks U+200B..U+200F, U+2028..U+202E, U+2060..U+206F), each byte of them.
/// Valid visible UTF-8 characters are kept.
std::string printable(std::string_view text);

/// `text` cut to its first `max_chars` characters (UTF-8 code points) followed by "..." when it is longer; then
/// escaped as `printable` does. For quoting a token or a line of a file in a message.
std::string shortened(std::string_view text, std::size_t max_chars = 40);

}  // namespace csp::models
