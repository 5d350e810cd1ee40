/// A `command` sink: a program run once per alert, without a shell (SPEC §3).
package struct CommandConfig: Sendable, Equatable {
    /// The program and its arguments; items may hold message placeholders (`{symbol}`). The program
    /// is looked up in `PATH` unless it holds a `/` (then resolved against rules.json's folder).
    package var argv: [String]
    /// Seconds the program may run before its process group is killed; default 10.
    package var timeout: Double = 10
    package var group: Bool = false
    package var quietHours: QuietHours?
    /// `env`: names of variables of coinwatch's environment the program gets besides `COINWATCH_*`,
    /// `PATH`, `HOME`, `LANG`, `LC_*` and `TZ` (`CommandInvocation.inherited`).
    package var passedVariables: [String] = []
}
