/// The signals loop mode acts on.
package struct LoopSignals: OptionSet, Sendable {
    package let rawValue: Int32
    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// SIGINT or SIGTERM: finish the pass in progress, then exit 0.
    package static let stop = LoopSignals(rawValue: 1)
    /// SIGHUP: re-read rules.json before the next pass.
    package static let reload = LoopSignals(rawValue: 2)
    /// SIGWINCH (`watch` only): the terminal changed size; draw again.
    package static let resize = LoopSignals(rawValue: 4)
}
