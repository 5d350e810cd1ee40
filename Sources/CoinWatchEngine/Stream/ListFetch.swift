import CoinWatchSupport
import CoinWatchTransport

/// `stream`'s market lists in flight (SPEC §14): the due groups' requests, sent on a thread of their own, and the
/// answers it hands back through the loop's wake pipe.
struct ListFetch {
    let stage: MarketEventStage
    let groups: [MarketEventStage.Group]
    private let answers: LoopInbox<[Result<HTTPResponse, TransportError>]>

    init(stage: MarketEventStage, groups: [MarketEventStage.Group], wake: WakePipe) {
        self.stage = stage
        self.groups = groups
        answers = LoopInbox(wake: wake)
    }

    /// Sends the requests on a new thread (on this one when no thread can be made) and hands the answers to the loop.
    func start(transport: any HTTPTransport) {
        let requests = MarketEventStage.requests(of: groups)
        let answers = self.answers
        let work: @Sendable () -> Void = { answers.post(transport.perform(requests)) }
        if !ConcurrentJobs.detach(work) { work() }
    }

    /// Each group with its answers once the thread is done; nil before (and after they were taken).
    func take() -> [(group: MarketEventStage.Group, answers: [Result<HTTPResponse, TransportError>])]? {
        guard let all = answers.take().first else { return nil }
        let byGroup = MarketEventStage.answers(all, to: MarketEventStage.requests(of: groups), of: groups)
        return groups.map { ($0, byGroup[$0.key] ?? []) }
    }
}
