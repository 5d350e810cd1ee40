import Foundation

/// A loopback API that replays the real captures in `Fixtures/real/`: each route maps a path
/// suffix (`/search/trending`) to a reply; scripted replies go first; other paths 404.
final class CaptureServer: @unchecked Sendable {
    private let lock = NSLock()
    private var routes: [(suffix: String, reply: Reply)] = []
    private var scripted: [Reply] = []
    private(set) var server: LoopbackServer!

    init() throws {
        server = try LoopbackServer { [weak self] request in
            self?.answer(request) ?? Reply.text("gone", status: 500)
        }
    }

    deinit { server?.stop() }

    /// `http://127.0.0.1:PORT/api/v3`, the root a test rules.json names.
    var baseURL: String { server.baseURL + "/api/v3" }

    /// Answers requests whose path ends with `suffix` with the capture at `Fixtures/<fixture>`.
    func route(_ suffix: String, fixture: String) throws {
        route(suffix, Reply.bytes(try Fixtures.bytes(fixture), contentType: "application/json"))
    }

    /// Answers requests whose path ends with `suffix` with `reply` (a later route for the same suffix wins).
    func route(_ suffix: String, _ reply: Reply) {
        lock.withLock { routes.insert((suffix, reply), at: 0) }
    }

    /// Answers the next calls with these replies, then by route again.
    func script(_ replies: Reply...) {
        lock.withLock { scripted += replies }
    }

    /// Every request so far.
    var requests: [RecordedRequest] { server.requests }

    private func answer(_ request: RecordedRequest) -> Reply {
        lock.withLock {
            if !scripted.isEmpty { return scripted.removeFirst() }
            return routes.first { request.path.hasSuffix($0.suffix) }?.reply ?? Reply.json(#"{"error":"Not Found"}"#, status: 404)
        }
    }
}

