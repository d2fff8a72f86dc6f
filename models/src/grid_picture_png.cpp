// PNG pictures of grids with cairo's image surface (or a writer that says cairo is missing).
#include "csp/models/grid_picture_png.hpp"

#include <algorithm>
#include <cmath>
#include <memory>

#include "csp/core/errors.hpp"

#if CSP_HAVE_CAIRO
#include "cairo_api.hpp"
#endif

namespace csp::models {

#if CSP_HAVE_CAIRO

namespace {

using ::csp::detail::cairo;

void set_colour(cairo_t* cr, const std::string& hex) {
  unsigned long v = 0;
  if (hex.size() == 7 && hex[0] == '#') v = std::stoul(hex.substr(1), nullptr, 16);
  cairo().set_source_rgb(cr, static_cast<double>(v >> 16 & 0xFF) / 255.0, static_cast<double>(v >> 8 & 0xFF) / 255.0,
                         static_cast<double>(v & 0xFF) / 255.0);
}

struct PaintShape {
  cairo_t* cr;
  void operator()(const PictureRect& r) const {
    set_colour(cr, r.fill);
    cairo().rectangle(cr, r.x, r.y, r.width, r.height);
    cairo().fill(cr);
  }
  void operator()(const PictureLine& l) const {
    set_colour(cr, l.colour);
    cairo().set_line_width(cr, l.width);
    cairo().set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
    const double dash[] = {3.0, 3.0};
    cairo().set_dash(cr, dash, l.dashed ? 2 : 0, 0);
    cairo().move_to(cr, l.x1, l.y1);
    cairo().line_to(cr, l.x2, l.y2);
    cairo().stroke(cr);
  }
  void operator()(const PictureText& t) const {
    cairo().select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                             t.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo().set_font_size(cr, t.size);
    cairo_text_extents_t e;
    cairo().text_extents(cr, t.text.c_str(), &e);
    // Vertically centred on y by the font's digit height (as SVG's dominant-baseline central, near enough).
    cairo_font_extents_t f;
    cairo().font_extents(cr, &f);
    const double x = t.middle ? t.x - (e.x_bearing + e.width / 2) : t.x;
    const double y = t.y + (f.ascent - f.descent) / 2;
    set_colour(cr, t.colour);
    cairo().move_to(cr, x, y);
    cairo().show_text(cr, t.text.c_str());
  }
};

std::string failure(const std::string& path, cairo_status_t status) {
  return std::string("cannot write the picture ").append(path).append(": ").append(cairo().status_to_string(status));
}

}  // namespace

bool png_pictures_available() { return true; }

void write_png(const PictureScene& scene, const std::string& path) {
  try {
    (void)cairo();
  } catch (const Error& e) {
    throw ModelError(std::string("cannot write the picture ").append(path).append(": ").append(e.what()));
  }
  const int width = static_cast<int>(std::ceil(scene.width));
  const int height = static_cast<int>(std::ceil(scene.height));
  const std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> surface(
      cairo().image_surface_create(CAIRO_FORMAT_RGB24, std::max(width, 1), std::max(height, 1)),
      cairo().surface_destroy);
  if (const cairo_status_t s = cairo().surface_status(surface.get()); s != CAIRO_STATUS_SUCCESS)
    throw ModelError(failure(path, s));
  {
    const std::unique_ptr<cairo_t, decltype(&cairo_destroy)> cr(cairo().create(surface.get()), cairo().destroy);
    for (const PictureShape& shape : scene.shapes) std::visit(PaintShape{cr.get()}, shape);
    if (const cairo_status_t s = cairo().status(cr.get()); s != CAIRO_STATUS_SUCCESS)
      throw ModelError(failure(path, s));
  }
  cairo().surface_flush(surface.get());
  if (const cairo_status_t s = cairo().surface_write_to_png(surface.get(), path.c_str()); s != CAIRO_STATUS_SUCCESS)
    throw ModelError(failure(path, s));
}

#else

bool png_pictures_available() { return false; }

void write_png(const PictureScene&, const std::string& path) {
  throw ModelError(std::string("cannot write the picture ")
                       .append(path)
                       .append(": this csp was built without cairo (install libcairo2-dev and reconfigure), so it "
                               "writes SVG pictures only"));
}

#endif

void write_png(const GridPicture& picture, const std::string& path, const PictureStyle& style) {
  write_png(layout_picture(picture, style), path);
}

}  // namespace csp::models
