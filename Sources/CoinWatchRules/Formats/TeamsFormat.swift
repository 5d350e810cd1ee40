/// Microsoft Teams Workflows (SPEC §3): a message holding an Adaptive Card; no image.
package enum TeamsFormat: SinkFormat {
    package static let name = "teams"
    package static let example = #""teams":    {"type": "webhook", "format": "teams", "url": "${TEAMS_WORKFLOW_URL}"}"#
}
