/// What a pair does in a pass: send a notice with a status, or stay silent; both say why.
package enum Decision: Sendable, Equatable, CustomStringConvertible {
    /// Send an alert with `status`.
    case notify(status: Alert.Status, reason: NotifyReason)
    /// Send nothing.
    case silent(reason: NotifyReason)

    /// Why the pair did what it did.
    package var reason: NotifyReason {
        switch self {
        case .notify(_, let reason), .silent(let reason): return reason
        }
    }

    /// The status to send, nil when silent.
    package var status: Alert.Status? {
        if case .notify(let status, _) = self { return status }
        return nil
    }

    /// `notify firing (became true)` or `silent (not true)`.
    package var description: String {
        switch self {
        case .notify(let status, let reason): return "notify \(status.rawValue) (\(reason))"
        case .silent(let reason): return "silent (\(reason))"
        }
    }
}
