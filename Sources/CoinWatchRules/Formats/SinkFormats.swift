/// The registry of webhook formats (SPEC §3): one line per format. Everything that lists formats
/// (`check`, `init --sink`, completions, rules.schema.json, the docs test) reads this list.
package enum SinkFormats {
    /// Every format, in the order lists show them.
    package static let all: [any SinkFormat.Type] = [
        SlackFormat.self,
        DiscordFormat.self,
        TelegramFormat.self,
        NtfyFormat.self,
        TeamsFormat.self,
        PushoverFormat.self,
        GotifyFormat.self,
        MatrixFormat.self,
        GoogleChatFormat.self,
        MattermostFormat.self,
        JSONFormat.self,
    ]

    /// The names, in order.
    package static var names: [String] { all.map { $0.name } }

    /// The formats that carry a chart image, for `check`'s warning.
    package static var chartCarriers: [String] { all.filter { $0.carriesChart }.map { $0.name } }

    /// The formats whose chats can be under `control` (SPEC §13), in order.
    package static var controlled: [any ControlFormat.Type] { all.compactMap { $0 as? any ControlFormat.Type } }
}
