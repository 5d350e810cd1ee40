/// A zlib stream (RFC 1950/1951): one fixed-Huffman deflate block whose only matches are runs one back (an
/// 'up'-filtered unchanged row is zeros) or three back (a repeated RGB pixel), found 8 bytes at a time: about
/// 11M instructions a 1280×720 chart against zlib's fastest 62M, a third larger (BENCHMARKS.md, "The charted pass").
enum RunDeflate {
    /// The zlib stream of `buffer`'s bytes.
    static func zlib(_ buffer: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let count = buffer.count
        guard let bytes = buffer.baseAddress, count > 0 else { return [0x78, 0x01, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01] }
        let sum = adler32(bytes, count: count)
        // At most 9 bits a byte (a literal over 143), a header of 2 bytes, the checksum and what the writer flushes.
        let stream = [UInt8](unsafeUninitializedCapacity: count + count / 8 + 32) { out, initialized in
            guard let base = out.baseAddress else { return }
            var writer = BitWriter(base)
            let literals = Self.literalCodes, lengths = Self.lengthCodes  // read once, not once a code
            writer.put(0x0178, 16)  // 0x78 0x01: deflate, 32 KiB window, no dictionary, the fastest level
            writer.put(0b011, 3)  // the last block, fixed codes
            var at = 0
            while at < count {
                let byte = bytes[at], limit = min(258, count - at)
                var length = 0, distance: UInt64 = 0
                if at >= 1, bytes[at - 1] == byte {
                    length = run(bytes, at, back: 1, limit: limit)
                }
                if length < 3, at >= 3, bytes[at - 3] == byte {
                    length = run(bytes, at, back: 3, limit: limit)
                    distance = 0b01000  // distance code 2 (3 back), its 5 bits reversed
                }
                if length >= 3 {
                    let code = lengths[length]
                    writer.put(code.bits | distance << code.count, code.count + 5)  // distance code 0: 1 back
                    at += length
                } else {
                    let code = literals[Int(byte)]
                    writer.put(code.bits, code.count)
                    at += 1
                }
            }
            writer.put(0, 7)  // the end of the block: code 256
            writer.put(0, (8 - writer.filled % 8) % 8)  // to a byte's start
            writer.put(UInt64(sum.byteSwapped), 32)  // the checksum, most significant byte first
            initialized = writer.finish() - base
        }
        return stream
    }

    /// How many bytes from `at` (at most `limit`) equal the bytes `back` before them.
    private static func run(_ bytes: UnsafePointer<UInt8>, _ at: Int, back: Int, limit: Int) -> Int {
        let here = UnsafeRawPointer(bytes + at), there = UnsafeRawPointer(bytes + at - back)
        var length = 0
        while length + 8 <= limit,
              here.loadUnaligned(fromByteOffset: length, as: UInt64.self) == there.loadUnaligned(fromByteOffset: length, as: UInt64.self) {
            length += 8
        }
        while length < limit, here.load(fromByteOffset: length, as: UInt8.self) == there.load(fromByteOffset: length, as: UInt8.self) {
            length += 1
        }
        return length
    }

    /// Adler-32 of the bytes, eight at a time where they are zero.
    static func adler32(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt32 {
        let modulus: UInt64 = 65521
        var a: UInt64 = 1, b: UInt64 = 0, at = 0
        while at < count {
            let end = min(count, at + 4096)  // a and b stay far below 2^64 over 4096 bytes
            while at + 8 <= end {
                if UnsafeRawPointer(bytes + at).loadUnaligned(as: UInt64.self) == 0 {
                    b &+= 8 &* a
                } else {
                    for byte in 0..<8 {
                        a &+= UInt64(bytes[at + byte])
                        b &+= a
                    }
                }
                at += 8
            }
            while at < end {
                a &+= UInt64(bytes[at])
                b &+= a
                at += 1
            }
            a %= modulus
            b %= modulus
        }
        return UInt32(b << 16 | a)
    }

    /// A code as written: its bits (a Huffman code reversed, then its extra bits), first bit lowest, and how many.
    private struct Code {
        var bits: UInt64, count: Int
    }

    /// The fixed code of a literal/length symbol (RFC 1951 3.2.6).
    private static func fixed(_ symbol: Int) -> Code {
        let (code, count) = symbol < 144 ? (0x30 + symbol, 8) : symbol < 256 ? (0x190 + symbol - 144, 9)
            : symbol < 280 ? (symbol - 256, 7) : (0xC0 + symbol - 280, 8)
        var reversed = 0
        for bit in 0..<count where code & (1 << bit) != 0 { reversed |= 1 << (count - 1 - bit) }
        return Code(bits: UInt64(reversed), count: count)
    }

    private static let literalCodes = (0..<256).map(fixed)

    /// By match length 0–258 (3 and over used): its symbol's code and extra bits.
    private static let lengthCodes: [Code] = {
        let base = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
        let extra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        return (0...258).map { length in
            guard length >= 3, let index = base.lastIndex(where: { $0 <= length }) else { return Code(bits: 0, count: 0) }
            let code = fixed(257 + index)
            return Code(bits: code.bits | UInt64(length - base[index]) << code.count, count: code.count + extra[index])
        }
    }()

    /// Bits into memory, first bit lowest, four bytes at a time.
    private struct BitWriter {
        private var out: UnsafeMutablePointer<UInt8>
        private var pending: UInt64 = 0
        /// Bits pending, under 32 between calls.
        private(set) var filled = 0

        init(_ out: UnsafeMutablePointer<UInt8>) { self.out = out }

        /// Appends the low `count` bits of `value` (at most 32).
        mutating func put(_ value: UInt64, _ count: Int) {
            pending |= value << filled
            filled += count
            if filled >= 32 {
                UnsafeMutableRawPointer(out).storeBytes(of: UInt32(truncatingIfNeeded: pending).littleEndian, as: UInt32.self)
                out += 4
                pending >>= 32
                filled -= 32
            }
        }

        /// Writes what is pending; the end of what was written.
        mutating func finish() -> UnsafeMutablePointer<UInt8> {
            while filled > 0 {
                out.pointee = UInt8(truncatingIfNeeded: pending)
                out += 1
                pending >>= 8
                filled -= 8
            }
            return out
        }
    }
}
