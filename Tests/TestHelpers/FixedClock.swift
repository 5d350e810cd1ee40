import CoinWatchSupport
import Foundation

/// A clock that always answers the same instant.
struct FixedClock: WallClock {
    let instant: Date
    init(_ instant: Date) { self.instant = instant }
    func now() -> Date { instant }
}
