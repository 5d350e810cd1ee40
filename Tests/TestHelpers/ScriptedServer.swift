import Foundation
import Glibc

/// A loopback test server written in Python (`Tests/servers/NAME`), as `WebSocketServer` and
/// `InterceptingProxy` run one: started with its settings in `FOLDER/script.json`, it prints
/// `PORT n` once it listens and logs one JSON object a line to the path its settings name.
struct ScriptedServer {
    /// Why a server could not start.
    struct StartFailure: Error, CustomStringConvertible { var description: String }

    let process: Process
    /// The port it listens on.
    let port: Int

    /// Starts `python3 Tests/servers/script FOLDER/script.json`; throws, the process killed, when it
    /// prints no port within `timeout` seconds.
    init(_ script: String, settings: [String: Any], folder: String, timeout: Double) throws {
        let settingsPath = folder + "/script.json"
        try JSONSerialization.data(withJSONObject: settings).write(to: URL(fileURLWithPath: settingsPath))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Fixtures.root + "/Tests/servers/" + script, settingsPath]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let port = TLSServer.read(output.fileHandleForReading, within: timeout) { text in
            text.split(separator: "\n").first { $0.hasPrefix("PORT ") }.flatMap { Int($0.dropFirst(5)) }
        }
        guard let port else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw StartFailure(description: "\(script) did not start within \(Int(timeout)) s")
        }
        self.process = process
        self.port = port
    }

    /// Kills the server and removes `folder`.
    func stop(removing folder: String) {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The objects logged at `path` so far, in order.
    static func log(at path: String) -> [[String: Any]] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }
}
