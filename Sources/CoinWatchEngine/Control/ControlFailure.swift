/// Why reading or answering a control chat failed this time, as one line (secrets never in it).
package struct ControlFailure: Error, Sendable, Equatable {
    package var message: String
    package init(_ message: String) { self.message = message }
}
