import CoinWatchSupport
import CCurl

/// libcurl's process-wide setup, done once; `CCurl/shim.h` loads the library on first use only.
package enum CurlGlobal {
    /// Whether libcurl loaded and `curl_global_init` succeeded; evaluated once, thread-safely (a lazy global).
    static let isReady: Bool = cw_global_init() == CURLE_OK

    /// Why no transfer can be made: libcurl missing, or its set-up failing.
    static var unavailable: String {
        let why = String(cString: cw_curl_load_error())
        guard !why.isEmpty else { return "libcurl could not be initialised" }
        return "libcurl could not be loaded (\(why)); install it with 'apt install libcurl4' or set COINWATCH_LIBCURL to its path"
    }
}
