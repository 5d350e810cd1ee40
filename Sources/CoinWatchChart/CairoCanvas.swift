import CoinWatchSupport
import CCairo

/// One cairo image surface and its context, destroyed together in `deinit`: the drawing calls a chart needs,
/// text in DejaVu Sans with hinting off (the same bytes every run), and the PNG into memory (`PNGEncoder`).
final class CairoCanvas {
    private let surface: OpaquePointer
    private var context: OpaquePointer
    private var rows: [UInt8] = []
    /// Width and height, pixels.
    let width: Int, height: Int

    /// A blank canvas of `width` × `height` pixels; fails when cairo cannot be loaded or the surface made.
    static func make(width: Int, height: Int) -> Result<CairoCanvas, OneLineError> {
        let loadError = String(cString: cw_cairo_load_error())
        guard loadError.isEmpty else { return .failure(OneLineError("cairo could not be loaded: \(loadError)")) }
        guard let surface = cw_cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else {
            return .failure(OneLineError("cairo made no surface"))
        }
        guard cw_cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cw_cairo_create(surface) else {
            let reason = String(cString: cw_cairo_status_to_string(cw_cairo_surface_status(surface)))
            cw_cairo_surface_destroy(surface)
            return .failure(OneLineError("cairo made no \(width)×\(height) surface: \(reason)"))
        }
        return .success(CairoCanvas(surface: surface, context: context, width: width, height: height))
    }

    private init(surface: OpaquePointer, context: OpaquePointer, width: Int, height: Int) {
        self.surface = surface
        self.context = context
        self.width = width
        self.height = height
        configure()
    }

    /// A fresh context on this surface, set up as `make`'s (the next chart paints every pixel); false if cairo made none.
    func restart() -> Bool {
        guard let fresh = cw_cairo_create(surface) else { return false }
        guard cw_cairo_status(fresh) == CAIRO_STATUS_SUCCESS else {
            cw_cairo_destroy(fresh)
            return false
        }
        cw_cairo_destroy(context)
        context = fresh
        configure()
        return true
    }

    /// The font options and line joins every chart is drawn with.
    private func configure() {
        if let options = cw_cairo_font_options_create() {
            cw_cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            cw_cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cw_cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cw_cairo_set_font_options(context, options)
            cw_cairo_font_options_destroy(options)
        }
        cw_cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        cw_cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    }

    deinit {
        cw_cairo_destroy(context)
        cw_cairo_surface_destroy(surface)
    }

    /// Paints the whole canvas.
    func paint(_ color: ChartColor) {
        source(color)
        cw_cairo_paint(context)
    }

    /// Strokes the line through `points`, `lineWidth` pixels wide, dashed by a non-empty `dash` (on, off, … pixels).
    func stroke(_ points: [(x: Double, y: Double)], lineWidth: Double, _ color: ChartColor, dash: [Double] = []) {
        guard trace(points) else { return }
        source(color)
        cw_cairo_set_line_width(context, lineWidth)
        dash.withUnsafeBufferPointer { cw_cairo_set_dash(context, $0.baseAddress, Int32($0.count), 0) }
        cw_cairo_stroke(context)
        cw_cairo_set_dash(context, nil, 0, 0)
    }

    /// Fills the polygon through `points`.
    func fill(_ points: [(x: Double, y: Double)], _ color: ChartColor) {
        guard trace(points) else { return }
        cw_cairo_close_path(context)
        source(color)
        cw_cairo_fill(context)
    }

    /// Fills a disc of `radius` pixels centered on (`x`, `y`).
    func disc(x: Double, y: Double, radius: Double, _ color: ChartColor) {
        source(color)
        cw_cairo_new_path(context)
        cw_cairo_arc(context, x, y, radius, 0, 2 * Double.pi)
        cw_cairo_fill(context)
    }

    /// The width in pixels of `text` at `size` pixels.
    func textWidth(_ text: String, size: Double, bold: Bool = false) -> Double {
        font(size: size, bold: bold)
        var extents = cairo_text_extents_t()
        cw_cairo_text_extents(context, text, &extents)
        return extents.x_advance
    }

    /// Writes `text` at `size` pixels, baseline at `y`, starting at `x` (ending there if `alignRight`, centered if `center`).
    func text(_ text: String, x: Double, y: Double, size: Double, _ color: ChartColor, bold: Bool = false,
              alignRight: Bool = false, center: Bool = false) {
        let width = alignRight || center ? textWidth(text, size: size, bold: bold) : 0
        font(size: size, bold: bold)
        source(color)
        cw_cairo_move_to(context, alignRight ? x - width : center ? x - width / 2 : x, y)
        cw_cairo_show_text(context, text)
        cw_cairo_new_path(context)
    }

    /// The canvas as PNG bytes; fails with cairo's reason when drawing or encoding went wrong.
    func png() -> Result<[UInt8], OneLineError> {
        let status = cw_cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else {
            return .failure(OneLineError("cairo could not draw the chart: \(String(cString: cw_cairo_status_to_string(status)))"))
        }
        cw_cairo_surface_flush(surface)
        guard let pixels = cw_cairo_image_surface_get_data(surface) else { return .failure(OneLineError("cairo gave no pixels")) }
        return .success(PNGEncoder.encode(pixels, width: width, height: height, stride: Int(cw_cairo_image_surface_get_stride(surface)),
                                          rows: &rows))
    }

    private func source(_ color: ChartColor) {
        cw_cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }

    private func font(size: Double, bold: Bool) {
        cw_cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                                  bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cw_cairo_set_font_size(context, size)
    }

    /// Starts a new path through `points`; false when there are none.
    private func trace(_ points: [(x: Double, y: Double)]) -> Bool {
        guard let first = points.first else { return false }
        cw_cairo_new_path(context)
        cw_cairo_move_to(context, first.x, first.y)
        for point in points.dropFirst() { cw_cairo_line_to(context, point.x, point.y) }
        return true
    }
}
