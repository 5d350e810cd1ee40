import Foundation

/// Runs the built binary on a pseudo-terminal (Python's `pty`), answering each prompt as it appears,
/// as a person at a terminal would.
enum PseudoTerminal {
    /// What the terminal showed (CR LF read as LF) and the exit status (-1 when it never ended).
    struct Session {
        var screen: String
        var status: Int
    }

    /// Runs `coinwatch args` with `environment` added to `Binary`'s minimal one; each answer is typed
    /// once its prompt has appeared (after the previous one). Gives up after `timeout` seconds.
    static func run(_ args: [String], answers: [(prompt: String, answer: String)], environment: [String: String],
                    in folder: TempDir, timeout: Double = 30) throws -> Session {
        let driver = try folder.write("terminal.py", #"""
        import json, os, pty, select, signal, sys, time
        argv, answers, limit = json.loads(sys.argv[1]), json.loads(sys.argv[2]), float(sys.argv[3])
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(argv[0], argv)
        out, at, deadline = b"", 0, time.monotonic() + limit
        while time.monotonic() < deadline:
            if answers and answers[0][0].encode() in out[at:]:
                at = out.index(answers[0][0].encode(), at) + 1
                os.write(fd, answers.pop(0)[1].encode() + b"\n")
            ready, _, _ = select.select([fd], [], [], 0.2)
            if ready:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    break
                if not data:
                    break
                out += data
        else:
            os.kill(pid, signal.SIGKILL)
            deadline = None
        _, status = os.waitpid(pid, 0)
        sys.stdout.write(out.decode("utf-8", "replace").replace("\r\n", "\n"))
        sys.stdout.write("\nSTATUS=%d\n" % (os.waitstatus_to_exitcode(status) if deadline else -1))
        """#)
        let argv = String(decoding: try JSONSerialization.data(withJSONObject: [Binary.path] + args), as: UTF8.self)
        let pairs = String(decoding: try JSONSerialization.data(withJSONObject: answers.map { [$0.prompt, $0.answer] }), as: UTF8.self)
        let run = try Shell.run("python3", [driver, argv, pairs, String(timeout)], environment: Binary.environment(adding: environment),
                                timeout: timeout + 30)
        let status = run.stdout.split(separator: "\n").last.flatMap { Int($0.dropFirst("STATUS=".count)) } ?? -1
        return Session(screen: run.stdout, status: status)
    }
}
