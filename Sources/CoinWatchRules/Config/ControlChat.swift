/// One chat under `control` (SPEC §13): the sink that gives its credentials and chat, and who may command.
package struct ControlChat: Sendable, Equatable {
    /// The name of a webhook sink of the `control` key's format.
    package var sink: String
    /// Senders who may use the read commands, as the format's `ControlFormat.sender` gives them.
    package var users: [String]
    /// Senders who may use every command.
    package var admins: [String]
    /// Why chat control is off for this chat in this run (an unset `${…}` in it; `reason` names the variable, never a
    /// value); nil: it is on.
    package var unavailable: String?

    package init(sink: String, users: [String] = [], admins: [String] = [], unavailable: String? = nil) {
        self.sink = sink
        self.users = users
        self.admins = admins
        self.unavailable = unavailable
    }

    /// What `sender` may do: deny by default, read for users, everything for admins.
    package func role(of sender: String) -> ControlRole {
        if admins.contains(sender) { return .admin }
        if users.contains(sender) { return .user }
        return .none
    }
}

/// What a sender may do in a control chat.
package enum ControlRole: Sendable, Equatable, Comparable {
    case none, user, admin
}
