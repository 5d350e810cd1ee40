#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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

/// A clock that always answers the same instant (tests, `--now`-style fixtures).
package struct FixedClock: WallClock {
    package let instant: Date
    package init(_ instant: Date) { self.instant = instant }
    package func now() -> Date { instant }
}
