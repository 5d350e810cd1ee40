import CoinWatchTransport
import Synchronization

/// A transport that answers a request it has already passed on with the answer it got then (the chat side: a
/// command's requests made before the state lock are answered from here under it).
final class RememberingTransport: HTTPTransport {
    private let inner: any HTTPTransport
    private let answers = Mutex<[(request: HTTPRequest, result: Result<HTTPResponse, TransportError>)]>([])

    init(_ inner: any HTTPTransport) { self.inner = inner }

    func perform(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, TransportError>] {
        requests.map { request in
            if let known = answers.withLock({ $0.first { $0.request == request }?.result }) { return known }
            let result = inner.perform(request)
            answers.withLock { $0.append((request, result)) }
            return result
        }
    }
}
