@testable import CoinWatchRules

/// The registered formats by name, for tests that build a sink's config directly.
extension WebhookConfig.Format {
    static let slack = Self(SlackFormat.self)
    static let discord = Self(DiscordFormat.self)
    static let telegram = Self(TelegramFormat.self)
    static let ntfy = Self(NtfyFormat.self)
    static let teams = Self(TeamsFormat.self)
    static let pushover = Self(PushoverFormat.self)
    static let gotify = Self(GotifyFormat.self)
    static let matrix = Self(MatrixFormat.self)
    static let json = Self(JSONFormat.self)
}
