import Foundation
import Synchronization

/// A webhook receiver for the crash test: answers each POST 200 or 500 after a short delay, both
/// drawn from a seeded generator, and records every (path, Idempotency-Key) it answered and how.
final class RecordingReceiver: @unchecked Sendable {
    /// One answered request.
    struct Answer: Sendable {
        var path: String
        var key: String
        var status: Int
    }

    private struct Script {
        var random: SeededRandom
        var failureRate: Double
        var maxDelay: Double
        var answers: [Answer] = []
    }

    private let script: Mutex<Script>
    /// Advanced by the test when a client starts and just before it is killed; an answer decided in a
    /// later generation than its request arrived in is recorded with status 0 (the client never saw it).
    private let generation = Atomic<Int>(0)
    private(set) var server: LoopbackServer!

    /// Answers 500 with probability `failureRate`, else 200, each after up to `maxDelay` seconds.
    init(seed: UInt64, failureRate: Double, maxDelay: Double) throws {
        script = Mutex(Script(random: SeededRandom(seed: seed), failureRate: failureRate, maxDelay: maxDelay))
        server = try LoopbackServer { [weak self] request in
            self?.answer(request) ?? .status(500)
        }
    }

    deinit { server?.stop() }

    /// Marks a client's start or its coming kill: requests in flight from then on count as never answered.
    func nextGeneration() { generation.add(1, ordering: .sequentiallyConsistent) }

    /// From now on: every answer 200 at once.
    func heal() {
        script.withLock { $0.failureRate = 0; $0.maxDelay = 0 }
    }

    /// `http://127.0.0.1:PORT/path`.
    func url(_ path: String) -> String { server.url(path) }

    /// Every answer decided so far, in order.
    var answers: [Answer] { script.withLock { $0.answers } }

    /// Waits first, then decides and records, then the server sends at once; an answer decided after the
    /// test announced a kill (or the next client) is recorded with status 0, as the client never saw it.
    private func answer(_ request: RecordedRequest) -> Reply {
        let arrived = generation.load(ordering: .sequentiallyConsistent)
        let delay = script.withLock { $0.maxDelay > 0 ? Double.random(in: 0...$0.maxDelay, using: &$0.random) : 0 }
        if delay > 0 { usleep(UInt32(delay * 1_000_000)) }
        return script.withLock { script in
            let fails = Double.random(in: 0..<1, using: &script.random) < script.failureRate
            let gone = generation.load(ordering: .sequentiallyConsistent) != arrived
            let status = gone ? 0 : fails ? 500 : 200
            script.answers.append(Answer(path: request.path, key: request.header("Idempotency-Key") ?? "", status: status))
            return Reply.text(status == 200 ? "ok" : "flaky", status: status == 200 ? 200 : 500)
        }
    }
}
