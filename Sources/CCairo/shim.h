#ifndef COINWATCH_CCAIRO_SHIM_H
#define COINWATCH_CCAIRO_SHIM_H

/*
 * cairo, loaded on first use (as libcurl is; see Sources/CCurl/shim.h).
 *
 * libcairo.so.2 needs twenty libraries (fontconfig, freetype, pixman, libpng, X11, xcb…): linking it
 * made every start of the program about 8 ms slower, also for the commands that draw nothing. So the
 * program is not linked against cairo: the first chart opens it with dlopen, and every call goes
 * through the table read from it here. Only cairo's headers (libcairo2-dev) are needed to build.
 *
 * Every wrapper is safe to call when cairo could not be loaded: it answers as cairo does for a
 * failed call (NULL, CAIRO_STATUS_NO_MEMORY) or does nothing, and `cw_cairo_load_error` says why.
 * The functions are listed once (CW_CAIRO_FUNCTIONS); the table, the loader and the wrappers
 * (`cw_` + cairo's name) are made from that list.
 *
 * The chart's PNG is written by coinwatch (PNGEncoder, RunDeflate), because cairo's writer (libpng
 * trying five filters on every row, then deflating at level 6) was nine tenths of a chart's time.
 */

#include <cairo/cairo.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* R: a function that returns (type, name, parameters, arguments, the answer when cairo is missing);
   V: a function that returns nothing (name, parameters, arguments). */
#define CW_CAIRO_FUNCTIONS(R, V)                                                                            \
    R(cairo_surface_t *, cairo_image_surface_create, (cairo_format_t f, int w, int h), (f, w, h), NULL)     \
    R(cairo_surface_t *, cairo_image_surface_create_from_png_stream,                                        \
      (cairo_read_func_t read, void *closure), (read, closure), NULL)                                       \
    R(unsigned char *, cairo_image_surface_get_data, (cairo_surface_t *s), (s), NULL)                        \
    R(int, cairo_image_surface_get_width, (cairo_surface_t *s), (s), 0)                                      \
    R(int, cairo_image_surface_get_height, (cairo_surface_t *s), (s), 0)                                     \
    R(int, cairo_image_surface_get_stride, (cairo_surface_t *s), (s), 0)                                     \
    R(cairo_format_t, cairo_image_surface_get_format, (cairo_surface_t *s), (s), CAIRO_FORMAT_INVALID)       \
    R(cairo_status_t, cairo_surface_status, (cairo_surface_t *s), (s), CAIRO_STATUS_NO_MEMORY)               \
    V(cairo_surface_flush, (cairo_surface_t *s), (s))                                                       \
    V(cairo_surface_destroy, (cairo_surface_t *s), (s))                                                     \
    R(cairo_t *, cairo_create, (cairo_surface_t *s), (s), NULL)                                              \
    V(cairo_destroy, (cairo_t *cr), (cr))                                                                   \
    R(cairo_status_t, cairo_status, (cairo_t *cr), (cr), CAIRO_STATUS_NO_MEMORY)                             \
    R(const char *, cairo_status_to_string, (cairo_status_t status), (status), "cairo is not loaded")       \
    V(cairo_save, (cairo_t *cr), (cr))                                                                      \
    V(cairo_restore, (cairo_t *cr), (cr))                                                                   \
    V(cairo_set_source_rgba, (cairo_t *cr, double r, double g, double b, double a), (cr, r, g, b, a))       \
    V(cairo_set_line_width, (cairo_t *cr, double width), (cr, width))                                       \
    V(cairo_set_line_join, (cairo_t *cr, cairo_line_join_t join), (cr, join))                               \
    V(cairo_set_line_cap, (cairo_t *cr, cairo_line_cap_t cap), (cr, cap))                                   \
    V(cairo_set_dash, (cairo_t *cr, const double *dashes, int count, double offset), (cr, dashes, count, offset)) \
    V(cairo_new_path, (cairo_t *cr), (cr))                                                                  \
    V(cairo_move_to, (cairo_t *cr, double x, double y), (cr, x, y))                                         \
    V(cairo_line_to, (cairo_t *cr, double x, double y), (cr, x, y))                                         \
    V(cairo_close_path, (cairo_t *cr), (cr))                                                                \
    V(cairo_arc, (cairo_t *cr, double x, double y, double r, double a1, double a2), (cr, x, y, r, a1, a2))  \
    V(cairo_paint, (cairo_t *cr), (cr))                                                                     \
    V(cairo_fill, (cairo_t *cr), (cr))                                                                      \
    V(cairo_stroke, (cairo_t *cr), (cr))                                                                    \
    V(cairo_select_font_face, (cairo_t *cr, const char *family, cairo_font_slant_t slant,                   \
      cairo_font_weight_t weight), (cr, family, slant, weight))                                             \
    V(cairo_set_font_size, (cairo_t *cr, double size), (cr, size))                                          \
    V(cairo_text_extents, (cairo_t *cr, const char *utf8, cairo_text_extents_t *extents), (cr, utf8, extents)) \
    V(cairo_show_text, (cairo_t *cr, const char *utf8), (cr, utf8))                                         \
    R(cairo_font_options_t *, cairo_font_options_create, (void), (), NULL)                                  \
    V(cairo_font_options_destroy, (cairo_font_options_t *o), (o))                                           \
    V(cairo_font_options_set_antialias, (cairo_font_options_t *o, cairo_antialias_t a), (o, a))             \
    V(cairo_font_options_set_hint_style, (cairo_font_options_t *o, cairo_hint_style_t h), (o, h))           \
    V(cairo_font_options_set_hint_metrics, (cairo_font_options_t *o, cairo_hint_metrics_t m), (o, m))       \
    V(cairo_set_font_options, (cairo_t *cr, const cairo_font_options_t *o), (cr, o))

