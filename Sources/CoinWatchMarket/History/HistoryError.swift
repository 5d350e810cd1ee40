/// Why a chart could not be drawn: one line naming the provider and what to do.
package struct HistoryError: Error, Sendable, Equatable {
    package var message: String
    package init(_ message: String) { self.message = message }
}
