import CoinWatchSupport
import Glibc

/// Runs a command sink's program without a shell (SPEC §3): its own process group, the alert on
/// stdin, output read into a bounded buffer, the group killed when the timeout passes.
package enum CommandRunner {
    /// Bytes of the program's output kept for the outbox's last error.
    package static let keptOutput = 2048

    /// Runs `invocation` to its end.
    package static func run(_ invocation: CommandInvocation) -> CommandOutcome {
        guard let program = invocation.argv.first, !program.isEmpty else { return CommandOutcome(end: .notStarted("no program")) }
        var input: [Int32] = [-1, -1]
        var output: [Int32] = [-1, -1]
        guard Self.pipe(&input) else { return CommandOutcome(end: .notStarted(POSIXFile.lastError())) }
        guard Self.pipe(&output) else {
            close(input[0]); close(input[1])
            return CommandOutcome(end: .notStarted(POSIXFile.lastError()))
        }
        // Listed while it runs, so that a signal stopping coinwatch ends its group too (`CommandGroups`).
        let (started, listed) = CommandGroups.start { spawn(program, invocation, stdin: input[0], output: output[1]) }
        close(input[0])
        close(output[1])
        guard case .success(let pid) = started else {
            close(input[1]); close(output[0])
            if case .failure(let failure) = started { return CommandOutcome(end: .notStarted(failure.reason)) }
            return CommandOutcome(end: .notStarted("unknown"))
        }
        var exchange = Exchange(stdin: input[1], output: output[0], input: invocation.stdin)
        let end = exchange.run(pid: pid, timeout: invocation.timeout)
        CommandGroups.remove(listed)
        return CommandOutcome(end: end, output: String(decoding: exchange.kept, as: UTF8.self).validUTF8Prefix,
                              outputDropped: exchange.dropped)
    }

    /// A pipe whose both ends close on exec (the program gets only the descriptors dup'ed onto 0, 1 and 2).
    private static func pipe(_ fds: inout [Int32]) -> Bool {
        guard Glibc.pipe(&fds) == 0 else { return false }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// Starts the program in a new process group with `stdin` and `output` (stdout and stderr) as its descriptors.
    private static func spawn(_ program: String, _ invocation: CommandInvocation, stdin: Int32,
                              output: Int32) -> Result<pid_t, SpawnFailure> {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, output, 2)
        // Nothing else of coinwatch's reaches the program (a descriptor opened without O_CLOEXEC would
        // otherwise stay open in it, and in whatever it leaves running).
        _ = closeFrom(&actions, 3)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let arguments = invocation.argv.map { strdup($0) }
        let environment = invocation.environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
        defer {
            arguments.forEach { free($0) }
            environment.forEach { free($0) }
        }
        var pid: pid_t = 0
        let code = (arguments + [nil]).withUnsafeBufferPointer { argv in
            (environment + [nil]).withUnsafeBufferPointer { envp in
                guard let argv = argv.baseAddress, let envp = envp.baseAddress else { return ENOMEM }
                return posix_spawnp(&pid, program, &actions, &attributes, UnsafeMutablePointer(mutating: argv),
                                    UnsafeMutablePointer(mutating: envp))
            }
        }
        guard code == 0 else { return .failure(SpawnFailure(reason: String(cString: strerror(code)))) }
        return .success(pid)
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34), which Swift's Glibc module does not
    /// declare: the spawned program gets no descriptor from `from` up. Returns an errno value, 0 on success.
    @_silgen_name("posix_spawn_file_actions_addclosefrom_np")
    package static func closeFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32

    private struct SpawnFailure: Error {
        var reason: String
    }

    /// The running program's pipes: feeding its stdin, keeping the start of its output.
    private struct Exchange {
        var stdin: Int32
        var output: Int32
        var input: [UInt8]
        var written = 0
        var kept: [UInt8] = []
        var dropped = 0

        /// Feeds and reads until the program has exited (or the timeout killed its group); closes both pipes.
        mutating func run(pid: pid_t, timeout: Double) -> CommandOutcome.End {
            _ = fcntl(stdin, F_SETFL, fcntl(stdin, F_GETFL) | O_NONBLOCK)
            _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
            defer {
                if stdin >= 0 { close(stdin) }
                close(output)
            }
            if input.isEmpty { closeStdin() }
            let deadline = Monotonic.now() + timeout
            var outputOpen = true
            while true {
                if let end = Self.reap(pid, wait: false) {
                    drain()
                    return end
                }
                let remaining = deadline - Monotonic.now()
                if remaining <= 0 {
                    kill(-pid, SIGKILL)
                    _ = Self.reap(pid, wait: true)
                    return .timedOut(timeout)
                }
                // Wake at once when output arrives or the pipe closes; look at the child at least every 20 ms
                // (a background grandchild may hold the pipe open after the program itself exited).
                let slice = Int32(max(1, min(20, Int(remaining * 1000) + 1)))
                var fds = [pollfd(fd: outputOpen ? output : -1, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: stdin, events: Int16(POLLOUT), revents: 0)]
                _ = poll(&fds, 2, outputOpen || stdin >= 0 ? slice : 1)
                if fds[1].revents != 0 { feed() }
                if fds[0].revents != 0, !drain() {
                    outputOpen = false
                    // The pipe closed: the program is exiting; wait for it (bounded by the deadline).
                    if let end = Self.reapUntil(pid, deadline: deadline) { return end }
                }
            }
        }

        /// Writes what the pipe takes of the remaining input; closes stdin at the end or when the program closed it.
        private mutating func feed() {
            guard stdin >= 0 else { return }
            while written < input.count {
                let n = input.withUnsafeBytes { bytes in
                    Self.withoutSIGPIPE { write(stdin, bytes.baseAddress.map { $0 + written }, input.count - written) }
                }
                if n > 0 { written += n; continue }
                if n < 0, errno == EINTR { continue }
                if n < 0, errno == EAGAIN { return }
                break
            }
            closeStdin()
        }

        /// Runs `write` with SIGPIPE held on this thread, so a program that does not read all of its stdin cannot end
        /// coinwatch mid-pass (the write fails with EPIPE); a SIGPIPE it raised is taken off before the mask is restored.
        private static func withoutSIGPIPE(_ write: () -> Int) -> Int {
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            var previous = sigset_t()
            pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
            let n = write()
            let failure = errno
            if n < 0, failure == EPIPE, sigismember(&previous, SIGPIPE) == 0 {
                var pending = sigset_t()
                if sigpending(&pending) == 0, sigismember(&pending, SIGPIPE) == 1 {
                    var now = timespec(tv_sec: 0, tv_nsec: 0)
                    _ = sigtimedwait(&pipeSignal, nil, &now)
                }
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            errno = failure
            return n
        }

        private mutating func closeStdin() {
            if stdin >= 0 { close(stdin) }
            stdin = -1
        }

        /// Reads what is there; returns false once the pipe is closed at the other end.
        @discardableResult
        private mutating func drain() -> Bool {
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
                if n > 0 {
                    let room = max(0, CommandRunner.keptOutput - kept.count)
                    kept += buffer[0..<min(room, n)]
                    dropped += n - min(room, n)
                    continue
                }
                if n < 0, errno == EINTR { continue }
                return n < 0 && errno == EAGAIN
            }
        }

        /// The end of `pid` once it has exited; nil while it runs (`wait: false`).
        private static func reap(_ pid: pid_t, wait: Bool) -> CommandOutcome.End? {
            var status: Int32 = 0
            while true {
                let result = waitpid(pid, &status, wait ? 0 : WNOHANG)
                if result < 0, errno == EINTR { continue }
                guard result == pid else { return result < 0 ? .exited(-1) : nil }
                break
            }
            if status & 0x7f == 0 { return .exited((status >> 8) & 0xff) }
            return .signaled(status & 0x7f)
        }

        /// Waits for `pid` to exit, polling every millisecond, until `deadline`.
        private static func reapUntil(_ pid: pid_t, deadline: Double) -> CommandOutcome.End? {
            while Monotonic.now() < deadline {
                if let end = reap(pid, wait: false) { return end }
                var pause = timespec(tv_sec: 0, tv_nsec: 500_000)
                nanosleep(&pause, nil)
            }
            return nil
        }
    }
}

extension String {
    /// The text up to its first replacement character (a UTF-8 sequence cut at the end of a buffer).
    fileprivate var validUTF8Prefix: String {
        guard let bad = firstIndex(of: "\u{FFFD}") else { return self }
        return String(self[..<bad])
    }
}
