import CoinWatchSupport
import CCurl

/// libcurl's process-wide setup, done once. The library itself is opened on first use (see
/// `Sources/CCurl/shim.h`), so commands that never transfer anything never load it.
package enum CurlGlobal {
    /// Whether libcurl was loaded and `curl_global_init` succeeded; runs on first use, once,
    /// thread-safely (Swift lazy globals).
    static let isReady: Bool = cw_global_init() == CURLE_OK

    /// Why no transfer can be made: libcurl missing, or its set-up failing.
    static var unavailable: String {
        let why = String(cString: cw_curl_load_error())
        guard !why.isEmpty else { return "libcurl could not be initialised" }
        return "libcurl could not be loaded (\(why)); install it with 'apt install libcurl4' or set COINWATCH_LIBCURL to its path"
    }
}
