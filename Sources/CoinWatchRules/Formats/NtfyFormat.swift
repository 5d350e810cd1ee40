/// ntfy (SPEC §3): the text as the body with `Title`/`Priority`/`Tags` headers; the chart as a PUT.
package enum NtfyFormat: SinkFormat {
    package static let name = "ntfy"
    package static let carriesChart = true
    package static let example = #""ntfy":     {"type": "webhook", "format": "ntfy", "url": "https://ntfy.sh/${NTFY_TOPIC}", "quiet_hours": "23:00-07:00"}"#
}
