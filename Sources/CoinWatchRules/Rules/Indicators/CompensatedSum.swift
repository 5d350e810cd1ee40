/// A running sum that values enter and leave for ever without drifting (Neumaier's compensated
/// summation), so a sliding SMA or variance matches one summed afresh over the window.
struct CompensatedSum: Sendable, Equatable {
    private var sum = 0.0
    private var compensation = 0.0

    /// The total.
    var value: Double { sum + compensation }

    /// Adds `x` (subtract by adding `-x`).
    mutating func add(_ x: Double) {
        let t = sum + x
        if abs(sum) >= abs(x) {
            compensation += (sum - t) + x
        } else {
            compensation += (x - t) + sum
        }
        sum = t
    }
}
