import CoinWatchEngine
import Foundation

/// Runs other programs (bash, zsh, fish, groff, systemd-analyze) for the tests that check
/// what coinwatch ships for them.
enum Shell {
    /// What one run printed and returned.
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Standard output as bytes (an image).
        var stdoutBytes: [UInt8] = []
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
            // SIGKILL, not Process.terminate()'s SIGTERM, which loop mode, stream and control catch
            // (and a hung child could outlive the test with).
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw Binary.BinaryError.timedOut([path] + args)
        }
        process.waitUntilExit()
        return Run(status: process.terminationStatus,
                   stdout: String(decoding: outData.get(), as: UTF8.self),
                   stderr: String(decoding: errData.get(), as: UTF8.self), stdoutBytes: [UInt8](outData.get()))
    }
}

extension Shell {
    /// `posix_spawn` failed with `code` (an errno value).
    struct SpawnError: Error {
        var program: String
        var code: Int32
    }

    /// Runs a program that leaves a daemon behind (`tmux new-session` forks its server) and waits
    /// at most `timeout` seconds for it to exit; its exit status, or nil when it had to be killed.
    ///
    /// Not through `Process`: Foundation learns that its child ended when a socket the child
    /// inherits closes, and a forked daemon keeps that socket (and any pipe) open, so waiting would
    /// never end. Here the program gets /dev/null for its three streams and no other descriptor,
    /// and starts with no signal blocked and every handler at its default (the test's threads
    /// block most signals, and a tmux server started with them blocked never runs its pane).
    static func spawnDetached(_ path: String, _ args: [String], environment: [String: String],
                              timeout: Double = 20) throws -> Int32? {
        try spawnMeasured(path, args, environment: environment, timeout: timeout)?.status
    }

    /// `spawnDetached`, with what the kernel counted for the program (`wait4`'s `rusage`: its page
    /// faults, CPU time, peak RSS).
    static func spawnMeasured(_ path: String, _ args: [String], environment: [String: String],
                              timeout: Double = 20) throws -> (status: Int32, usage: rusage)? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        _ = CommandRunner.closeFrom(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([path] + args).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw SpawnError(program: path, code: spawned) }
        var status: Int32 = 0
        var usage = rusage()
        let ended = Eventually.wait(timeout: timeout) { wait4(pid, &status, WNOHANG, &usage) == pid }
        guard ended else {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
            return nil
        }
        return ((status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F), usage)
    }
}
