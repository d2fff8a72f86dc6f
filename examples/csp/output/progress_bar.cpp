// The progress bar of csp ablate.
#include "output/progress_bar.hpp"

#include <unistd.h>
#include <algorithm>
#include <string>

namespace csp::cli {

namespace {

std::string duration(double seconds) {
  const auto s = static_cast<long long>(seconds + 0.5);
  if (s < 60) return std::to_string(s) + "s";
  if (s < 3600) return std::to_string(s / 60) + "m" + (s % 60 < 10 ? "0" : "") + std::to_string(s % 60) + "s";
  return std::to_string(s / 3600) + "h" + (s % 3600 / 60 < 10 ? "0" : "") + std::to_string(s % 3600 / 60) + "m";
}

}  // namespace

ProgressBar::ProgressBar(std::size_t total, std::FILE* out, const char* unit)
    : total_(total),
      out_(out),
      unit_(unit),
      enabled_(isatty(fileno(out)) != 0),
      start_(Clock::now()),
      last_draw_(start_) {}

void ProgressBar::tick() {
  ++done_;
  if (!enabled_) return;
  const Clock::time_point now = Clock::now();
  if (now - start_ < std::chrono::seconds(1) || now - last_draw_ < std::chrono::milliseconds(200)) return;
  last_draw_ = now;
  draw();
}

void ProgressBar::draw() {
  constexpr std::size_t kWidth = 30;
  const double elapsed_s = std::chrono::duration<double>(Clock::now() - start_).count();
  if (total_ == 0) {  // unknown total: no bar, no ETA
    std::fprintf(out_, "\r%zu %s  %.1f/s  %s elapsed\033[K", done_, unit_,
                 elapsed_s > 0 ? static_cast<double>(done_) / elapsed_s : 0.0, duration(elapsed_s).c_str());
    std::fflush(out_);
    drawn_ = true;
    return;
  }
  // More done than counted (a file that grew since it was counted): a full bar, not an overflow.
  const double fraction = std::min(1.0, static_cast<double>(done_) / static_cast<double>(total_));
  const auto filled = static_cast<std::size_t>(fraction * kWidth);
  const double elapsed = elapsed_s;
  std::string eta = "?";
  if (done_ > 0)
    eta = duration(elapsed / static_cast<double>(done_) * static_cast<double>(done_ < total_ ? total_ - done_ : 0));
  std::fprintf(out_, "\r[%s%s] %3d%%  %zu/%zu %s  %s elapsed  ETA %s\033[K", std::string(filled, '#').c_str(),
               std::string(kWidth - filled, '.').c_str(), static_cast<int>(fraction * 100), done_, total_, unit_,
               duration(elapsed).c_str(), eta.c_str());
  std::fflush(out_);
  drawn_ = true;
}

void ProgressBar::finish() {
  if (!drawn_) return;
  std::fprintf(out_, "\r\033[K");
  std::fflush(out_);
  drawn_ = false;
}

}  // namespace csp::cli
