import Foundation
import Testing

/// Runs the built `coinwatch` binary as a subprocess, as cron would.
struct Binary {
    /// What one run printed and returned.
    typealias Run = Shell.Run

    /// The built binary beside the test bundle (`.build/<config>/coinwatch`).
    static var path: String {
        let runner = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
        var dir = runner.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("coinwatch").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return Fixtures.root + "/.build/debug/coinwatch"
    }

    /// Runs `coinwatch args` with `environment` added to a minimal one; gives up after `timeout` seconds.
    static func run(_ args: [String], environment: [String: String] = [:], cwd: String? = nil,
                    timeout: Double = 60) throws -> Run {
        try Shell.execute(path, args, environment: Self.environment(adding: environment), cwd: cwd, timeout: timeout)
    }

    /// The minimal environment the binary runs with (no color, UTC), plus `extra`.
    static func environment(adding extra: [String: String]) -> [String: String] {
        var env = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TZ": "UTC", "NO_COLOR": "1"]
        env.merge(extra) { _, new in new }
        return env
    }

    enum BinaryError: Error { case timedOut([String]) }
}

/// A Data box that two reader threads can fill.
final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ d: Data) { lock.withLock { data = d } }
    func get() -> Data { lock.withLock { data } }
}

extension Shell.Run {
    /// The alert records on stdout, one JSON object a line (`--json`); a line that is not one fails the test.
    func records() throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }
}
