import Foundation
import Synchronization

/// A loopback chat service: records every POST and answers from a script (500, 429 with
/// Retry-After, a slow answer, a dropped connection), then with `fallback` once the script is used
/// up; or, made with `answer`, as that function decides for each request.
final class WebhookReceiver: @unchecked Sendable {
    private let script = Mutex<[Reply]>([])
    private(set) var server: LoopbackServer!

    /// Starts listening; every request past the script gets `fallback`.
    init(fallback: Reply = .text("ok")) throws {
        server = try LoopbackServer { [weak self] _ in
            self?.script.withLock { $0.isEmpty ? nil : $0.removeFirst() } ?? fallback
        }
    }

    /// Starts listening; every request gets what `answer` gives for it.
    init(answer: @escaping @Sendable (RecordedRequest) -> Reply) throws {
        server = try LoopbackServer { request in answer(request) }
    }

    deinit { server?.stop() }

    /// Answers the next requests with these replies, in order.
    func script(_ replies: Reply...) {
        script.withLock { $0 += replies }
    }

    /// `http://127.0.0.1:PORT/path`.
    func url(_ path: String) -> String { server.url(path) }

    /// Every request received, in order.
    var requests: [RecordedRequest] { server.requests }

    /// Every body received, as text.
    var bodies: [String] { requests.map(\.bodyText) }

    /// The Idempotency-Key of every request, in order.
    var keys: [String] { requests.map { $0.header("Idempotency-Key") ?? "" } }
}
