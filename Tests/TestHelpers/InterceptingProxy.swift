import Foundation
import Glibc

/// A TLS-inspecting HTTP proxy on 127.0.0.1 (`Tests/servers/intercepting_proxy.py`), as a corporate
/// network has one: it accepts `CONNECT host:443` for one host, ends the tunnel's TLS itself with a
/// certificate for that host signed by a test CA made here (`authority`, trusted by nothing unless a
/// test says so), and answers each request with the fixture file of the first route whose prefix
/// starts its target. Killed when released.
final class InterceptingProxy: @unchecked Sendable {
    /// Why the proxy could not start.
    typealias StartFailure = ScriptedServer.StartFailure

    /// The port it listens on.
    let port: Int
    /// The test CA's certificate (PEM), the one file that makes a client trust the proxy's answers.
    let authority: String
    /// The folder holding the certificates, the script and the log.
    let folder: String
    private let server: ScriptedServer
    private let logPath: String

    /// Makes a CA and a certificate for `host` signed by it, then starts the proxy serving `routes`
    /// (a request-target prefix such as `/api/v3/search?query=btc`, and the file answered for it).
    init(host: String, routes: [(prefix: String, file: String)]) throws {
        folder = NSTemporaryDirectory() + "proxy-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        logPath = folder + "/log.jsonl"
        let ca = try TLSServer.makeAuthority(in: folder)
        authority = ca.certificate
        let leaf = try TLSServer.makeLeaf(for: host, signedBy: ca, in: folder)
        let script: [String: Any] = ["host": host, "cert": leaf.certificate, "key": leaf.key, "log": logPath,
                                     "routes": routes.map { [$0.prefix, $0.file] }]
        server = try ScriptedServer("intercepting_proxy.py", settings: script, folder: folder, timeout: 10)
        port = server.port
    }

    deinit { server.stop(removing: folder) }

    /// `http://127.0.0.1:PORT`, for `https_proxy`.
    var url: String { "http://127.0.0.1:\(port)" }

    /// Every logged event so far, in order.
    private var log: [[String: Any]] { ScriptedServer.log(at: logPath) }

    /// The tunnels asked for (`api.coingecko.com:443`), in order.
    var tunnels: [String] { log.compactMap { $0["connect"] as? String } }
    /// How each tunnel's TLS handshake ended: `ok`, or the error the proxy saw (the client refused it).
    var handshakes: [String] { log.compactMap { $0["handshake"] as? String } }
    /// The request targets (path and query) answered inside the tunnels, in order.
    var paths: [String] { log.compactMap { $0["path"] as? String } }
}
