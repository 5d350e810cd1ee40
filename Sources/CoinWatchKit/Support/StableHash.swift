/// A stable, platform-independent 128-bit hash (two FNV-1a 64 lanes) as 32 hex digits.
/// Used for alert ids and Idempotency-Keys, which must be the same on every run.
public enum StableHash {
    /// The hex digest of `parts` joined with a separator no part can contain (NUL).
    public static func hex(_ parts: [String]) -> String {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325
        var b: UInt64 = 0x6c62_272e_07bb_0142
        for (index, part) in parts.enumerated() {
            if index > 0 {
                a = (a ^ 0).multipliedReportingOverflow(by: 0x0000_0100_0000_01b3).partialValue
                b = (b ^ 0xff).multipliedReportingOverflow(by: 0x0000_0100_0000_01b3).partialValue
            }
            for byte in part.utf8 {
                a = (a ^ UInt64(byte)).multipliedReportingOverflow(by: 0x0000_0100_0000_01b3).partialValue
                b = (b ^ UInt64(byte ^ 0x5a)).multipliedReportingOverflow(by: 0x0000_0100_0000_01b3).partialValue
            }
        }
        var digits = [UInt8](repeating: 0, count: 32)
        for position in 0..<16 {
            digits[position] = hexDigits[Int((a >> UInt64(60 - 4 * position)) & 0xF)]
            digits[16 + position] = hexDigits[Int((b >> UInt64(60 - 4 * position)) & 0xF)]
        }
        return String(decoding: digits, as: UTF8.self)
    }

    /// Lower-case hex digits; each lane is written as 16 of them, zero-padded.
    private static let hexDigits = Array("0123456789abcdef".utf8)
}
