/// rules.json `control` (SPEC §13): which chats may manage coinwatch, and who in them.
public struct ControlConfig: Sendable, Equatable {
    /// `control.telegram`; nil when absent.
    public var telegram: ControlChat?
    /// `control.matrix`; nil when absent.
    public var matrix: ControlChat?

    public init(telegram: ControlChat? = nil, matrix: ControlChat? = nil) {
        self.telegram = telegram
        self.matrix = matrix
    }
}

/// One chat service's control: the sink that gives its credentials and chat, and who may command.
public struct ControlChat: Sendable, Equatable {
    /// The name of a webhook sink of this service's format.
    public var sink: String
    /// Senders who may use the read commands (Telegram: numeric user ids as text; Matrix: `@user:server`).
    public var users: [String]
    /// Senders who may use every command.
    public var admins: [String]

    public init(sink: String, users: [String] = [], admins: [String] = []) {
        self.sink = sink
        self.users = users
        self.admins = admins
    }

    /// What `sender` may do: deny by default, read for users, everything for admins.
    public func role(of sender: String) -> ControlRole {
        if admins.contains(sender) { return .admin }
        if users.contains(sender) { return .user }
        return .none
    }
}

/// What a sender may do in a control chat.
public enum ControlRole: Sendable, Equatable, Comparable {
    case none, user, admin
}
