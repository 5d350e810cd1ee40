import Synchronization

/// A transport that counts the requests it passes on, by host (`--metrics`' requests per provider).
package final class CountingTransport: HTTPTransport {
    private let inner: any HTTPTransport
    private let counts = Mutex<[String: Int]>([:])

    package init(_ inner: any HTTPTransport) { self.inner = inner }

    package func perform(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, TransportError>] {
        counts.withLock { counts in
            for request in requests { counts[HTTPRequest.host(of: request.url), default: 0] += 1 }
        }
        return inner.perform(requests)
    }

    /// Requests so far.
    package var total: Int { counts.withLock { $0.values.reduce(0, +) } }

    /// Requests so far, by host (`host:port` where the URL names a port).
    package var byHost: [String: Int] { counts.withLock { $0 } }
}
