import Foundation
import Synchronization

/// A loopback provider that answers a `ProviderCase`'s routes (real captures) until `fail(with:)`, then answers
/// the fault path with the fault (or stops listening, for connection refused).
final class FaultyProvider: @unchecked Sendable {
    private let fault = Mutex<Reply?>(nil)
    private let routes: [String: ReplayServer.Route]
    private let faultPath: String
    private(set) var server: LoopbackServer!
    private let refusing: ClosedPort

    init(_ provider: ProviderCase) throws {
        routes = try provider.routes()
        faultPath = provider.faultPath
        refusing = try ClosedPort()
        server = try LoopbackServer { [weak self] request in
            self?.answer(request) ?? .text("gone", status: 500)
        }
    }

    deinit { server?.stop() }

    /// The root to put in `base_url`: the server, or a refusing port once a refusing fault is set.
    private(set) lazy var baseURL = server.baseURL

    /// From now on the fault path answers with `fault`; a fault without a reply moves `baseURL` to a refusing port.
    func fail(with fault: Fault) {
        if let reply = fault.reply {
            self.fault.withLock { $0 = reply }
        } else {
            baseURL = refusing.baseURL
        }
    }

    /// Requests received so far.
    var requestCount: Int { server.requests.count }

    private func answer(_ request: RecordedRequest) -> Reply {
        if request.path == faultPath, let reply = fault.withLock({ $0 }) { return reply }
        return routes[request.path]?(request) ?? .notFound
    }
}
