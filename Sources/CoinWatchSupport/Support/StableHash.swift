/// A stable, platform-independent 128-bit hash (two FNV-1a 64 lanes) as 32 hex digits: alert ids, Idempotency-Keys.
package struct StableHash: Sendable {
    private var a: UInt64 = 0xcbf2_9ce4_8422_2325
    private var b: UInt64 = 0x6c62_272e_07bb_0142
    private var parts = 0

    /// A hash of nothing yet.
    package init() {}

    /// The hex digest of `parts` joined with a separator no part can contain (NUL).
    package static func hex(_ parts: [String]) -> String {
        var hash = StableHash()
        for part in parts { hash.add(part) }
        return hash.hex
    }

    /// Adds the next part (after a NUL separator when it is not the first).
    package mutating func add(_ part: String) {
        if parts > 0 { mix(0, 0xff) }
        parts += 1
        var part = part
        part.withUTF8 { bytes in
            for byte in bytes { mix(byte, byte ^ 0x5a) }
        }
    }

    /// The text a number is hashed as (`1800000000`, `1800000000.25`: integer digits below 2^53, else Swift's shortest
    /// round-trip form), fixed for good and owned here: alert ids hash times through it, so no writer may change it.
    package static func digits(of value: Double) -> String {
        if value == value.rounded(.towardZero), abs(value) < 9_007_199_254_740_992 { return String(Int64(value)) }
        return value.description
    }

    /// One FNV-1a step of each lane.
    private mutating func mix(_ forA: UInt8, _ forB: UInt8) {
        a = (a ^ UInt64(forA)).multipliedReportingOverflow(by: 0x0000_0100_0000_01b3).partialValue
        b = (b ^ UInt64(forB)).multipliedReportingOverflow(by: 0x0000_0100_0000_01b3).partialValue
    }

    /// The digest so far: each lane as 16 lower-case hex digits, zero-padded.
    package var hex: String {
        String(unsafeUninitializedCapacity: 32) { digits in
            for position in 0..<16 {
                digits[position] = Self.hexDigit(a >> UInt64(60 - 4 * position))
                digits[16 + position] = Self.hexDigit(b >> UInt64(60 - 4 * position))
            }
            return 32
        }
    }

    private static func hexDigit(_ value: UInt64) -> UInt8 {
        let nibble = UInt8(value & 0xF)
        return nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
