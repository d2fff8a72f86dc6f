// The output layer: write(2) through a buffer that keeps the first error, for standard output and output files.
#include "output/output.hpp"

#include <fcntl.h>
#include <unistd.h>
#include <cerrno>
#include <cstring>
#include <iostream>

namespace csp::cli {

namespace {

constexpr std::size_t kBufferSize = 64 * 1024;

StandardOutput* g_standard_output = nullptr;

}  // namespace

DescriptorBuffer::DescriptorBuffer(int fd, bool owned) : fd_(fd), buffer_(new char[kBufferSize]), owned_(owned) {
  setp(buffer_.get(), buffer_.get() + kBufferSize);
}

DescriptorBuffer::~DescriptorBuffer() { finish(owned_); }

bool DescriptorBuffer::drain() {
  const char* at = pbase();
  const char* const end = pptr();
  while (error_.empty() && at < end) {
    const ssize_t n = ::write(fd_, at, static_cast<std::size_t>(end - at));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error_ = n < 0 ? std::strerror(errno) : "nothing written";
      break;
    }
    at += n;
  }
  setp(buffer_.get(), buffer_.get() + kBufferSize);  // after an error, output is dropped
  return error_.empty();
}

DescriptorBuffer::int_type DescriptorBuffer::overflow(int_type ch) {
  if (!drain()) return traits_type::eof();
  if (!traits_type::eq_int_type(ch, traits_type::eof())) {
    *pptr() = traits_type::to_char_type(ch);
    pbump(1);
  }
  return traits_type::not_eof(ch);
}

int DescriptorBuffer::sync() { return drain() ? 0 : -1; }

std::streamsize DescriptorBuffer::xsputn(const char* s, std::streamsize n) {
  std::streamsize done = 0;
  while (done < n) {
    if (pptr() == epptr() && !drain()) return done;
    const std::streamsize room = epptr() - pptr();
    const std::streamsize take = std::min(room, n - done);
    std::memcpy(pptr(), s + done, static_cast<std::size_t>(take));
    pbump(static_cast<int>(take));
    done += take;
  }
  return error_.empty() ? done : 0;
}

std::string DescriptorBuffer::finish(bool close_fd) {
  drain();
  if (close_fd && !closed_) {
    closed_ = true;
    if (::close(fd_) != 0 && error_.empty() && errno != EINTR) error_ = std::strerror(errno);
  }
  return error_;
}

StandardOutput::StandardOutput() : buffer_(std::make_unique<DescriptorBuffer>(STDOUT_FILENO)) {
  std::cout.flush();
  previous_ = std::cout.rdbuf(buffer_.get());
  g_standard_output = this;
}

StandardOutput::~StandardOutput() {
  finish();
  std::cout.rdbuf(previous_);
  if (g_standard_output == this) g_standard_output = nullptr;
}

std::string StandardOutput::finish() {
  if (finished_) return "";
  finished_ = true;
  std::cout.flush();
  // Standard output closed on start (csp ... >&-) fails the first write with EBADF: reported like any other error.
  const std::string why = buffer_->finish(true);
  return why.empty() ? std::string() : std::string("cannot write standard output: ").append(why);
}

std::string finish_standard_output() { return g_standard_output != nullptr ? g_standard_output->finish() : ""; }

bool standard_output_failed() { return !std::cout.good(); }

OutputFile::OutputFile(const std::string& option, const std::string& path)
    : option_(option), path_(path), stream_(nullptr) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0)
    throw OutputError(
        std::string(option).append(": cannot write '").append(path).append("': ").append(std::strerror(errno)));
  buffer_ = std::make_unique<DescriptorBuffer>(fd, true);
  stream_.rdbuf(buffer_.get());
}

void OutputFile::close() {
  stream_.flush();
  const std::string why = buffer_->finish(true);
  if (!why.empty())
    throw OutputError(std::string(option_).append(": cannot write '").append(path_).append("': ").append(why));
}

}  // namespace csp::cli
