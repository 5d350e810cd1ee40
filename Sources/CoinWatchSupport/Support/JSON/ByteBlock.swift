/// Eight bytes of a document as one 64-bit word, for the tokenizer's runs of bytes that need no
/// decision (the inside of a string, a line's columns): a word
/// whose mask is zero holds no byte of interest and is passed whole.
///
/// Each mask has the high bit set in the bytes that match (SWAR, "determine if a word has a zero
/// byte" in Sean Anderson's Bit Twiddling Hacks). The lowest set bit always marks a byte that
/// matches; bits above it may not (a borrow runs upward), so callers take only the lowest
/// (`firstOffset`) and decide that byte by itself.
enum ByteBlock {
    /// A word's bytes.
    static let width = 8
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `offset` of `bytes`, the first in the lowest bits; the caller makes sure
    /// that `offset + width <= bytes.count`.
    @inline(__always)
    static func load(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + offset).loadUnaligned(as: UInt64.self))
    }

    /// Bytes equal to `byte`.
    @inline(__always)
    static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs
    }

    /// Bytes below `limit` (at most 0x80).
    @inline(__always)
    static func below(_ word: UInt64, _ limit: UInt8) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highs
    }

    /// Bytes that are not an ASCII digit, exactly (no borrow runs between bytes): each byte xor '0'
    /// is 0–9 for a digit; adding 0x76 to its low seven bits sets the high bit from 10 on, and a
    /// byte of 0x80 or more keeps its own.
    @inline(__always)
    static func nonDigits(_ word: UInt64) -> UInt64 {
        let shifted = word ^ (ones &* 0x30)
        return (((shifted & ~highs) &+ ones &* 0x76) | shifted) & highs
    }

    /// Bytes a JSON string does not hold as they are in plain ASCII: `"`, `\\`, controls, and any byte
    /// of 0x80 or more (the readers' and the writer's plain-string runs). Subtracting one from each
    /// byte xor `"` (or `\\`) sets the high bit of a match, and 0x20 of a control; any other byte
    /// whose high bit any of the three sets is itself of 0x80 or more, so `& ~x` is not needed.
    @inline(__always)
    static func notPlainInString(_ word: UInt64) -> UInt64 {
        let quote = (word ^ ones &* UInt64(UInt8(ascii: "\""))) &- ones
        let backslash = (word ^ ones &* UInt64(UInt8(ascii: "\\"))) &- ones
        return (quote | backslash | (word &- ones &* 0x20) | word) & highs
    }

    /// Bytes of 0x80 or more (not ASCII).
    @inline(__always)
    static func high(_ word: UInt64) -> UInt64 { word & highs }

    /// The offset in the word of the first byte a non-zero `mask` marks.
    @inline(__always)
    static func firstOffset(_ mask: UInt64) -> Int { mask.trailingZeroBitCount >> 3 }
}
