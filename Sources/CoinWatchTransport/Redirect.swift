/// Redirects, followed by hand and only to the same scheme, host and port (SPEC §6), so an API key
/// never reaches another host (libcurl's own following strips only Authorization and Cookie).
package enum Redirect {
    /// The most redirects followed for one request.
    static let maxHops = 5

    /// What follows `response` to `request`: nil when it is the answer (no redirect, or not followed),
    /// the request to send next, or the refusal (against the host the redirect pointed to).
    static func next(after response: HTTPResponse, to request: HTTPRequest) -> Result<HTTPRequest, TransportError>? {
        guard request.followsRedirects, [301, 302, 303, 307, 308].contains(response.status),
              let location = response.header("location"), !location.isEmpty else { return nil }
        let target = resolve(location, against: request.url)
        let from = URLParts(request.url), to = URLParts(target)
        guard to.scheme == "http" || to.scheme == "https" else {
            return .failure(.redirect(host: to.host.isEmpty ? request.host : to.hostAndPort,
                                      message: "refused a redirect to a scheme other than http or https"))
        }
        guard to.scheme == from.scheme, to.host.lowercased() == from.host.lowercased(),
              effectivePort(to) == effectivePort(from) else {
            return .failure(.redirect(host: to.hostAndPort, message: refusal(from: from, to: to)))
        }
        var next = request
        next.url = target
        next.displayURL = nil
        if response.status == 303, request.method.uppercased() != "HEAD" {
            next.method = "GET"
            next.body = nil
        }
        return .success(next)
    }

    /// Why a redirect to another origin was refused, naming where it came from and where it went.
    static func refusal(from: URLParts, to: URLParts) -> String {
        let what = to.scheme == "http" && from.scheme == "https" ? "from https to http" : "to another host, scheme or port"
        return "refused a redirect \(what) (from \(from.scheme)://\(from.hostAndPort)): coinwatch never sends a request's "
            + "API key or Authorization elsewhere; set base_url to the address that answers"
    }

    /// The port a URL connects to: the written one, else the scheme's default.
    private static func effectivePort(_ parts: URLParts) -> String {
        parts.port ?? (parts.scheme == "https" ? "443" : "80")
    }

    /// `location` made absolute against `base`: an absolute URL as is, `//host/…` with the base's
    /// scheme, `/path` on the base's origin, anything else relative to the base's folder.
    package static func resolve(_ location: String, against base: String) -> String {
        let parts = URLParts(location)
        if !parts.scheme.isEmpty, location.dropFirst(parts.scheme.count).hasPrefix(":") { return location }
        let baseParts = URLParts(base)
        if location.hasPrefix("//") { return baseParts.scheme + ":" + location }
        let origin = baseParts.scheme + "://" + (baseParts.userinfo.map { $0 + "@" } ?? "") + baseParts.hostAndPort
        if location.hasPrefix("/") { return origin + location }
        if location.hasPrefix("?") { return origin + baseParts.path + location }
        let folder = baseParts.path.lastIndex(of: "/").map { String(baseParts.path[...$0]) } ?? "/"
        return origin + folder + location
    }
}
