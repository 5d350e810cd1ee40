import CoinWatchSupport
import CCurl

extension CurlEasy {
    /// Where OpenSSL finds the system's trusted roots when `CURLOPT_CAINFO` points at an extra bundle.
    static let systemCAPath = "/etc/ssl/certs"

    /// Sets every option the request needs: URL, protocols, TLS, timeouts, callbacks, then a mail
    /// request's envelope (`configureMail`) or an HTTP request's method, body and headers.
    func configure(userAgent: String) throws(TransportError) {
        try setCommon(protocols: request.mail == nil ? "http,https,file" : "smtp,smtps")
        try setCallbacks()
        if let mail = request.mail { return try configureMail(mail) }
        // Redirects are followed by hand (`Redirect`), so no header ever goes to another origin.
        try set(CURLOPT_FOLLOWLOCATION, 0)
        try set(CURLOPT_USERAGENT, userAgent)
        try set(CURLOPT_ACCEPT_ENCODING, "")
        try check(cw_setopt_off(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maxBodyBytes)), CURLOPT_MAXFILESIZE_LARGE)
        try setMethodAndBody()
        try setHeaders()
    }

    /// Sets what every transfer (HTTP, mail, `CurlStream`) gets: URL, `protocols`, no signals, TLS
    /// verification on (`caFile` adds trust), the request's timeouts and the error buffer.
    func setCommon(protocols: String) throws(TransportError) {
        try set(CURLOPT_URL, request.url)
        try set(CURLOPT_PROTOCOLS_STR, protocols)
        try check(cw_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer), CURLOPT_ERRORBUFFER)
        try set(CURLOPT_NOSIGNAL, 1)
        try set(CURLOPT_SSL_VERIFYPEER, 1)
        try set(CURLOPT_SSL_VERIFYHOST, 2)
        if let caFile = request.caFile {
            // OpenSSL opens the bundle itself, blocking: a FIFO there would hang the transfer and its state lock.
            if !request.url.lowercased().hasPrefix("http:"), !request.url.lowercased().hasPrefix("file:"),
               case .notRegular(let kind)? = POSIXFile.refusal(at: caFile) {
                throw .tls(host: request.host, message: Self.unusableBundle(caFile, kind: kind))
            }
            try set(CURLOPT_CAINFO, caFile)
            try set(CURLOPT_CAPATH, Self.systemCAPath)
        }
        try set(CURLOPT_TIMEOUT_MS, Self.milliseconds(request.timeout))
        try set(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(request.connectTimeout))
    }

    func setCallbacks() throws(TransportError) {
        let userdata = Unmanaged.passUnretained(self).toOpaque()
        try check(cw_setopt_write_function(handle) { data, size, count, userdata in
            guard let userdata else { return 0 }
            let easy = Unmanaged<CurlEasy>.fromOpaque(userdata).takeUnretainedValue()
            return easy.receiveBody(UnsafeRawBufferPointer(start: data, count: size * count))
        }, CURLOPT_WRITEFUNCTION)
        try check(cw_setopt_pointer(handle, CURLOPT_WRITEDATA, userdata), CURLOPT_WRITEDATA)
        try check(cw_setopt_header_function(handle) { data, size, count, userdata in
            guard let userdata else { return 0 }
            let easy = Unmanaged<CurlEasy>.fromOpaque(userdata).takeUnretainedValue()
            return easy.receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count))
        }, CURLOPT_HEADERFUNCTION)
        try check(cw_setopt_pointer(handle, CURLOPT_HEADERDATA, userdata), CURLOPT_HEADERDATA)
    }

    private func setMethodAndBody() throws(TransportError) {
        let method = request.method.uppercased()
        switch method {
        case "GET" where request.body == nil:
            try set(CURLOPT_HTTPGET, 1)
        case "HEAD":
            try set(CURLOPT_NOBODY, 1)
        default:
            if method != "POST" { try set(CURLOPT_CUSTOMREQUEST, method) }
            let body = request.body ?? []
            try check(cw_setopt_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)),
                      CURLOPT_POSTFIELDSIZE_LARGE)
            // COPYPOSTFIELDS copies exactly POSTFIELDSIZE bytes, so binary bodies are safe.
            let code = body.withUnsafeBytes { bytes in
                bytes.baseAddress.map { cw_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: $0)) }
                    ?? cw_setopt_string(handle, CURLOPT_COPYPOSTFIELDS, "")
            }
            try check(code, CURLOPT_COPYPOSTFIELDS)
        }
    }

    private func setHeaders() throws(TransportError) {
        var lines = request.headers.map { header in
            // A CR or LF in a name or value would let it smuggle headers; replace them.
            let name = header.name.filter { $0 != "\r" && $0 != "\n" && $0 != "\r\n" }
            let value = String(header.value.map { $0 == "\r" || $0 == "\n" || $0 == "\r\n" ? " " : $0 })
            return value.isEmpty ? "\(name);" : "\(name): \(value)"
        }
        if !request.headers.contains(where: { $0.name.lowercased() == "expect" }) {
            lines.append("Expect:")   // no 100-continue round trip before a POST body
        }
        headerList = try list(lines, what: "request headers")
        try check(cw_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList), CURLOPT_HTTPHEADER)
    }

    /// A new libcurl string list of `lines`, freed by the caller; throws `.internal` when out of memory.
    func list(_ lines: [String], what: String) throws(TransportError) -> UnsafeMutablePointer<curl_slist>? {
        var list: UnsafeMutablePointer<curl_slist>?
        for line in lines {
            guard let longer = cw_slist_append(list, line) else {
                cw_slist_free_all(list)
                throw .internal(host: request.host, message: "out of memory building \(what)")
            }
            list = longer
        }
        return list
    }

    /// Sets a long option; throws `.internal` when libcurl refuses it.
    func set(_ option: CURLoption, _ value: Int) throws(TransportError) {
        try check(cw_setopt_long(handle, option, value), option)
    }

    /// Sets a string option; throws `.internal` when libcurl refuses it.
    func set(_ option: CURLoption, _ value: String) throws(TransportError) {
        try check(cw_setopt_string(handle, option, value), option)
    }

    /// Maps a refused option to `.internal`.
    func check(_ code: CURLcode, _ option: CURLoption) throws(TransportError) {
        guard code == CURLE_OK else {
            throw .internal(host: request.host,
                            message: "libcurl refused option \(option.rawValue): \(String(cString: cw_easy_strerror(code)))")
        }
    }

    /// Seconds as whole milliseconds, at least 1 (libcurl reads 0 as "no limit").
    static func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite else { return Int(Int32.max) }
        return max(1, min(Int(Int32.max), Int((seconds * 1000).rounded())))
    }
}
