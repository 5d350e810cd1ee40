import CCurl

/// One libcurl multi handle that drives its easy handles concurrently to completion; freed in `deinit`.
final class CurlMulti {
    private let handle: UnsafeMutableRawPointer
    /// Added transfers by their `CURL *`, with the caller's index for each.
    private var transfers: [UnsafeMutableRawPointer: (index: Int, easy: CurlEasy)] = [:]

    /// Creates the multi handle, or returns nil when libcurl cannot.
    init?() {
        guard let handle = cw_multi_init() else { return nil }
        self.handle = handle
    }

    deinit {
        for key in transfers.keys { cw_multi_remove_handle(handle, key) }
        cw_multi_cleanup(handle)
    }

    /// Adds a configured transfer; `index` comes back to `run`'s callback when it completes.
    func add(_ easy: CurlEasy, index: Int) throws(TransportError) {
        let code = cw_multi_add_handle(handle, easy.handle)
        guard code == CURLM_OK else {
            throw .internal(host: easy.request.host, message: "curl_multi_add_handle: \(Self.text(code))")
        }
        transfers[easy.handle] = (index, easy)
    }

    /// Runs every added transfer, calling `done` with the index, handle and result code of each as it ends, until they
    /// all did or `abandon` (asked at least once a second) says to stop; throws when the multi handle fails; a transfer
    /// that never finished gets no callback.
    func run(abandon: (() -> Bool)? = nil, _ done: (Int, CurlEasy, CURLcode) -> Void) throws(TransportError) {
        var running: Int32 = 0
        while true {
            let performed = cw_multi_perform(handle, &running)
            guard performed == CURLM_OK else { throw .internal(host: "", message: "curl_multi_perform: \(Self.text(performed))") }
            collectFinished(done)
            if running == 0 || transfers.isEmpty || abandon?() == true { break }
            let polled = cw_multi_poll(handle, 1000)
            guard polled == CURLM_OK else { throw .internal(host: "", message: "curl_multi_poll: \(Self.text(polled))") }
        }
        collectFinished(done)
    }

    private func collectFinished(_ done: (Int, CurlEasy, CURLcode) -> Void) {
        var queued: Int32 = 0
        while let message = cw_multi_info_read(handle, &queued) {
            guard cw_msg_is_done(message) != 0, let key = message.pointee.easy_handle,
                  let transfer = transfers.removeValue(forKey: key) else { continue }
            cw_multi_remove_handle(handle, key)
            done(transfer.index, transfer.easy, cw_msg_result(message))
        }
    }

    private static func text(_ code: CURLMcode) -> String {
        String(cString: cw_multi_strerror(code))
    }
}
