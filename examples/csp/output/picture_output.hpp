// --picture FILE.svg|FILE.png of csp sudoku, csp sudoku --explain and csp killer: the checked target and the names
// of the files a batch writes.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "csp/models/grid_picture.hpp"

namespace csp::cli {

/// Where the pictures of a command go: the path as given, and its format (by the extension).
struct PictureTarget {
  std::string path;  ///< "" = no picture
  bool png = false;  ///< .png (cairo), else .svg
  explicit operator bool() const { return !path.empty(); }
};

/// Checks --picture PATH before anything is solved: the name must end in .svg or .png (either case), .png needs a
/// build with cairo, and the folder of PATH must exist. Throws UsageError ("--picture: ...") otherwise.
PictureTarget parse_picture_target(const std::string& path);

/// PATH with "-SUFFIX" before its extension: ("out.svg", "3") -> "out-3.svg", ("a/b.png", "2-7") -> "a/b-2-7.png".
std::string numbered_path(const std::string& path, const std::string& suffix);

/// Writes a batch's pictures as they come, named so that a batch of one puzzle gets PATH itself: the pictures of the
/// first puzzle are held until a second puzzle brings one (then they are written as PATH-1..., and every later
/// puzzle's at once) or until finish() (then they are written without the number). A puzzle's picture is PATH-P
/// (PATH for a batch of one), step S of its --explain log PATH-P-S (PATH-S for a batch of one). Write failures throw
/// OutputError "cannot write the picture PATH: reason".
class PictureSink {
 public:
  explicit PictureSink(PictureTarget target) : target_(std::move(target)) {}
  PictureSink(const PictureSink&) = delete;
  PictureSink& operator=(const PictureSink&) = delete;
  ~PictureSink();

  /// The picture of puzzle `puzzle` (1-based, in output order), or of step `step` (1-based; 0 = the puzzle's own).
  void add(int puzzle, const models::GridPicture& picture, int step = 0);
  /// Writes what is held (a batch of one puzzle). Call it once at the end of the batch.
  void finish();
  /// Files written so far.
  int written() const { return written_; }

 private:
  struct Held {
    int step;
    models::GridPicture picture;
  };
  void write(const std::string& path, const models::GridPicture& picture);

  PictureTarget target_;
  int first_puzzle_ = 0;  // the puzzle whose pictures are held (0 before the first)
  bool numbered_ = false;
  std::vector<Held> held_;
  int written_ = 0;
};

}  // namespace csp::cli
