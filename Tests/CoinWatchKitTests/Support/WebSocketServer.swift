import Foundation
import Glibc

/// A scripted WebSocket server on 127.0.0.1 (`Tests/servers/ws_server.py`, Python's
/// `websockets`), optionally over TLS with a fresh test certificate; killed when released.
/// Python's `websockets` is installed from PyPI (pip, user site) the first time it is missing.
final class WebSocketServer: @unchecked Sendable {
    /// Why the server could not start.
    struct StartFailure: Error, CustomStringConvertible { var description: String }

    /// One step of a connection's script (see ws_server.py).
    typealias Step = [String: any Sendable]

    /// The port it listens on.
    let port: Int
    /// The certificate to trust (`ca_file`) when it serves TLS.
    let certificate: String?
    /// The folder holding the script, the log and the certificate.
    let folder: String
    private let process: Process
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
        let scriptPath = folder + "/script.json"
        try JSONSerialization.data(withJSONObject: script).write(to: URL(fileURLWithPath: scriptPath))
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Fixtures.root + "/Tests/servers/ws_server.py", scriptPath]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard let port = Self.port(from: output.fileHandleForReading) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw StartFailure(description: "ws_server.py did not start within 20 s")
        }
        self.port = port
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// `ws://127.0.0.1:PORT` (or `wss://`).
    var url: String { (certificate == nil ? "ws" : "wss") + "://127.0.0.1:\(port)" }

    /// Every logged event so far (connects, messages received, closes), in order.
    var log: [[String: Any]] {
        guard let text = try? String(contentsOfFile: logPath, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// The messages the clients sent, in order.
    var received: [String] { log.compactMap { $0["recv"] as? String } }
    /// How many connections were accepted.
    var connectionCount: Int { log.filter { $0["event"] as? String == "connect" }.count }

    /// Reads `PORT n` from the server's stdout, for at most 20 s.
    private static func port(from output: FileHandle) -> Int? {
        let deadline = Date().addingTimeInterval(20)
        var text = ""
        while Date() < deadline {
            var poller = pollfd(fd: output.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let data = output.availableData
            if data.isEmpty { return nil }
            text += String(decoding: data, as: UTF8.self)
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("PORT ") }) {
                return Int(line.dropFirst(5))
            }
        }
        return nil
    }

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
