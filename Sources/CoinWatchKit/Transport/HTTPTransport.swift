#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One HTTP request as coinwatch sends it.
public struct HTTPRequest: Sendable, Equatable {
    /// Absolute URL; only http, https and file are allowed.
    public var url: String
    /// "GET" or "POST".
    public var method: String
    /// Extra headers, in order. Names are sent as given.
    public var headers: [HTTPHeader]
    /// Request body (POST).
    public var body: [UInt8]?
    /// Total time allowed for the transfer, in seconds.
    public var timeout: Double
    /// Time allowed to connect, in seconds.
    public var connectTimeout: Double
    /// A PEM bundle trusted in addition to the system's.
    public var caFile: String?
    /// How the URL may be shown in logs and errors; nil means `Redaction.url(url)` (secrets replaced by `***`).
    public var displayURL: String?
    /// Whether a redirect to the same scheme, host and port is followed (providers); when false
    /// (webhooks) a 3xx is the answer. A redirect elsewhere is never followed (`Redirect`).
    public var followsRedirects: Bool

    public init(url: String, method: String = "GET", headers: [HTTPHeader] = [], body: [UInt8]? = nil,
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

/// A header name and value.
public struct HTTPHeader: Sendable, Equatable {
    public var name: String
    public var value: String
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// A completed HTTP exchange, whatever its status.
public struct HTTPResponse: Sendable, Equatable {
    /// HTTP status (0 for file:// URLs, which have none).
    public var status: Int
    /// Response headers with lowercased names; the last value wins.
    public var headers: [String: String]
    /// The (decompressed) body.
    public var body: [UInt8]

    public init(status: Int, headers: [String: String] = [:], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Runs HTTP requests. `perform` runs all of them at once and returns one result per request, in order.
public protocol HTTPTransport: Sendable {
    /// Sends every request concurrently and waits for all; never throws, each slot holds its own outcome.
    func perform(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, TransportError>]
}

extension HTTPTransport {
    /// Sends one request.
    public func perform(_ request: HTTPRequest) -> Result<HTTPResponse, TransportError> {
        perform([request]).first ?? .failure(.internal(host: "", message: "no result"))
    }
}
