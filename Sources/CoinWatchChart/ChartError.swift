/// Why a chart image could not be made (the alert goes without one, or `show --png` fails with `message`).
package struct ChartError: Error, Sendable, Equatable {
    /// One line saying what went wrong, without a trailing period.
    package var message: String

    package init(_ message: String) { self.message = message }
}
