// The output layer of every csp command: standard output and output files (--dot, --csv, --json) written through
// a buffer that remembers the first write error (errno), so that a full disk or a closed pipe is reported, naming the
// output, instead of being lost.
#pragma once

#include <memory>
#include <ostream>
#include <stdexcept>
#include <streambuf>
#include <string>

namespace csp::cli {

/// An output could not be written (main prints "csp COMMAND: MESSAGE" and exits with status 2).
class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A stream buffer writing to a file descriptor with write(2). After the first failed write it keeps the reason,
/// drops further output and reports failure to its stream (which sets badbit).
class DescriptorBuffer : public std::streambuf {
 public:
  /// With `owned`, the destructor closes `fd` (when `finish` did not).
  explicit DescriptorBuffer(int fd, bool owned = false);
  ~DescriptorBuffer() override;
  DescriptorBuffer(const DescriptorBuffer&) = delete;
  DescriptorBuffer& operator=(const DescriptorBuffer&) = delete;

  /// Writes what is buffered and, with `close_fd`, closes the descriptor. Returns "" or the first error's reason
  /// (strerror), e.g. "No space left on device".
  std::string finish(bool close_fd);
  /// The first error's reason so far ("" when none).
  const std::string& error() const { return error_; }

 protected:
  int_type overflow(int_type ch) override;
  int sync() override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;

 private:
  bool drain();
  int fd_;
  std::unique_ptr<char[]> buffer_;
  std::string error_;
  bool owned_;
  bool closed_ = false;
};

/// Puts standard output (std::cout) on a DescriptorBuffer over descriptor 1 for the life of the object (main holds
/// one). `finish` flushes and closes it and reports an error once.
class StandardOutput {
 public:
  StandardOutput();
  ~StandardOutput();
  StandardOutput(const StandardOutput&) = delete;
  StandardOutput& operator=(const StandardOutput&) = delete;
  /// Flushes and closes standard output; returns "" or "cannot write standard output: REASON". Idempotent.
  std::string finish();

 private:
  std::unique_ptr<DescriptorBuffer> buffer_;
  std::streambuf* previous_;
  std::string error_;
  bool finished_ = false;
};

/// Flushes and closes standard output if main installed a StandardOutput (for a command that must end at once, after
/// an interrupt); returns its error as `StandardOutput::finish` does.
std::string finish_standard_output();

/// True when standard output has failed (a write error): a long batch stops instead of computing results nobody gets.
bool standard_output_failed();

/// An output file named on the command line (`option`, e.g. "--csv"), created or truncated at once so that a bad path
/// fails before any work. Throws OutputError "--csv: cannot write 'PATH': reason" when it cannot be opened.
class OutputFile {
 public:
  OutputFile(const std::string& option, const std::string& path);
  /// The stream to write to.
  std::ostream& stream() { return stream_; }
  /// Flushes and closes the file; throws OutputError "--csv: cannot write 'PATH': reason" when a write or the close
  /// failed.
  void close();

 private:
  std::string option_;
  std::string path_;
  std::unique_ptr<DescriptorBuffer> buffer_;
  std::ostream stream_;
};

}  // namespace csp::cli
