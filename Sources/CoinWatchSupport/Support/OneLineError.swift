/// An error that is one line saying what is wrong and what to do (SPEC §1), without a trailing newline: why a chart
/// or its history could not be had, why a silence target is refused.
package struct OneLineError: Error, Sendable, Equatable {
    package var message: String

    package init(_ message: String) { self.message = message }
}
