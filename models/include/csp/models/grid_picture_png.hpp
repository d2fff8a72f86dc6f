// PNG pictures of grids, drawn with cairo from the same scene as the SVG (csp/models/grid_picture.hpp). The library
// csp_picture_png (CMake target csp::picture_png) is always built; without cairo (Debian: libcairo2-dev) at
// configure time its writer throws instead of drawing.
#pragma once

#include <string>

#include "csp/models/grid_picture.hpp"

namespace csp::models {

/// True when this build draws PNG pictures (cairo was found when csp was configured).
bool png_pictures_available();

/// Draws `scene` into a PNG file of ceil(width) x ceil(height) pixels (one pixel per SVG user unit) at `path`, with
/// cairo's image surface and its "toy" text API (font "DejaVu Sans"). Throws csp::ModelError naming the path and
/// cairo's reason when the file cannot be written, and "this csp was built without cairo" when
/// png_pictures_available() is false.
void write_png(const PictureScene& scene, const std::string& path);

/// write_png(layout_picture(picture, style), path).
void write_png(const GridPicture& picture, const std::string& path, const PictureStyle& style = {});

}  // namespace csp::models
