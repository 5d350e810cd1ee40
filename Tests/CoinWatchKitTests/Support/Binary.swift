import Foundation

/// Runs the built `coinwatch` binary as a subprocess, as cron would.
struct Binary {
    /// What one run printed and returned.
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = args
        var env = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TZ": "UTC", "NO_COLOR": "1"]
        env.merge(environment) { _, new in new }
        process.environment = env
        if let cwd { process.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = LockedData(), errData = LockedData()
        let group = DispatchGroup()
        for (pipe, sink) in [(out, outData), (err, errData)] {
            group.enter()
            DispatchQueue.global().async {
                sink.set(pipe.fileHandleForReading.readDataToEndOfFile())
                group.leave()
            }
        }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            throw BinaryError.timedOut(args)
        }
        process.waitUntilExit()
        return Run(status: process.terminationStatus,
                   stdout: String(decoding: outData.get(), as: UTF8.self),
                   stderr: String(decoding: errData.get(), as: UTF8.self))
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

/// A fresh temporary folder removed when the value is dropped by the test.
final class TempDir: @unchecked Sendable {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "coinwatch-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` to `name` inside the folder and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// The text of `name`, or nil when missing.
    func read(_ name: String) -> String? {
        try? String(contentsOfFile: path + "/" + name, encoding: .utf8)
    }
}
