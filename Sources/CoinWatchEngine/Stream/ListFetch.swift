import CoinWatchSupport
import CoinWatchTransport
import Synchronization

/// `stream`'s market lists in flight (SPEC §14): the due groups' requests, sent on a thread of their own, and the
/// answers it hands back through the loop's wake pipe.
struct ListFetch {
    private final class Answers: Sendable {
        let results = Mutex<[Result<HTTPResponse, TransportError>]?>(nil)
    }

    let stage: MarketEventStage
    let groups: [MarketEventStage.Group]
    private let answers = Answers()

    init(stage: MarketEventStage, groups: [MarketEventStage.Group]) {
        self.stage = stage
        self.groups = groups
    }

    /// Sends the requests on a new thread (on this one when no thread can be made) and pokes `wake` when done.
    func start(transport: any HTTPTransport, wake: WakePipe) {
        let requests = groups.flatMap(\.requests)
        let answers = self.answers
        let work: @Sendable () -> Void = {
            let results = transport.perform(requests)
            answers.results.withLock { $0 = results }
            wake.poke()
        }
        if !ConcurrentJobs.detach(work) { work() }
    }

    /// Each group with its answers once the thread is done; nil before.
    func take() -> [(group: MarketEventStage.Group, answers: [Result<HTTPResponse, TransportError>])]? {
        guard let all = answers.results.withLock({ $0 }) else { return nil }
        var offset = 0
        return groups.map { group in
            let count = group.requests.count
            defer { offset += count }
            return (group, Array(all[min(all.count, offset)..<min(all.count, offset + count)]))
        }
    }
}
