/// How one run of a command sink's program ended, and what it printed (bounded).
package struct CommandOutcome: Sendable, Equatable {
    package enum End: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signaled(Int32)
        /// It outran its timeout (seconds) and its process group was killed.
        case timedOut(Double)
        /// It could not be started: the reason (`No such file or directory`).
        case notStarted(String)
    }

    package var end: End
    /// The start of what it wrote to stdout and stderr (at most `CommandRunner.keptOutput` bytes, valid UTF-8).
    package var output = ""
    /// Bytes of output beyond what was kept.
    package var outputDropped = 0
}