#define CW_CAIRO_FIELD_R(type, name, params, args, missing) type(*name) params;
#define CW_CAIRO_FIELD_V(name, params, args) void(*name) params;
struct cw_cairo_api {
    CW_CAIRO_FUNCTIONS(CW_CAIRO_FIELD_R, CW_CAIRO_FIELD_V)
};
#undef CW_CAIRO_FIELD_R
#undef CW_CAIRO_FIELD_V

struct cw_cairo_state {
    struct cw_cairo_api api;
    int loaded;
    char error[512];
    pthread_once_t once;
};

/* The one state of this translation unit (a function's static: Swift's importer emits it with the function). */
static inline struct cw_cairo_state *cw_cairo_state(void) {
    static struct cw_cairo_state state = {.once = PTHREAD_ONCE_INIT};
    return &state;
}

/* Opens cairo: $COINWATCH_LIBCAIRO when set, else the soname Debian's libcairo2 installs. */
static inline void cw_cairo_load(void) {
    struct cw_cairo_state *state = cw_cairo_state();
    const char *chosen = getenv("COINWATCH_LIBCAIRO");
    const char *name = chosen && *chosen ? chosen : "libcairo.so.2";
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        strncpy(state->error, why ? why : "libcairo.so.2 not found", sizeof state->error - 1);
        return;
    }
#define CW_CAIRO_SYMBOL(from, name)                                                             \
    do {                                                                                        \
        void *address = dlsym(from, #name);                                                     \
        if (!address) {                                                                         \
            strncpy(state->error, "the library found has no " #name, sizeof state->error - 1); \
            return;                                                                             \
        }                                                                                       \
        memcpy(&state->api.name, &address, sizeof address);                                     \
    } while (0);
#define CW_CAIRO_LOAD_R(type, name, params, args, missing) CW_CAIRO_SYMBOL(library, name)
#define CW_CAIRO_LOAD_V(name, params, args) CW_CAIRO_SYMBOL(library, name)
    CW_CAIRO_FUNCTIONS(CW_CAIRO_LOAD_R, CW_CAIRO_LOAD_V)
#undef CW_CAIRO_LOAD_R
#undef CW_CAIRO_LOAD_V
#undef CW_CAIRO_SYMBOL
    state->loaded = 1;
}

/* The loaded table, or NULL when cairo could not be loaded. */
static inline const struct cw_cairo_api *cw_cairo(void) {
    struct cw_cairo_state *state = cw_cairo_state();
    pthread_once(&state->once, cw_cairo_load);
    return state->loaded ? &state->api : NULL;
}

/* Why cairo could not be loaded ("" when it was). */
static inline const char *cw_cairo_load_error(void) {
    return cw_cairo() ? "" : cw_cairo_state()->error;
}

/* The wrappers: cw_cairo_create for cairo_create, and so on. */
#define CW_CAIRO_WRAP_R(type, name, params, args, missing)                  \
    static inline type cw_##name params {                                   \
        const struct cw_cairo_api *api = cw_cairo();                        \
        return api ? api->name args : missing;                              \
    }
#define CW_CAIRO_WRAP_V(name, params, args)                                 \
    static inline void cw_##name params {                                   \
        const struct cw_cairo_api *api = cw_cairo();                        \
        if (api) api->name args;                                            \
    }
CW_CAIRO_FUNCTIONS(CW_CAIRO_WRAP_R, CW_CAIRO_WRAP_V)
#undef CW_CAIRO_WRAP_R
#undef CW_CAIRO_WRAP_V

#endif
