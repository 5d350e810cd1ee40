/// Writes an opaque RGB24 cairo image as PNG (RFC 2083): IHDR, one IDAT, IEND, every row filtered 'up'
/// (a row like the one above becomes zeros) and deflated by `RunDeflate`; cairo's own writer took about
/// 25 ms of a 29 ms chart (BENCHMARKS.md, "The charted pass").
enum PNGEncoder {
    /// The PNG of `width` × `height` pixels at `pixels` (rows `stride` bytes apart, each a 32-bit 0x00RRGGBB in
    /// machine order: cairo's RGB24), the filtered rows built in `rows` (grown to fit; a canvas keeps it).
    static func encode(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, rows: inout [UInt8]) -> [UInt8] {
        let rowBytes = 1 + width * 3, count = rowBytes * height
        if rows.count < count + 1 { rows = [UInt8](repeating: 0, count: count + 1) }  // + 1: the last pixel's 4-byte store
        let deflated = rows.withUnsafeMutableBufferPointer { buffer -> [UInt8] in
            guard let start = buffer.baseAddress else { return [] }
            var at = UnsafeMutableRawPointer(start)
            for y in 0..<height {
                let row = UnsafeRawPointer(pixels + y * stride)
                at.storeBytes(of: 2, as: UInt8.self)  // the row's filter: up
                at += 1
                for x in 0..<width {
                    // 0x00RRGGBB to the bytes R, G, B (and one more, which the next pixel or row overwrites).
                    let pixel = row.load(fromByteOffset: x * 4, as: UInt32.self)
                    at.storeBytes(of: (pixel.byteSwapped >> 8).littleEndian, as: UInt32.self)
                    at += 3
                }
            }
            // Each row less the one above, 16 bytes at a time from the end (rows above still whole); filter bytes become 0.
            var block = count - 16
            while rowBytes >= 16, block >= rowBytes {
                let here = UnsafeMutableRawPointer(start + block)
                let value = here.loadUnaligned(as: SIMD16<UInt8>.self)
                here.storeBytes(of: value &- here.loadUnaligned(fromByteOffset: -rowBytes, as: SIMD16<UInt8>.self),
                                as: SIMD16<UInt8>.self)
                block -= 16
            }
            for byte in (rowBytes..<max(rowBytes, block + 16)).reversed() { start[byte] &-= start[byte - rowBytes] }
            for y in 0..<height { start[y * rowBytes] = 2 }
            return RunDeflate.zlib(UnsafeBufferPointer(start: start, count: count))
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png.reserveCapacity(deflated.count + 64)
        chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0], into: &png)
        chunk("IDAT", deflated, into: &png)
        chunk("IEND", [], into: &png)
        return png
    }

    /// Appends a chunk: length, type, data, CRC-32 of type and data.
    private static func chunk(_ type: String, _ data: [UInt8], into png: inout [UInt8]) {
        let name = Array(type.utf8)
        png += bigEndian(UInt32(data.count)) + name
        png += data
        png += bigEndian(crc32(data, after: crc32(name)))
    }

    /// CRC-32 (ISO 3309, as PNG and zlib compute it) of `bytes`, continuing `after`'s.
    private static func crc32(_ bytes: [UInt8], after: UInt32 = 0) -> UInt32 {
        var crc = ~after
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }

    private static let crcTable: [UInt32] = (0..<256).map { (n: UInt32) in
        (0..<8).reduce(n) { c, _ in c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
