// The input layer of every reader: one open per file, a byte cap, line splitting (LF, CRLF, CR, BOM), escaping.
#include "csp/models/text_input.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <system_error>
#include <vector>

namespace csp::models {

std::string byte_count_text(std::uint64_t bytes) {
  constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
  constexpr std::uint64_t kGiB = std::uint64_t{1} << 30;
  if (bytes >= kGiB && bytes % kGiB == 0) return std::to_string(bytes / kGiB).append(" GiB");
  if (bytes >= kMiB && bytes % kMiB == 0) return std::to_string(bytes / kMiB).append(" MiB");
  return std::to_string(bytes).append(bytes == 1 ? " byte" : " bytes");
}

// ---------------------------------------------------------------------------------------------------------------
// TextInput

// A read-only stream buffer over another one that hands out at most `max` bytes and turns a read error (libstdc++'s
// filebuf throws std::ios_base::failure with the errno) into the end of the input plus a remembered reason.
class TextInput::CappedBuffer : public std::streambuf {
 public:
  // `interactive` (standard input): hand out what one read brought instead of waiting for a full chunk.
  CappedBuffer(std::streambuf* source, std::uint64_t max, bool interactive)
      : source_(source), max_(max), interactive_(interactive), buffer_(64 * 1024) {}

  bool capped() const { return capped_; }
  const std::string& error() const { return error_; }

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (source_ == nullptr || !error_.empty() || capped_) return traits_type::eof();
    try {
      if (consumed_ == max_) {
        capped_ = source_->sgetc() != traits_type::eof();  // one byte more than the cap: the input is too large
        return traits_type::eof();
      }
      // Standard input (a terminal, a pipe): one read that may wait, then only what that read brought. A file: a
      // whole chunk (large reads straight into the buffer).
      std::uint64_t want_bytes = std::min<std::uint64_t>(buffer_.size(), max_ - consumed_);
      if (interactive_) {
        if (source_->sgetc() == traits_type::eof()) return traits_type::eof();
        want_bytes = std::min<std::uint64_t>(want_bytes, std::max<std::streamsize>(source_->in_avail(), 1));
      }
      const auto want = static_cast<std::streamsize>(want_bytes);
      const std::streamsize got = source_->sgetn(buffer_.data(), want);
      if (got <= 0) return traits_type::eof();
      consumed_ += static_cast<std::uint64_t>(got);
      setg(buffer_.data(), buffer_.data(), buffer_.data() + got);
      return traits_type::to_int_type(buffer_[0]);
    } catch (const std::ios_base::failure& e) {
      // libstdc++ carries the errno in the code ("Is a directory", "Input/output error").
      error_ = e.code().value() != 0 && e.code().category() != std::iostream_category() ? e.code().message()
                                                                                        : std::string(e.what());
    } catch (const std::exception& e) {
      error_ = e.what();
    }
    return traits_type::eof();
  }

 private:
  std::streambuf* source_;
  std::uint64_t max_;
  bool interactive_;
  std::uint64_t consumed_ = 0;
  std::vector<char> buffer_;
  bool capped_ = false;
  std::string error_;
};

TextInput::TextInput(const std::string& path, std::uint64_t max_bytes)
    : name_(path == "-" ? "<stdin>" : path), stream_(nullptr) {
  std::streambuf* source = nullptr;
  if (path == "-") {
    source = std::cin.rdbuf();
  } else {
    std::error_code ec;
    // stat, not open: a FIFO is opened once, below.
    if (std::filesystem::is_directory(path, ec)) {
      open_error_ = std::string("cannot read '").append(path).append("': it is a directory");
    } else {
      file_ = std::make_unique<std::filebuf>();
      errno = 0;
      if (file_->open(path, std::ios::in | std::ios::binary) == nullptr) {
        const int why = errno != 0 ? errno : ENOENT;
        open_error_ = std::string("cannot read '").append(path).append("': ").append(std::strerror(why));
        file_.reset();
      } else {
        source = file_.get();
      }
    }
  }
  buffer_ = std::make_unique<CappedBuffer>(source, max_bytes, path == "-");
  stream_.rdbuf(buffer_.get());
  if (!open_error_.empty()) stream_.setstate(std::ios::badbit);
  max_ = max_bytes;
}

TextInput::~TextInput() = default;

bool TextInput::capped() const { return buffer_->capped(); }

std::string TextInput::read_error() const {
  if (!buffer_->error().empty())
    return std::string(name_).append(": read error (").append(buffer_->error()).append(")");
  if (buffer_->capped())
    return std::string(name_)
        .append(": larger than ")
        .append(byte_count_text(max_))
        .append(", the most this reader takes: not read past it");
  return "";
}

