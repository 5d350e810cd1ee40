import CCurl

/// One libcurl easy handle and the buffers its callbacks fill; the handle is freed in `deinit`.
final class CurlEasy {
    /// The `CURL *` handle.
    let handle: UnsafeMutableRawPointer
    /// The request this handle performs.
    let request: HTTPRequest
    /// The largest body accepted, in bytes.
    let maxBodyBytes: Int
    /// The body received so far (decompressed).
    private(set) var body: [UInt8] = []
    /// Headers of the latest response (lowercased names, last value wins).
    private(set) var headers: [String: String] = [:]
    /// Whether the write callback refused data because the body outgrew `maxBodyBytes`.
    private(set) var exceededCap = false
    /// `CURLOPT_ERRORBUFFER` storage.
    let errorBuffer: UnsafeMutablePointer<CChar>
    /// The custom header list, owned by this handle.
    var headerList: UnsafeMutablePointer<curl_slist>?
    /// A mail request's recipient list, owned by this handle.
    var recipientList: UnsafeMutablePointer<curl_slist>?
    /// How many bytes of a mail request's body libcurl has read so far.
    var uploadOffset = 0

    /// Creates the handle, or returns nil when libcurl cannot.
    init?(request: HTTPRequest, maxBodyBytes: Int) {
        guard let handle = cw_easy_init() else { return nil }
        self.handle = handle
        self.request = request
        self.maxBodyBytes = maxBodyBytes
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        cw_easy_cleanup(handle)
        cw_slist_free_all(headerList)
        cw_slist_free_all(recipientList)
        errorBuffer.deallocate()
    }

    /// The text libcurl left in the error buffer, or its generic text for `code`.
    func errorText(_ code: CURLcode) -> String {
        let text = Self.trimmed(String(cString: errorBuffer))
        return text.isEmpty ? String(cString: cw_easy_strerror(code)) : text
    }

    /// Appends body bytes; returns how many were taken (fewer aborts the transfer).
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard body.count + bytes.count <= maxBodyBytes else {
            exceededCap = true
            return 0
        }
        body.append(contentsOf: bytes)
        return bytes.count
    }

    /// Records one header line; a status line starts a new header set (redirects, 1xx answers).
    func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Int {
        let line = Self.trimmed(String(decoding: bytes, as: UTF8.self))
        if line.hasPrefix("HTTP/") {
            headers = [:]
        } else if let colon = line.firstIndex(of: ":") {
            let name = Self.trimmed(line[..<colon]).lowercased()
            if !name.isEmpty {
                headers[name] = Self.trimmed(line[line.index(after: colon)...])
            }
        }
        return bytes.count
    }

    /// The text without leading and trailing spaces, tabs, CR and LF.
    private static func trimmed(_ text: some StringProtocol) -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
        let start = text.firstIndex { !blank($0) } ?? text.endIndex
        let end = text.lastIndex { !blank($0) }.map(text.index(after:)) ?? start
        return String(text[start..<end])
    }
}
