/// The longest value each duration key of rules.json (and `--interval`) accepts, in seconds; a longer
/// one is a typo that would overflow the clocks it feeds, so it is an error (exit 65).
package enum DurationLimits {
    /// Any duration at all: 100 years (the parser refuses more, whatever the key).
    package static let absolute: Double = 100 * 365 * 86_400

    /// Key → its maximum: `timeout` 10m, `interval` and `cache_ttl` 1d, `for` 30d, `cooldown`,
    /// `repeat_every` and `within` 400d, `stream_throttle` 60s.
    package static let maxima: [String: Double] = [
        "timeout": 600,
        "interval": 86_400,
        "listing_interval": 86_400,
        "cache_ttl": 86_400,
        "for": 30 * 86_400,
        "cooldown": 400 * 86_400,
        "repeat_every": 400 * 86_400,
        "within": 400 * 86_400,
        "stream_throttle": 60,
    ]

    /// Keys whose duration must be longer than zero (`0s` is an error); the others take `0` for none.
    package static let positive: Set<String> = ["timeout", "interval", "listing_interval", "repeat_every", "within"]

    /// The maximum for the key at the end of `path` (`rules[2].cooldown` → 400d); `absolute` for any other.
    package static func maximum(at path: String) -> Double {
        let key = path.split(separator: ".").last.map(String.init) ?? path
        return maxima[key] ?? absolute
    }

    /// Whether the key at the end of `path` takes only durations longer than zero.
    package static func isPositive(at path: String) -> Bool {
        positive.contains(path.split(separator: ".").last.map(String.init) ?? path)
    }
}
