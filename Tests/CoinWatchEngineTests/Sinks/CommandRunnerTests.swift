@testable import CoinWatchEngine
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `CommandRunner` against real programs.
@Suite struct CommandRunnerTests {
    /// A program that closes its stdin and exits while coinwatch still has input for it: the write
    /// fails with EPIPE and the exit status is reported; the SIGPIPE it raises must not end the
    /// process (it did: CI's `aProgramThatExitsSeventyFiveForever…` saw the second pass end by signal 13).
    /// A megabyte of input outruns the pipe's buffer, so the write is still pending when the pipe closes.
    @Test func aProgramThatClosesItsStdinEarlyIsReportedNotFatal() {
        let invocation = CommandInvocation(argv: ["/bin/sh", "-c", "exec 0<&-; sleep 1; exit 75"], environment: [:],
                                           stdin: [UInt8](repeating: 0x61, count: 1 << 20), timeout: 10)
        #expect(CommandRunner.run(invocation).end == .exited(75))
        #expect(CommandRunner.run(invocation).end == .exited(75), "and again: no SIGPIPE left pending")
    }

    /// The program gets stdin, stdout and stderr and nothing else of the process that runs it, even a
    /// descriptor opened without O_CLOEXEC.
    @Test func theProgramGetsOnlyItsThreeDescriptors() throws {
        let leaked = open("/dev/null", O_RDONLY)
        try #require(leaked > 2)
        defer { close(leaked) }
        let invocation = CommandInvocation(argv: ["/bin/sh", "-c", "ls /proc/$$/fd"], environment: [:], stdin: [], timeout: 10)
        let outcome = CommandRunner.run(invocation)
        #expect(outcome.end == .exited(0))
        #expect(outcome.output.split(separator: "\n").sorted() == ["0", "1", "2"], "\(outcome.output)")
    }
}
