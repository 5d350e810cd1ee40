import CCurl

/// A raw byte connection opened by libcurl (`CURLOPT_CONNECT_ONLY`) with every request's TLS, `ca_file`,
/// timeout and protocol limits (SPEC §6), for non-blocking send and receive; HTTP/1.1 only (ALPN could pick h2).
final class CurlStream {
    /// What one `send` or `receive` did.
    enum Transfer: Equatable {
        /// This many bytes moved (never 0).
        case bytes(Int)
        /// Nothing can move now; wait for the socket (`poll`).
        case wouldBlock
        /// The peer closed the connection.
        case closed
        /// The connection broke; the text says how.
        case failed(String)
    }

    private let easy: CurlEasy
    /// The connected socket, for `poll`.
    let socket: Int32

    private init(easy: CurlEasy, socket: Int32) {
        self.easy = easy
        self.socket = socket
    }

    /// Connects to `url` (`ws://` or `wss://`, read as http/https) within `connectTimeout`
    /// seconds, trusting `caFile` besides the system's roots. Throws `TransportError`.
    static func open(url: String, caFile: String?, connectTimeout: Double) throws(TransportError) -> CurlStream {
        let parts = URLParts(url)
        let scheme: String
        switch parts.scheme {
        case "ws": scheme = "http"
        case "wss": scheme = "https"
        default: throw .badURL(url: Redaction.url(url))
        }
        let httpURL = scheme + url.dropFirst(parts.scheme.count)
        guard CurlGlobal.isReady else { throw .internal(host: parts.host, message: CurlGlobal.unavailable) }
        let request = HTTPRequest(url: httpURL, timeout: connectTimeout, connectTimeout: connectTimeout, caFile: caFile,
                                  displayURL: Redaction.url(url))
        guard let easy = CurlEasy(request: request, maxBodyBytes: 0) else {
            throw .internal(host: parts.host, message: "libcurl could not create a handle")
        }
        try easy.setCommon(protocols: "http,https")
        try easy.set(CURLOPT_CONNECT_ONLY, 1)
        try easy.set(CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_1_1)
        try easy.set(CURLOPT_SSL_ENABLE_ALPN, 0)
        let code = cw_easy_perform(easy.handle)
        guard code == CURLE_OK else { throw easy.error(for: code) }
        var socket: curl_socket_t = -1
        guard cw_getinfo_socket(easy.handle, &socket) == CURLE_OK, socket >= 0 else {
            throw .internal(host: parts.host, message: "libcurl did not report the connected socket")
        }
        return CurlStream(easy: easy, socket: socket)
    }

    /// Sends from `bytes` without blocking.
    func send(_ bytes: UnsafeRawBufferPointer) -> Transfer {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return .bytes(0) }
        var sent = 0
        let code = cw_easy_send(easy.handle, base, bytes.count, &sent)
        return transfer(code, count: sent)
    }

    /// Receives into `buffer` without blocking.
    func receive(into buffer: UnsafeMutableRawBufferPointer) -> Transfer {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return .bytes(0) }
        var received = 0
        let code = cw_easy_recv(easy.handle, base, buffer.count, &received)
        if code == CURLE_OK && received == 0 { return .closed }
        return transfer(code, count: received)
    }

    private func transfer(_ code: CURLcode, count: Int) -> Transfer {
        switch code {
        case CURLE_OK: return count > 0 ? .bytes(count) : .wouldBlock
        case CURLE_AGAIN: return .wouldBlock
        default: return .failed(easy.errorText(code))
        }
    }
}
