import Synchronization
@testable import CoinWatchSupport

/// A sleeper that records what it was asked to wait and returns at once.
final class RecordingSleeper: Sleeper, @unchecked Sendable {
    private let waits = Mutex<[Double]>([])
    func sleep(seconds: Double) { waits.withLock { $0.append(seconds) } }
    /// Every wait asked for, in seconds.
    var recorded: [Double] { waits.withLock { $0 } }
}
