/// A decimal number's significant digits as read (mantissa × 10^scale), and its double by Clinger's fast path:
/// a mantissa of at most 2^53 and a power of ten of at most 22 (both exact), so one IEEE operation rounds right.
struct DecimalDigits {
    /// The significant digits read so far, at most 19 of them.
    var mantissa: UInt64 = 0
    /// The value is `mantissa` × 10^`scale`.
    var scale = 0
    /// False once a significant digit had to be dropped.
    var complete = true
    private var count = 0

    private static let powers: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Adds the decimal digit `digit` (0–9) of the integer part, or of the fraction when `fraction`.
    mutating func add(_ digit: UInt8, fraction: Bool) {
        if mantissa == 0 && digit == 0 {
            if fraction { scale -= 1 }
            return
        }
        if count < 19 {
            mantissa = mantissa * 10 + UInt64(digit)
            count += 1
            if fraction { scale -= 1 }
        } else {
            complete = false
            if !fraction { scale += 1 }
        }
    }

    /// The exact double of the digits (non-negative), or nil when the fast path does not apply.
    var exactValue: Double? {
        guard complete, mantissa <= 1 << 53 else { return nil }
        if mantissa == 0 { return 0 }
        guard scale >= -22, scale <= 22 else { return nil }
        let value = Double(mantissa)
        return scale < 0 ? value / Self.powers[-scale] : value * Self.powers[scale]
    }
}
