extension SinkConfig {
    /// Whether the sink's messages go through the outbox (webhook, command, email; an unavailable one waits there).
    package var isQueued: Bool {
        switch self {
        case .stdout, .file: return false
        case .webhook, .command, .email, .unavailable: return true
        }
    }

    /// `group: true`: one message per pass holding all the sink's alerts.
    package var group: Bool { queueOptions?.group ?? false }

    /// The sink's quiet hours, if any.
    package var quietHours: QuietHours? { queueOptions?.quietHours }

    /// `group` and `quiet_hours` of a webhook, command or email sink.
    private var queueOptions: (group: Bool, quietHours: QuietHours?)? {
        switch self {
        case .webhook(let c): (c.group, c.quietHours)
        case .command(let c): (c.group, c.quietHours)
        case .email(let c): (c.group, c.quietHours)
        case .stdout, .file, .unavailable: nil
        }
    }

    /// The sink's type as rules.json names it.
    package var typeName: String {
        switch self {
        case .stdout: return "stdout"
        case .file: return "file"
        case .webhook: return "webhook"
        case .command: return "command"
        case .email: return "email"
        case .unavailable(let type, _): return type
        }
    }
}
