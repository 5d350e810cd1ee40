import Testing
@testable import TestHelpers
@testable import CoinWatchTransport

/// TLS verification is always on; a `ca_file`, else `$SSL_CERT_FILE` (the transport's `caFile`), adds trust (SPEC §6).
@Suite struct TLSTests {
    @Test func selfSignedCertificateIsRefusedWithoutCAFile() throws {
        let server = try TLSServer()
        let result = CurlTransport().perform(HTTPRequest(url: server.baseURL + "/"))
        guard case .failure(.tls(let host, _)) = result else {
            Issue.record("expected a TLS error, got \(result)")
            return
        }
        #expect(host == "127.0.0.1:\(server.port)")
    }

    @Test func caFileAddsTrustInTheServersCertificate() throws {
        let server = try TLSServer()
        let response = try CurlTransport().perform(HTTPRequest(url: server.baseURL + "/", caFile: server.certificate)).get()
        #expect(response.status == 200)
    }

    @Test func hostNameIsStillCheckedWithCAFile() throws {
        let server = try TLSServer()
        let result = CurlTransport().perform(HTTPRequest(url: "https://localhost:\(server.port)/", caFile: server.certificate))
        guard case .failure(.tls) = result else {
            Issue.record("a certificate for 127.0.0.1 must not pass for localhost, got \(result)")
            return
        }
    }

    @Test func theTransportsCAFileAddsTrustToARequestWithoutItsOwn() throws {
        let server = try TLSServer()
        let response = try CurlTransport(caFile: server.certificate).perform(HTTPRequest(url: server.baseURL + "/")).get()
        #expect(response.status == 200)
    }

    /// libcurl takes one CA file: a request's own (rules.json `ca_file`) replaces the transport's.
    @Test func aRequestsOwnCAFileWinsOverTheTransports() throws {
        let server = try TLSServer(), other = try TLSServer()
        let own = CurlTransport(caFile: other.certificate).perform(HTTPRequest(url: server.baseURL + "/", caFile: server.certificate))
        #expect((try? own.get())?.status == 200, "\(own)")
        let replaced = CurlTransport(caFile: server.certificate).perform(HTTPRequest(url: server.baseURL + "/", caFile: other.certificate))
        guard case .failure(.tls) = replaced else {
            Issue.record("the request's own bundle, which does not hold the server's certificate, is the one used; got \(replaced)")
            return
        }
    }

    @Test func aCABundleThatCannotBeLoadedIsOneTLSErrorNamingIt() throws {
        let server = try TLSServer()
        let dir = try TempDir()
        let notPEM = try dir.write("ca.pem", "not a certificate\n")
        let cases = [(dir.path + "/missing.pem", "No such file or directory"), (dir.path, "it is a folder, not a PEM file"),
                     (notPEM, "no certificate in it could be read (PEM expected)")]
        for (path, why) in cases {
            let result = CurlTransport(caFile: path).perform(HTTPRequest(url: server.baseURL + "/"))
            guard case .failure(let error) = result else {
                Issue.record("expected a failure for \(path), got \(result)")
                continue
            }
            #expect(error.message == "127.0.0.1:\(server.port): TLS error: cannot load the CA bundle \(path) (ca_file or SSL_CERT_FILE): \(why)")
            #expect(!error.isRetryable)
        }
    }

    @Test func sslCertFileIsReadOnlyWhenSetAndNotEmpty() {
        #expect(TrustedBundle.fromEnvironment(["SSL_CERT_FILE": "/etc/corp-ca.pem"]) == "/etc/corp-ca.pem")
        #expect(TrustedBundle.fromEnvironment(["SSL_CERT_FILE": ""]) == nil)
        #expect(TrustedBundle.fromEnvironment([:]) == nil)
    }
}
