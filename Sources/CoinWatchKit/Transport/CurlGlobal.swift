import CCurl
#if canImport(Glibc)
import Glibc
#endif

/// libcurl's process-wide setup, done once. The library itself is opened on first use (see
/// `Sources/CCurl/shim.h`), so commands that never transfer anything never load it.
enum CurlGlobal {
    /// Whether libcurl was loaded and `curl_global_init` succeeded; runs on first use, once,
    /// thread-safely (Swift lazy globals).
    static let isReady: Bool = cw_global_init() == CURLE_OK

    /// Why no transfer can be made: libcurl missing, or its set-up failing.
    static var unavailable: String {
        let why = String(cString: cw_curl_load_error())
        guard !why.isEmpty else { return "libcurl could not be initialised" }
        return "libcurl could not be loaded (\(why)); install it with 'apt install libcurl4' or set COINWATCH_LIBCURL to its path"
    }

    /// Opens libcurl on a thread of its own, so that a command which will transfer soon does not
    /// wait for the library and its dependencies to load when it gets there.
    static func warmUp() {
        var thread = pthread_t()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        _ = pthread_create(&thread, &attributes, { _ in
            _ = CurlGlobal.isReady
            return nil
        }, nil)
    }
}
