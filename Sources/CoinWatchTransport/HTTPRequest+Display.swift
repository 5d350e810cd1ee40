extension HTTPRequest {
    /// The host (and port when given) of `url`, without userinfo, path or query; a file URL gives its path.
    package static func host(of url: String) -> String {
        let parts = URLParts(url)
        if parts.scheme == "file" { return parts.path }
        return parts.host.isEmpty ? Redaction.url(url) : parts.hostAndPort
    }

    /// The host this request goes to, as error messages name it.
    package var host: String { Self.host(of: url) }

    /// The URL as logs may show it: `displayURL`, else the URL with secrets redacted.
    package var loggableURL: String { displayURL ?? Redaction.url(url) }
}
