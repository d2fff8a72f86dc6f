// --picture: the target's checks, the file names of a batch, and writing SVG or PNG.
#include "output/picture_output.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "csp/core/errors.hpp"
#include "csp/models/grid_picture_png.hpp"
#include "options/usage_error.hpp"
#include "output/output.hpp"

namespace csp::cli {

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

}  // namespace

PictureTarget parse_picture_target(const std::string& path) {
  const std::filesystem::path p(path);
  const std::string ext = lower(p.extension().string());
  if ((ext != ".svg" && ext != ".png") || p.stem().empty())
    throw UsageError(std::string("--picture: '").append(path).append("': the file name must end in .svg or .png"));
  if (ext == ".png" && !models::png_pictures_available())
    throw UsageError(std::string("--picture: '")
                         .append(path)
                         .append("': this csp was built without cairo (install libcairo2-dev and reconfigure), so it "
                                 "writes .svg pictures "
                                 "only"));
  const std::filesystem::path folder = p.parent_path().empty() ? std::filesystem::path(".") : p.parent_path();
  std::error_code ec;
  if (!std::filesystem::is_directory(folder, ec))
    throw UsageError(
        std::string("--picture: '").append(path).append("': no such folder '").append(folder.string()).append("'"));
  if (std::filesystem::is_directory(p, ec))
    throw UsageError(std::string("--picture: '").append(path).append("' is a folder"));
  return PictureTarget{path, ext == ".png"};
}

std::string numbered_path(const std::string& path, const std::string& suffix) {
  const std::filesystem::path p(path);
  std::filesystem::path out = p.parent_path() / std::string(p.stem().string()).append("-").append(suffix);
  return out.string().append(p.extension().string());
}

PictureSink::~PictureSink() = default;

void PictureSink::write(const std::string& path, const models::GridPicture& picture) {
  try {
    if (target_.png) {
      models::write_png(picture, path);
    } else {
      models::write_svg(picture, path);
    }
  } catch (const ModelError& e) {
    throw OutputError(e.what());
  }
  ++written_;
}

void PictureSink::add(int puzzle, const models::GridPicture& picture, int step) {
  if (first_puzzle_ == 0) first_puzzle_ = puzzle;
  if (!numbered_ && puzzle == first_puzzle_) {
    held_.push_back(Held{step, picture});
    return;
  }
  if (!numbered_) {  // a second puzzle: the first one's pictures get their number
    numbered_ = true;
    for (const Held& h : held_) {
      const std::string suffix =
          std::to_string(first_puzzle_).append(h.step > 0 ? std::string("-").append(std::to_string(h.step)) : "");
      write(numbered_path(target_.path, suffix), h.picture);
    }
    held_.clear();
  }
  const std::string suffix =
      std::to_string(puzzle).append(step > 0 ? std::string("-").append(std::to_string(step)) : "");
  write(numbered_path(target_.path, suffix), picture);
}

void PictureSink::finish() {
  for (const Held& h : held_)
    write(h.step > 0 ? numbered_path(target_.path, std::to_string(h.step)) : target_.path, h.picture);
  held_.clear();
}

}  // namespace csp::cli
