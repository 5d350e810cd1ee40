#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CCairo
import CoinWatchChart
import CoinWatchSupport
#if canImport(Glibc)
import Glibc
#endif

/// `coinwatch-bench --png-ab [own|cairo|both] [REPEATS]`: the A/B of the chart's PNG writer (issue 33):
/// coinwatch's own `PNGEncoder` (RGB, "up" filter, compress2 at 6) against cairo's
/// `cairo_surface_write_to_png_stream` (libpng), on the same pixels: `ChartBench`'s 30-day chart,
/// read back into a cairo surface. `both` takes turns, A then B, round by round, and prints one
/// JSON line of wall and thread-CPU times and sizes; `own` or `cairo` runs only that writer (for
/// callgrind, `--toggle-collect='*encodeOwn*'` or `'*encodeCairo*'`). Bench only: the program
/// ships only the own writer.
enum PNGBench {
    typealias WriteToPNGStream = @convention(c) (OpaquePointer?, cairo_write_func_t?, UnsafeMutableRawPointer?) -> cairo_status_t

    static func run(mode: String, repeats: Int) {
        guard case .success(let png) = ChartBench.chart().png(), let surface = decode(png) else {
            print("{\"error\":\"the chart could not be drawn or read back\"}")
            return
        }
        defer { cw_cairo_surface_destroy(surface) }
        guard let library = dlopen("libcairo.so.2", RTLD_NOW | RTLD_NOLOAD),
              let symbol = dlsym(library, "cairo_surface_write_to_png_stream") else {
            print("{\"error\":\"cairo_surface_write_to_png_stream not found\"}")
            return
        }
        let write = unsafeBitCast(symbol, to: WriteToPNGStream.self)
        var own: [(wall: Double, cpu: Double)] = [], cairo: [(wall: Double, cpu: Double)] = []
        var ownBytes = 0, cairoBytes = 0
        for _ in 0..<repeats {
            if mode != "cairo" { ownBytes = timed(&own) { encodeOwn(surface) } }
            if mode != "own" { cairoBytes = timed(&cairo) { encodeCairo(surface, write) } }
        }
        func median(_ values: [Double]) -> Double { values.isEmpty ? 0 : values.sorted()[values.count / 2] }
        print("{\"png_ab_repeats\":\(repeats),\"own_wall_median_ms\":\(median(own.map(\.wall))),"
              + "\"own_cpu_median_ms\":\(median(own.map(\.cpu))),\"own_bytes\":\(ownBytes),"
              + "\"cairo_wall_median_ms\":\(median(cairo.map(\.wall))),\"cairo_cpu_median_ms\":\(median(cairo.map(\.cpu))),"
              + "\"cairo_bytes\":\(cairoBytes)}")
    }

    /// Runs `body`, appends its wall and thread-CPU milliseconds, returns what it returned.
    private static func timed(_ into: inout [(wall: Double, cpu: Double)], _ body: () -> Int) -> Int {
        let begin = Date(), cpuBegin = ChartBench.threadCPU()
        let result = body()
        into.append((Date().timeIntervalSince(begin) * 1000, ChartBench.threadCPU() - cpuBegin))
        return result
    }

    /// The PNG's size through coinwatch's writer.
    @inline(never) static func encodeOwn(_ surface: OpaquePointer) -> Int {
        guard let pixels = cw_cairo_image_surface_get_data(surface),
              case .success(let bytes) = PNGEncoder.encode(pixels, width: Int(cw_cairo_image_surface_get_width(surface)),
                                                           height: Int(cw_cairo_image_surface_get_height(surface)),
                                                           stride: Int(cw_cairo_image_surface_get_stride(surface))) else { return 0 }
        return bytes.count
    }

    /// The PNG's size through cairo's writer, into memory as coinwatch used to write it.
    @inline(never) static func encodeCairo(_ surface: OpaquePointer, _ write: WriteToPNGStream) -> Int {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = withExtendedLifetime(sink) {
            write(surface, { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        return status == CAIRO_STATUS_SUCCESS ? sink.bytes.count : 0
    }

    /// The chart's pixels again, as an RGB24 cairo surface read from its PNG.
    private static func decode(_ png: [UInt8]) -> OpaquePointer? {
        final class Reader { let bytes: [UInt8]; var offset = 0; init(_ bytes: [UInt8]) { self.bytes = bytes } }
        let reader = Reader(png)
        let surface = withExtendedLifetime(reader) {
            cw_cairo_image_surface_create_from_png_stream({ closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                let reader = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
                guard reader.offset + Int(length) <= reader.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                for index in 0..<Int(length) { data[index] = reader.bytes[reader.offset + index] }
                reader.offset += Int(length)
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(reader).toOpaque())
        }
        guard let surface, cw_cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              cw_cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24 else { return nil }
        return surface
    }
}
