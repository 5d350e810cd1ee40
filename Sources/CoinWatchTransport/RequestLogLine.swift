/// The `-v` line for one finished request: method, redacted URL, outcome, time and size.
enum RequestLogLine {
    /// Longest URL shown before it is cut with `…`, in characters.
    static let maxURLLength = 160

    /// `GET https://api.example.com/coins/markets?ids=… → 200 in 35 ms, 4.1 KB`, or `→ failed in … ms: reason`.
    static func make(_ request: HTTPRequest, _ result: Result<HTTPResponse, TransportError>, milliseconds: Int) -> String {
        var url = request.loggableURL
        if url.count > maxURLLength { url = url.prefix(maxURLLength - 1) + "…" }
        let head = "\(request.method.uppercased()) \(url) →"
        switch result {
        case .success(let response):
            let status = response.status == 0 ? "read" : String(response.status)
            return "\(head) \(status) in \(milliseconds) ms, \(size(response.body.count))"
        case .failure(let error):
            return "\(head) failed in \(milliseconds) ms: \(error.message)"
        }
    }

    /// A byte count as `512 B`, `4.1 KB` or `2.0 MB` (1 KB = 1024 bytes).
    static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        let (unit, divisor) = bytes < 1024 * 1024 ? ("KB", 1024) : ("MB", 1024 * 1024)
        let tenths = (bytes * 10 + divisor / 2) / divisor
        return "\(tenths / 10).\(tenths % 10) \(unit)"
    }
}
