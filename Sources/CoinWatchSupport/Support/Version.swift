/// coinwatch's own version.
package enum Version {
    /// The version printed by `--version`, named in generated completions and sent in the User-Agent.
    package static let current = "0.1.0"
}
