import Foundation

/// Runs other programs (bash, zsh, fish, groff, systemd-analyze) for the tests that check
/// what coinwatch ships for them.
enum Shell {
    /// What one run printed and returned.
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The full path of `program` on the usual folders, or nil when it is not installed.
    static func which(_ program: String) -> String? {
        for folder in ["/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin"] {
            let path = folder + "/" + program
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs `program args` (a name looked up with `which`, or a path) and waits at most `timeout` seconds.
    static func run(_ program: String, _ args: [String], environment: [String: String] = [:], cwd: String? = nil,
                    timeout: Double = 60) throws -> Run {
        var env = ["PATH": "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8"]
        env.merge(environment) { _, new in new }
        return try execute(program.hasPrefix("/") ? program : (which(program) ?? program), args, environment: env,
                           cwd: cwd, timeout: timeout)
    }

    /// Runs the program at `path` with exactly `environment`, collecting both streams; gives up after `timeout` seconds.
    static func execute(_ path: String, _ args: [String], environment: [String: String], cwd: String?,
                        timeout: Double) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = args
        process.environment = environment
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
            throw Binary.BinaryError.timedOut([path] + args)
        }
        process.waitUntilExit()
        return Run(status: process.terminationStatus,
                   stdout: String(decoding: outData.get(), as: UTF8.self),
                   stderr: String(decoding: errData.get(), as: UTF8.self))
    }
}
