/// Why a chart could not be drawn: one line naming the provider and what to do.
public struct HistoryError: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
