import Foundation
import Glibc

/// A scripted WebSocket server on 127.0.0.1 (`Tests/servers/ws_server.py`, Python's
/// `websockets`), optionally over TLS with a fresh test certificate; killed when released.
/// Python's `websockets` is installed from PyPI (pip, user site) the first time it is missing.
final class WebSocketServer: @unchecked Sendable {
    /// Why the server could not start.
    typealias StartFailure = ScriptedServer.StartFailure

    /// One step of a connection's script (see ws_server.py).
    typealias Step = [String: any Sendable]

    /// The port it listens on.
    let port: Int
    /// The certificate to trust (`ca_file`) when it serves TLS.
    let certificate: String?
    /// The folder holding the script, the log and the certificate.
    let folder: String
    private let server: ScriptedServer
    private let logPath: String

    /// Starts the server; connection k runs `connections[k]` (the last repeats).
    init(connections: [[Step]], tls: Bool = false, silent: Bool = false, pingInterval: Double? = nil) throws {
        try Self.ensureWebsockets()
        folder = NSTemporaryDirectory() + "ws-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        logPath = folder + "/log.jsonl"
        var script: [String: Any] = ["log": logPath, "connections": connections, "mode": silent ? "silent" : "websocket"]
        if tls {
            let made = (certificate: folder + "/cert.pem", key: folder + "/key.pem")
            try TLSServer.makeCertificate(key: made.key, certificate: made.certificate)
            certificate = made.certificate
            script["tls"] = ["cert": made.certificate, "key": made.key]
        } else {
            certificate = nil
        }
        if let pingInterval { script["ping_interval"] = pingInterval }
        server = try ScriptedServer("ws_server.py", settings: script, folder: folder, timeout: 20)
        port = server.port
    }

    deinit { server.stop(removing: folder) }

    /// `ws://127.0.0.1:PORT` (or `wss://`).
    var url: String { (certificate == nil ? "ws" : "wss") + "://127.0.0.1:\(port)" }

    /// Every logged event so far (connects, messages received, closes), in order.
    var log: [[String: Any]] { ScriptedServer.log(at: logPath) }

    /// The messages the clients sent, in order.
    var received: [String] { log.compactMap { $0["recv"] as? String } }
    /// How many connections were accepted.
    var connectionCount: Int { log.filter { $0["event"] as? String == "connect" }.count }

    private static let installed: Result<Void, StartFailure> = {
        if (try? Shell.execute("/usr/bin/env", ["python3", "-c", "import websockets"], environment: ProcessInfo.processInfo.environment, cwd: nil, timeout: 30))?.status == 0 {
            return .success(())
        }
        for extra in [[], ["--break-system-packages"]] {
            let run = try? Shell.execute("/usr/bin/env", ["python3", "-m", "pip", "install", "--user", "-q", "websockets"] + extra,
                                         environment: ProcessInfo.processInfo.environment, cwd: nil, timeout: 180)
            if run?.status == 0 { return .success(()) }
        }
        return .failure(StartFailure(description: "cannot install Python's websockets with pip (run 'make deps')"))
    }()

    /// Installs `websockets` once when Python cannot import it; throws when that is impossible.
    static func ensureWebsockets() throws {
        try installed.get()
    }
}
