import CCairo

/// Writes an opaque RGB24 cairo image as PNG (RFC 2083): IHDR, one IDAT and IEND; the rows
/// unfiltered, deflated by zlib at its fastest level. cairo's own writer (libpng trying five filters
/// on every row, then deflating at level 6) took about 25 ms of a 29 ms chart for a file 10 % smaller;
/// this takes about 5 (BENCHMARKS.md, "Chart images").
enum PNGEncoder {
    /// The PNG of the `width` × `height` pixels at `pixels`, rows `stride` bytes apart, each pixel a
    /// 32-bit 0x00RRGGBB in machine order (cairo's RGB24); fails when zlib fails.
    static func encode(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) -> Result<[UInt8], ChartError> {
        let rowBytes = 1 + width * 3, count = rowBytes * height
        let raw = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            guard var at = out.baseAddress else { return }
            for y in 0..<height {
                let source = UnsafeRawPointer(pixels + y * stride)
                at.pointee = 0  // the row's filter: none
                at += 1
                for x in 0..<width {
                    let value = source.load(fromByteOffset: x * 4, as: UInt32.self)
                    at[0] = UInt8(truncatingIfNeeded: value >> 16)
                    at[1] = UInt8(truncatingIfNeeded: value >> 8)
                    at[2] = UInt8(truncatingIfNeeded: value)
                    at += 3
                }
            }
            initialized = count
        }
        var status = Z_MEM_ERROR
        let deflated = [UInt8](unsafeUninitializedCapacity: Int(cw_compressBound(uLong(raw.count)))) { out, initialized in
            var length = uLongf(out.count)
            status = cw_compress2(out.baseAddress, &length, raw, uLong(raw.count), Z_BEST_SPEED)
            initialized = status == Z_OK ? Int(length) : 0
        }
        guard status == Z_OK else { return .failure(ChartError("zlib could not compress the PNG (error \(status))")) }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png.reserveCapacity(deflated.count + 64)
        chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0], into: &png)
        chunk("IDAT", deflated, into: &png)
        chunk("IEND", [], into: &png)
        return .success(png)
    }

    /// Appends a chunk: length, type, data, CRC-32 of type and data.
    private static func chunk(_ type: String, _ data: [UInt8], into png: inout [UInt8]) {
        let name = Array(type.utf8)
        png += bigEndian(UInt32(data.count)) + name
        png += data
        png += bigEndian(UInt32(truncatingIfNeeded: cw_crc32(cw_crc32(0, name, uInt(name.count)), data, uInt(data.count))))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
