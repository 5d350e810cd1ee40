import CoinWatchSupport
import CCurl
import Glibc

extension CurlEasy {
    /// The response, or the transport error that `code` (the transfer's CURLcode) stands for.
    func outcome(_ code: CURLcode) -> Result<HTTPResponse, TransportError> {
        if request.mail != nil { return mailOutcome(code) }
        guard code == CURLE_OK else { return .failure(error(for: code)) }
        var status = 0
        guard cw_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status) == CURLE_OK else {
            return .failure(.internal(host: request.host, message: "libcurl did not report the HTTP status"))
        }
        // The body grew by doubling while it arrived; keep an exact copy (a pass holds every page at once).
        var exact: [UInt8] = []
        exact.reserveCapacity(body.count)
        exact.append(contentsOf: body)
        return .success(HTTPResponse(status: status, headers: headers, body: exact))
    }

    /// Time the whole transfer took, in milliseconds (0 when libcurl cannot tell).
    var elapsedMilliseconds: Int {
        var microseconds: curl_off_t = 0
        guard cw_getinfo_off(handle, CURLINFO_TOTAL_TIME_T, &microseconds) == CURLE_OK else { return 0 }
        return Int((microseconds + 500) / 1000)
    }

    /// A mail transfer's outcome: the server's last reply code when it answered 2xx, 4xx or 5xx (its
    /// text in the body when it refused), else the transport error.
    private func mailOutcome(_ code: CURLcode) -> Result<HTTPResponse, TransportError> {
        var reply = 0
        _ = cw_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &reply)
        if code == CURLE_OK { return .success(HTTPResponse(status: reply == 0 ? 250 : reply, body: [])) }
        if reply >= 400, code != CURLE_OPERATION_TIMEDOUT, code != CURLE_USE_SSL_FAILED {
            return .success(HTTPResponse(status: reply, body: Array(errorText(code).utf8)))
        }
        return .failure(error(for: code))
    }

    /// The transport error a failed transfer's `code` stands for.
    func error(for code: CURLcode) -> TransportError {
        let host = request.host
        let message = errorText(code)
        if exceededCap || code == CURLE_FILESIZE_EXCEEDED {
            return .tooLarge(host: host, limit: maxBodyBytes)
        }
        if code == CURLE_SSL_CACERT_BADFILE, let caFile = request.caFile {
            return .tls(host: host, message: Self.unusableBundle(caFile))
        }
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .dns(host: host)
        case CURLE_COULDNT_CONNECT:
            return .refused(host: host)
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut(host: host, seconds: connected ? request.timeout : request.connectTimeout)
        case CURLE_URL_MALFORMAT:
            return .badURL(url: request.loggableURL)
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING, CURLE_WEIRD_SERVER_REPLY,
             CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_BAD_CONTENT_ENCODING, CURLE_HTTP3, CURLE_QUIC_CONNECT_ERROR:
            return .connection(host: host, message: message)
        default:
            if Self.tlsCodes.contains(code.rawValue) { return .tls(host: host, message: message) }
            return .curl(host: host, code: Int(code.rawValue), message: message)
        }
    }

    /// One line naming the CA bundle at `path` and why OpenSSL cannot load it (libcurl says only "error
    /// setting certificate file"); `kind` is what the path is when already found not a regular file.
    static func unusableBundle(_ path: String, kind: String? = nil) -> String {
        let start = "cannot load the CA bundle \(path) (ca_file or \(TrustedBundle.variable))"
        if let kind { return "\(start): it is \(kind), not a PEM file" }
        var info = stat()
        guard stat(path, &info) == 0 else { return "\(start): \(POSIXFile.lastError())" }
        if let kind = POSIXFile.notRegular(info.st_mode) { return "\(start): it is \(kind), not a PEM file" }
        guard access(path, R_OK) == 0 else { return "\(start): \(POSIXFile.lastError())" }
        return "\(start): no certificate in it could be read (PEM expected)"
    }

    /// Whether the connect phase that `connectTimeout` bounds ended before the transfer did: TCP, the TLS
    /// handshake and the protocol's own (an SMTP server silent after the TCP connect is still connecting).
    private var connected: Bool {
        var microseconds: curl_off_t = 0
        return cw_getinfo_off(handle, CURLINFO_PRETRANSFER_TIME_T, &microseconds) == CURLE_OK && microseconds > 0
    }

    private static let tlsCodes = Set([
        CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
        CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_CACERT_BADFILE,
        CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
        CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT, CURLE_USE_SSL_FAILED,
    ].map(\.rawValue))
}
