extension CommandContext {
    /// This invocation's color policy.
    public var color: ColorPolicy {
        ColorPolicy(mode: arguments.color, environment: io.environment, isTTY: io.stdoutIsTTY)
    }
}
