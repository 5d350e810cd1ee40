/// A `command` sink: a program run once per alert, without a shell (SPEC §3).
public struct CommandConfig: Sendable, Equatable {
    /// The program and its arguments; items may hold message placeholders (`{symbol}`). The program
    /// is looked up in `PATH` unless it holds a `/` (then resolved against rules.json's folder).
    public var argv: [String]
    /// Seconds the program may run before its process group is killed; default 10.
    public var timeout: Double = 10
    public var group: Bool = false
    public var quietHours: QuietHours?
    /// `env`: names of variables of coinwatch's environment the program gets besides `COINWATCH_*`,
    /// `PATH`, `HOME`, `LANG`, `LC_*` and `TZ` (`CommandInvocation.inherited`).
    public var passedVariables: [String] = []

    public init(argv: [String]) {
        self.argv = argv
    }
}
