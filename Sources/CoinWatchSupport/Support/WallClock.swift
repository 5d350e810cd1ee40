import FoundationEssentials

/// Tells the current time; injected so tests control it.
package protocol WallClock: Sendable {
    /// The current instant.
    func now() -> Date
}

/// The real clock.
package struct SystemClock: WallClock {
    package init() {}
    package func now() -> Date { Date() }
}
