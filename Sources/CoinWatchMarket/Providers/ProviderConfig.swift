/// One entry of `providers`.
package struct ProviderConfig: Sendable, Equatable {
    package var name: ProviderName
    /// Replaces the public API root.
    package var baseURL: String?
    /// Name of the environment variable that holds the API key (never the key).
    package var apiKeyEnv: String?
    /// Seconds a response is reused; default 60.
    package var cacheTTL: Double = 60
    /// Seconds per request; default 10.
    package var timeout: Double = 10
    /// PEM bundle trusted in addition to the system's.
    package var caFile: String?
    /// The WebSocket root `stream` connects to instead of the exchange's public one (SPEC §9).
    package var wsURL: String?
    /// `stream_throttle`: `stream` evaluates a coin of this provider's feed at most once per this many
    /// seconds, coalescing the prices between (their low and high kept); nil evaluates every message.
    package var streamThrottle: Double?

    package init(name: ProviderName, baseURL: String? = nil, apiKeyEnv: String? = nil,
                cacheTTL: Double = 60, timeout: Double = 10, caFile: String? = nil, wsURL: String? = nil,
                streamThrottle: Double? = nil) {
        self.name = name
        self.baseURL = baseURL
        self.apiKeyEnv = apiKeyEnv
        self.cacheTTL = cacheTTL
        self.timeout = timeout
        self.caFile = caFile
        self.wsURL = wsURL
        self.streamThrottle = streamThrottle
    }
}

extension [ProviderConfig] {
    /// The settings of provider `name` among these (rules.json's `providers`), else its defaults.
    package func config(_ name: ProviderName) -> ProviderConfig {
        first { $0.name == name } ?? ProviderConfig(name: name)
    }
}
