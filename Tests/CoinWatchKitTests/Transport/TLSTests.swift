import Testing
@testable import CoinWatchKit

/// TLS verification is always on; a `ca_file` adds trust (SPEC §6).
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
}
