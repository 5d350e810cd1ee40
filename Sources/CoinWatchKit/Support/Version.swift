/// coinwatch's own version.
public enum Version {
    /// The version printed by `--version`, named in generated completions and sent in the User-Agent.
    public static let current = "0.1.0"
}
