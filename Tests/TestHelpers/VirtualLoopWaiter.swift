import Synchronization
@testable import CoinWatchEngine
import CoinWatchCLI

/// A loop waiter on virtual time: waiting jumps the clock to the deadline, or to the next
/// scripted signal when that comes first; passes advance the clock by their duration.
final class VirtualLoopWaiter: LoopWaiter, Sendable {
    private struct State {
        var now: Double = 0
        var script: [(at: Double, signals: LoopSignals)] = []
        var pending: LoopSignals = []
    }

    private let state = Mutex(State())

    /// Signals that arrive at the given virtual times.
    init(signals: [(at: Double, signals: LoopSignals)]) {
        state.withLock { $0.script = signals.sorted { $0.at < $1.at } }
    }

    /// Moves the clock forward by `seconds` (a pass's work), delivering signals due meanwhile.
    func advance(_ seconds: Double) {
        state.withLock { state in
            state.now += seconds
            Self.deliver(&state)
        }
    }

    func now() -> Double { state.withLock { $0.now } }

    func wait(until deadline: Double) {
        state.withLock { state in
            guard state.pending.isEmpty else { return }
            if let next = state.script.first, next.at <= deadline {
                state.now = max(state.now, next.at)
            } else {
                state.now = max(state.now, deadline)
            }
            Self.deliver(&state)
        }
    }

    func take() -> LoopSignals {
        state.withLock { state in
            Self.deliver(&state)
            defer { state.pending = [] }
            return state.pending
        }
    }

    private static func deliver(_ state: inout State) {
        while let next = state.script.first, next.at <= state.now {
            state.pending.formUnion(next.signals)
            state.script.removeFirst()
        }
    }
}
