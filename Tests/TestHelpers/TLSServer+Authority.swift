import Foundation

extension TLSServer {
    /// A certificate and its private key, both PEM files.
    struct KeyPair {
        var certificate: String
        var key: String
    }

    /// Writes a fresh test certificate authority (P-256, valid 2 days) into `folder`: `ca.pem`, `ca-key.pem`.
    static func makeAuthority(in folder: String) throws -> KeyPair {
        let made = KeyPair(certificate: folder + "/ca.pem", key: folder + "/ca-key.pem")
        try run(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                 "-keyout", made.key, "-out", made.certificate, "-days", "2", "-subj", "/CN=coinwatch test CA"])
        return made
    }

    /// Writes a server certificate for DNS name `host` signed by `authority` (valid 2 days) into
    /// `folder`: `leaf.pem`, `leaf-key.pem`.
    static func makeLeaf(for host: String, signedBy authority: KeyPair, in folder: String) throws -> KeyPair {
        let made = KeyPair(certificate: folder + "/leaf.pem", key: folder + "/leaf-key.pem")
        let request = folder + "/leaf.csr", extensions = folder + "/leaf.ext"
        try "subjectAltName=DNS:\(host)\nbasicConstraints=critical,CA:FALSE\nextendedKeyUsage=serverAuth\n"
            .write(toFile: extensions, atomically: true, encoding: .utf8)
        try run(["req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                 "-keyout", made.key, "-out", request, "-subj", "/CN=\(host)"])
        try run(["x509", "-req", "-in", request, "-CA", authority.certificate, "-CAkey", authority.key,
                 "-CAcreateserial", "-out", made.certificate, "-days", "2", "-extfile", extensions])
        return made
    }
}
