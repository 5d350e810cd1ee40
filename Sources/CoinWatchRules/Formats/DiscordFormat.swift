/// Discord webhooks (SPEC §3): embeds with a color bar, 2,000 characters; the chart as an attachment.
package enum DiscordFormat: SinkFormat {
    package static let name = "discord"
    package static let carriesChart = true
    package static let example = #""discord":  {"type": "webhook", "format": "discord", "url": "${DISCORD_WEBHOOK_URL}", "chart": "7d"}"#
}
