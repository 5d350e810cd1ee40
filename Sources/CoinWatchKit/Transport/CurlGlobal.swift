import CCurl

/// libcurl's process-wide setup, done once.
enum CurlGlobal {
    /// Whether `curl_global_init` succeeded; runs on first use, once, thread-safely (Swift lazy globals).
    static let isReady: Bool = cw_global_init() == CURLE_OK
}
