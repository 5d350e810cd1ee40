/// The PEM bundle an https transfer trusts beside the system's roots (SPEC §6): the endpoint's
/// `ca_file`, else `$SSL_CERT_FILE`, else none; it only adds trust, verification always stays on.
package enum TrustedBundle {
    /// The environment variable that names a PEM bundle every https transfer trusts.
    package static let variable = "SSL_CERT_FILE"

    /// `$SSL_CERT_FILE` from `environment`; nil when unset or empty.
    package static func fromEnvironment(_ environment: [String: String]) -> String? {
        environment[variable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The one bundle a transfer trusts (libcurl's `CURLOPT_CAINFO` takes one file): its own, else `fallback`.
    package static func chosen(own: String?, fallback: String?) -> String? {
        own ?? fallback
    }
}
