// cairo's functions for csp's PNG pictures and SVG / PNG charts, loaded on first use (shared_library.hpp): a program
// that links the drawing code but draws nothing never loads cairo. Include only where CSP_HAVE_CAIRO is set; the
// build gives CSP_CAIRO_SONAME, the name of the library it found.
#pragma once

#include <cairo-svg.h>
#include <cairo.h>

#include "shared_library.hpp"

// The cairo functions csp calls: X(name) for cairo_name.
// clang-format off
#define CSP_CAIRO_FUNCTIONS(X)                                                                                      \
  X(arc) X(clip) X(create) X(destroy) X(fill) X(font_extents) X(image_surface_create) X(line_to) X(move_to)        \
  X(new_sub_path) X(rectangle) X(restore) X(rotate) X(save) X(select_font_face) X(set_dash) X(set_font_size)      \
  X(set_line_cap) X(set_line_join) X(set_line_width) X(set_source_rgb) X(set_source_rgba) X(show_text) X(status)  \
  X(status_to_string) X(stroke) X(surface_destroy) X(surface_finish) X(surface_flush) X(surface_status)           \
  X(surface_write_to_png) X(svg_surface_create) X(text_extents) X(translate)
// clang-format on

namespace csp::detail {

/// cairo_NAME as the member NAME, e.g. cairo().move_to(cr, x, y).
struct CairoApi {
#define CSP_CAIRO_MEMBER(name) decltype(&::cairo_##name) name = nullptr;
  CSP_CAIRO_FUNCTIONS(CSP_CAIRO_MEMBER)
#undef CSP_CAIRO_MEMBER
};

/// The functions of cairo, loaded on the first call (thread-safe). Throws csp::Error ("cairo is
/// unavailable: ...") when the library cannot be loaded; every later call throws the same.
inline const CairoApi& cairo() {
  static const CairoApi api = [] {
    void* handle = open_shared_library(CSP_CAIRO_SONAME, "cairo");
    CairoApi a;
#define CSP_CAIRO_LOAD(name) a.name = library_function<decltype(a.name)>(handle, "cairo_" #name, "cairo");
    CSP_CAIRO_FUNCTIONS(CSP_CAIRO_LOAD)
#undef CSP_CAIRO_LOAD
    return a;
  }();
  return api;
}

}  // namespace csp::detail
