import Foundation

/// The first line of an outage (SPEC §6) without its `failing since HH:MM UTC: ` part, so a test can
/// compare the cause itself: `coinwatch: coingecko: failing since 12:01 UTC: X` reads `coinwatch: coingecko: X`.
func withoutOutageStart(_ line: String) -> String {
    guard let range = line.range(of: #"failing since \d\d:\d\d UTC: "#, options: .regularExpression) else { return line }
    return line.replacingCharacters(in: range, with: "")
}
