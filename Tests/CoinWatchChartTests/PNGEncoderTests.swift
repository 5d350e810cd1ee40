@testable import CoinWatchChart
import Foundation
import Testing

/// coinwatch's own PNG writer: its zlib streams inflated by Python's zlib (which checks the
/// Adler-32), its images read back by cairo's PNG reader (libpng, which checks every chunk's CRC).
@Suite struct PNGEncoderTests {
    /// `bytes` deflated by `RunDeflate` and inflated again by Python's zlib.
    static func roundTrip(_ bytes: [UInt8]) throws -> [UInt8] {
        let stream = bytes.withUnsafeBufferPointer(RunDeflate.zlib)
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", "import sys, zlib; sys.stdout.buffer.write(zlib.decompress(sys.stdin.buffer.read()))"]
        let input = Pipe(), output = Pipe()
        python.standardInput = input
        python.standardOutput = output
        try python.run()
        input.fileHandleForWriting.write(Data(stream))
        try input.fileHandleForWriting.close()
        let inflated = output.fileHandleForReading.readDataToEndOfFile()
        python.waitUntilExit()
        #expect(python.terminationStatus == 0, "zlib refused the stream of \(bytes.count) bytes")
        return [UInt8](inflated)
    }

    /// A seeded walk of bytes: literals of every value, none repeating for long.
    static func noise(_ count: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    @Test func everyKindOfRunInflatesToTheSameBytes() throws {
        let samples: [[UInt8]] = [
            [], [7], [0, 0], [1, 2, 1, 2, 1],
            [UInt8](repeating: 0, count: 1000),  // runs of 258, then the rest
            [5] + [UInt8](repeating: 0xAB, count: 259) + [5, 5, 5, 5],  // 258 + 1 left over
            Array([UInt8]([0xD8, 0xDE, 0xE4]).repeated(400)),  // one pixel repeated: three back
            Array(0...255) + Array((0...255).reversed()),  // every literal, 8- and 9-bit codes
            Self.noise(5000),
            Self.noise(300) + [UInt8](repeating: 9, count: 3) + Self.noise(2) + [UInt8](repeating: 9, count: 4),
        ]
        for sample in samples {
            #expect(try Self.roundTrip(sample) == sample, "\(sample.count) bytes")
        }
    }

    @Test func adler32IsZlibs() {
        let text = Array("Wikipedia".utf8)
        #expect(text.withUnsafeBufferPointer { RunDeflate.adler32($0.baseAddress!, count: $0.count) } == 0x11E6_0398)
        // Past the 4096-byte stretches over which the sums are reduced, zeros among the rest.
        let long = Self.noise(5000) + [UInt8](repeating: 0, count: 9000) + [UInt8](repeating: 255, count: 7000)
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in long {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        #expect(long.withUnsafeBufferPointer { RunDeflate.adler32($0.baseAddress!, count: $0.count) } == b << 16 | a)
    }

    /// Pixels in cairo's RGB24 layout (rows `stride` bytes apart, 0x00RRGGBB words) through the
    /// writer and cairo's reader: the same pixels, for rows wider and narrower than the 16 bytes the
    /// 'up' filter takes at a time.
    @Test func cairosReaderReadsBackEveryPixel() throws {
        for (width, height) in [(37, 23), (4, 9), (1, 1)] {
            let stride = (width + 3) * 4
            var words = [UInt32](repeating: 0xFFFF_FFFF, count: stride / 4 * height)  // the padding: never read
            let noise = Self.noise(width * height * 3)
            for y in 0..<height {
                for x in 0..<width {
                    let at = (y * width + x) * 3
                    // Every third row repeats the one above; otherwise flat runs and noise.
                    words[y * stride / 4 + x] = y % 3 == 2 ? words[(y - 1) * stride / 4 + x]
                        : x < width / 2 ? 0x00D8_DEE4 : UInt32(noise[at]) << 16 | UInt32(noise[at + 1]) << 8 | UInt32(noise[at + 2])
                }
            }
            var rows = [UInt8](repeating: 0xA5, count: 5000)  // a canvas's rows, left from a larger chart
            let png = words.withUnsafeBytes { raw in
                PNGEncoder.encode(raw.bindMemory(to: UInt8.self).baseAddress!, width: width, height: height, stride: stride, rows: &rows)
            }
            let image = try DecodedPNG(png)
            #expect(image.width == width && image.height == height)
            for y in 0..<height {
                for x in 0..<width {
                    let word = words[y * stride / 4 + x]
                    let expected = DecodedPNG.Pixel(red: Int(word >> 16 & 0xFF), green: Int(word >> 8 & 0xFF), blue: Int(word & 0xFF))
                    #expect(image[x, y] == expected, "\(width)×\(height) at (\(x), \(y))")
                }
            }
        }
    }
}

private extension Array {
    /// The array `times` times over.
    func repeated(_ times: Int) -> [Element] { (0..<times).flatMap { _ in self } }
}
