#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Tells the current time; injected so tests control it.
public protocol WallClock: Sendable {
    /// The current instant.
    func now() -> Date
}

/// The real clock.
public struct SystemClock: WallClock {
    public init() {}
    public func now() -> Date { Date() }
}

/// A clock that always answers the same instant (tests, `--now`-style fixtures).
public struct FixedClock: WallClock {
    public let instant: Date
    public init(_ instant: Date) { self.instant = instant }
    public func now() -> Date { instant }
}
