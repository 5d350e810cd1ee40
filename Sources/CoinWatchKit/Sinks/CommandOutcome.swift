/// How one run of a command sink's program ended, and what it printed (bounded).
public struct CommandOutcome: Sendable, Equatable {
    public enum End: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signaled(Int32)
        /// It outran its timeout (seconds) and its process group was killed.
        case timedOut(Double)
        /// It could not be started: the reason (`No such file or directory`).
        case notStarted(String)
    }

    public var end: End
    /// The start of what it wrote to stdout and stderr (at most `CommandRunner.keptOutput` bytes, valid UTF-8).
    public var output: String
    /// Bytes of output beyond what was kept.
    public var outputDropped: Int

    public init(end: End, output: String = "", outputDropped: Int = 0) {
        self.end = end
        self.output = output
        self.outputDropped = outputDropped
    }
}