std::string TextInput::read_all() {
  std::string out;
  if (!open_error_.empty()) return out;
  char chunk[64 * 1024];
  while (stream_.read(chunk, sizeof chunk) || stream_.gcount() > 0)
    out.append(chunk, static_cast<std::size_t>(stream_.gcount()));
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// LineReader

LineReader::LineReader(std::istream& in, std::size_t max_line, LongLine long_line)
    : in_(&in), max_line_(max_line), long_line_(long_line) {}

bool LineReader::fill() {
  chunk_.clear();
  pos_ = 0;
  std::streambuf* buf = in_->rdbuf();
  if (buf == nullptr || !in_->good()) return false;
  try {
    if (buf->sgetc() == std::char_traits<char>::eof()) {
      in_->setstate(std::ios::eofbit);
      return false;
    }
    const std::streamsize available = std::clamp<std::streamsize>(buf->in_avail(), 1, 64 * 1024);
    chunk_.resize(static_cast<std::size_t>(available));
    chunk_.resize(static_cast<std::size_t>(std::max<std::streamsize>(buf->sgetn(chunk_.data(), available), 0)));
  } catch (const std::exception&) {
    chunk_.clear();
    in_->setstate(std::ios::badbit);
    return false;
  }
  return !chunk_.empty();
}

bool LineReader::next(std::string& line) {
  line.clear();
  too_long_ = false;
  bool any = false;
  for (;;) {
    if (pos_ == chunk_.size() && !fill()) {
      if (!any) return false;
      break;
    }
    if (pending_cr_) {  // CRLF: the LF belongs to the line the CR ended
      pending_cr_ = false;
      if (chunk_[pos_] == '\n') {
        ++pos_;
        continue;
      }
    }
    any = true;
    // The first LF or CR from pos_: two memchr scans (find_first_of tests each byte against the set, 10x slower).
    const char* const base = chunk_.data();
    const char* const from = base + pos_;
    const char* const last = base + chunk_.size();
    const auto* lf = static_cast<const char*>(std::memchr(from, '\n', static_cast<std::size_t>(last - from)));
    const char* const lf_or_end = lf != nullptr ? lf : last;
    const auto* cr = static_cast<const char*>(std::memchr(from, '\r', static_cast<std::size_t>(lf_or_end - from)));
    const char* const hit = cr != nullptr ? cr : lf;
    const std::size_t end = hit != nullptr ? static_cast<std::size_t>(hit - base) : std::string::npos;
    const std::size_t stop = end == std::string::npos ? chunk_.size() : end;
    const std::size_t room = line.size() < max_line_ ? max_line_ - line.size() : 0;
    line.append(chunk_, pos_, std::min(stop - pos_, room));
    if (stop - pos_ > room) {
      too_long_ = true;
      if (long_line_ == LongLine::stop) {
        pos_ += room;
        break;
      }
    }
    pos_ = stop;
    if (end != std::string::npos) {
      pending_cr_ = chunk_[end] == '\r';
      ++pos_;
      break;
    }
  }
  ++line_no_;
  if (at_start_) {
    at_start_ = false;
    if (line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);
  }
  return true;
}

// ---------------------------------------------------------------------------------------------------------------
// printable / shortened

namespace {

// Length of the valid UTF-8 sequence starting at text[i] (1 for ASCII), or 0 when the bytes there are not one;
// `code` receives its code point.
std::size_t utf8_length(std::string_view text, std::size_t i, unsigned& code) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b = byte(i);
  code = b;
  if (b < 0x80) return 1;
  std::size_t n = 0;
  unsigned min = 0;
  if (b >= 0xC2 && b <= 0xDF) {
    n = 2;
    min = 0x80;
  } else if (b >= 0xE0 && b <= 0xEF) {
    n = 3;
    min = 0x800;
  } else if (b >= 0xF0 && b <= 0xF4) {
    n = 4;
    min = 0x10000;
  } else {
    return 0;
  }
  if (i + n > text.size()) return 0;
  code = b & (0x7FU >> n);
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0U) != 0x80U) return 0;
    code = (code << 6) | (byte(i + k) & 0x3FU);
  }
  if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
  return n;
}

// Characters that print as nothing (or move the text around): a message shows their bytes instead.
bool invisible(unsigned code) {
  return (code < 0x20 && code != '\n' && code != '\t') || (code >= 0x7F && code <= 0x9F) || code == 0xAD ||
         (code >= 0x200B && code <= 0x200F) || (code >= 0x2028 && code <= 0x202E) ||
         (code >= 0x2060 && code <= 0x206F) || code == 0xFEFF;
}

void append_escaped(std::string& out, unsigned char b) {
  static constexpr char kHex[] = "0123456789abcdef";
  out.append("\\x").append(1, kHex[b >> 4]).append(1, kHex[b & 0xFU]);
}

std::string escape(std::string_view text, std::size_t max_chars) {
  std::string out;
  std::size_t chars = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (chars == max_chars) return out.append("...");
    unsigned code = 0;
    const std::size_t n = utf8_length(text, i, code);
    if (n == 0) {
      append_escaped(out, static_cast<unsigned char>(text[i]));
      ++i;
    } else if (invisible(code)) {
      for (std::size_t k = 0; k < n; ++k) append_escaped(out, static_cast<unsigned char>(text[i + k]));
      i += n;
    } else {
      out.append(text.substr(i, n));
      i += n;
    }
    ++chars;
  }
  return out;
}

}  // namespace

std::string printable(std::string_view text) { return escape(text, std::string_view::npos); }

std::string shortened(std::string_view text, std::size_t max_chars) { return escape(text, max_chars); }

}  // namespace csp::models
