import FoundationEssentials

/// One HTTP request as coinwatch sends it.
package struct HTTPRequest: Sendable, Equatable {
    /// Absolute URL; only http, https and file are allowed.
    package var url: String
    /// "GET" or "POST".
    package var method: String
    /// Extra headers, in order, names sent as given.
    package var headers: [HTTPHeader]
    /// Request body (POST).
    package var body: [UInt8]?
    /// Total time allowed for the transfer, in seconds.
    package var timeout: Double
    /// Time allowed to connect, in seconds.
    package var connectTimeout: Double
    /// A PEM bundle trusted in addition to the system's.
    package var caFile: String?
    /// How the URL may be shown in logs and errors; nil means `Redaction.url(url)` (secrets replaced by `***`).
    package var displayURL: String?
    /// Whether a redirect to the same scheme, host and port is followed (providers); when false
    /// (webhooks) a 3xx is the answer. A redirect elsewhere is never followed (`Redirect`).
    package var followsRedirects: Bool
    /// For an `smtp://` or `smtps://` URL: the envelope; `body` is then the whole message (RFC 5322).
    package var mail: MailEnvelope?

    package init(url: String, method: String = "GET", headers: [HTTPHeader] = [], body: [UInt8]? = nil,
                timeout: Double = 10, connectTimeout: Double = 5, caFile: String? = nil,
                displayURL: String? = nil, followsRedirects: Bool = true) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.connectTimeout = min(connectTimeout, timeout)
        self.caFile = caFile
        self.displayURL = displayURL
        self.followsRedirects = followsRedirects
    }
}

/// The SMTP envelope of a mail request: sender, recipients and the login, if any (secrets).
package struct MailEnvelope: Sendable, Equatable {
    /// The sender's bare address (`MAIL FROM`).
    package var from: String
    /// The recipients' bare addresses (`RCPT TO`).
    package var recipients: [String]
    package var username: String?
    package var password: String?
    /// false: plain SMTP without STARTTLS (`"tls": "none"`, a local MTA).
    package var tls: Bool

    package init(from: String, recipients: [String], username: String? = nil, password: String? = nil, tls: Bool = true) {
        self.from = from
        self.recipients = recipients
        self.username = username
        self.password = password
        self.tls = tls
    }
}

/// A header name and value.
package struct HTTPHeader: Sendable, Equatable {
    package var name: String
    package var value: String
    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// A completed HTTP exchange, whatever its status (for a mail request: the SMTP exchange).
package struct HTTPResponse: Sendable, Equatable {
    /// HTTP status (0 for file:// URLs); for mail the server's last SMTP reply code (250 accepted,
    /// 4xx or 5xx refused, with the reply text in `body`).
    package var status: Int
    /// Response headers with lowercased names; the last value wins.
    package var headers: [String: String]
    /// The (decompressed) body.
    package var body: [UInt8]

    package init(status: Int, headers: [String: String] = [:], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Runs HTTP requests.
package protocol HTTPTransport: Sendable {
    /// Sends every request concurrently and returns one outcome per request, in order; never throws.
    func perform(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, TransportError>]
}

extension HTTPTransport {
    /// Sends one request.
    package func perform(_ request: HTTPRequest) -> Result<HTTPResponse, TransportError> {
        perform([request]).first ?? .failure(.internal(host: "", message: "no result"))
    }
}
