/// The process exit status of a command, named after its sysexits.h origin (SPEC §1).
package enum ExitCode: Int32, Sendable, Comparable {
    /// The command completed; every alert was delivered or safely queued.
    case success = 0
    /// A runtime failure: no quote for a favorite, an alert refused for good, state not written.
    case failure = 1
    /// EX_USAGE: bad command line.
    case usage = 64
    /// EX_DATAERR: invalid rules.json or state.json.
    case dataError = 65
    /// EX_NOINPUT: rules.json missing or unreadable.
    case noInput = 66
    /// EX_TEMPFAIL: another pass holds the state lock.
    case tempFail = 75

    package static func < (lhs: ExitCode, rhs: ExitCode) -> Bool { lhs.rawValue < rhs.rawValue }
}
