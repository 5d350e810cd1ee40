import CCairo

/// A PNG read back through cairo's PNG reader: its size and its pixels, to check what a chart
/// image shows.
struct DecodedPNG {
    let width: Int, height: Int
    /// Rows of 0xAARRGGBB pixels (premultiplied; the chart is opaque).
    private let pixels: [UInt32]

    /// A pixel's color components, 0–255.
    struct Pixel: Equatable {
        var red: Int, green: Int, blue: Int

        /// Whether this pixel is within `tolerance` of 0xRRGGBB in each component.
        func near(_ rgb: UInt32, tolerance: Int = 24) -> Bool {
            abs(red - Int((rgb >> 16) & 0xFF)) <= tolerance && abs(green - Int((rgb >> 8) & 0xFF)) <= tolerance
                && abs(blue - Int(rgb & 0xFF)) <= tolerance
        }
    }

    struct DecodeError: Error { var message: String }

    /// Decodes `bytes`; throws when cairo cannot read them.
    init(_ bytes: [UInt8]) throws {
        final class Reader { var bytes: [UInt8]; var offset = 0; init(_ b: [UInt8]) { bytes = b } }
        let reader = Reader(bytes)
        let surface = withExtendedLifetime(reader) {
            cw_cairo_image_surface_create_from_png_stream({ closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                let reader = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
                let count = Int(length)
                guard reader.offset + count <= reader.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                reader.bytes.withUnsafeBufferPointer { source in
                    guard let base = source.baseAddress else { return }
                    data.update(from: base + reader.offset, count: count)
                }
                reader.offset += count
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(reader).toOpaque())
        }
        guard let surface else { throw DecodeError(message: "cairo made no surface") }
        defer { cw_cairo_surface_destroy(surface) }
        guard cw_cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw DecodeError(message: String(cString: cw_cairo_status_to_string(cw_cairo_surface_status(surface))))
        }
        let width = Int(cw_cairo_image_surface_get_width(surface)), height = Int(cw_cairo_image_surface_get_height(surface))
        let stride = Int(cw_cairo_image_surface_get_stride(surface))
        guard let bytes = cw_cairo_image_surface_get_data(surface) else { throw DecodeError(message: "no pixels") }
        var decoded = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let p = bytes + y * stride + x * 4  // little-endian ARGB32: B, G, R, A
                decoded[y * width + x] = UInt32(p[3]) << 24 | UInt32(p[2]) << 16 | UInt32(p[1]) << 8 | UInt32(p[0])
            }
        }
        self.width = width
        self.height = height
        pixels = decoded
    }

    /// The pixel at (x, y).
    subscript(x: Int, y: Int) -> Pixel {
        let value = pixels[y * width + x]
        return Pixel(red: Int((value >> 16) & 0xFF), green: Int((value >> 8) & 0xFF), blue: Int(value & 0xFF))
    }

    /// The rows of column `x` between `from` and `to` (inclusive) whose pixel is near `rgb`.
    func rows(x: Int, from: Int = 0, to: Int? = nil, near rgb: UInt32, tolerance: Int = 24) -> [Int] {
        (from...(to ?? height - 1)).filter { self[x, $0].near(rgb, tolerance: tolerance) }
    }

    /// How many pixels in the whole image are near `rgb`.
    func count(near rgb: UInt32, tolerance: Int = 24) -> Int {
        var total = 0
        for y in 0..<height {
            for x in 0..<width where self[x, y].near(rgb, tolerance: tolerance) { total += 1 }
        }
        return total
    }
}
