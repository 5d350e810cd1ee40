import Foundation
import Testing
@testable import TestHelpers

/// `make install PREFIX=… DESTDIR=…` (SPEC §1, §11): the binary, both man pages, the completions,
/// and under share/ the example, the schema, the user guide and the service units — and
/// `make uninstall` takes them away again. Runs the Makefile's install recipe on the built binary.
@Suite struct InstallTests {
    private func make(_ target: String, destdir: String) throws -> Shell.Run {
        let built = URL(fileURLWithPath: Binary.path).deletingLastPathComponent().path
        return try Shell.run("make", ["-C", Fixtures.root, "--no-print-directory", target, "PREFIX=/opt/cw", "DESTDIR=" + destdir,
                                      "BUILT=" + built], timeout: 120)
    }

    @Test(.enabled(if: Shell.which("make") != nil, "make is not installed"))
    func installPutsEveryShippedFileUnderThePrefixAndUninstallRemovesThem() throws {
        let dir = try TempDir()
        let run = try make("install-files", destdir: dir.path)
        #expect(run.status == 0, "\(run.stderr)")
        let root = dir.path + "/opt/cw"
        let guide = try FileManager.default.contentsOfDirectory(atPath: Fixtures.root + "/docs").filter { $0.hasSuffix(".md") }
        var expected = ["bin/coinwatch", "share/man/man1/coinwatch.1", "share/man/man5/coinwatch-rules.5",
                        "share/bash-completion/completions/coinwatch", "share/zsh/site-functions/_coinwatch",
                        "share/fish/vendor_completions.d/coinwatch.fish", "share/coinwatch/rules.example.json",
                        "share/coinwatch/rules.schema.json", "share/coinwatch/systemd/coinwatch.service",
                        "share/coinwatch/systemd/coinwatch.timer", "share/coinwatch/systemd/coinwatch-loop.service",
                        "share/coinwatch/systemd/coinwatch-stream.service", "share/coinwatch/logrotate/coinwatch",
                        "share/doc/coinwatch/README.md"]
        expected += guide.map { "share/doc/coinwatch/" + $0 }
        for file in expected {
            #expect(FileManager.default.fileExists(atPath: root + "/" + file), "\(file) is not installed")
        }
        #expect(FileManager.default.isExecutableFile(atPath: root + "/bin/coinwatch"))
        let example = try String(contentsOfFile: root + "/share/coinwatch/rules.example.json", encoding: .utf8)
        #expect(example == (try String(contentsOfFile: Fixtures.root + "/rules.example.json", encoding: .utf8)))
        let bash = try String(contentsOfFile: root + "/share/bash-completion/completions/coinwatch", encoding: .utf8)
        #expect(bash.contains("complete -F _coinwatch coinwatch"), "the completion comes from the installed binary")
        // The installed binary's starter names the installed schema, a file that exists (SPEC §11).
        let starter = try Shell.run(root + "/bin/coinwatch", ["init", "--yes", "--favorites", "bitcoin", "--rules", dir.path + "/r/rules.json"],
                                    environment: ["https_proxy": "http://127.0.0.1:9", "HTTPS_PROXY": "http://127.0.0.1:9", "HOME": dir.path])
        #expect(starter.status == 0, "\(starter.stderr)")
        let written = try String(contentsOfFile: dir.path + "/r/rules.json", encoding: .utf8)
        #expect(written.contains(#""$schema": "\#(root)/share/coinwatch/rules.schema.json""#), "\(written)")

        let removed = try make("uninstall", destdir: dir.path)
        #expect(removed.status == 0, "\(removed.stderr)")
        for file in expected {
            #expect(!FileManager.default.fileExists(atPath: root + "/" + file), "\(file) is left after uninstall")
        }
    }
}
