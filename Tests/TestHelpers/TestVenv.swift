import Foundation

/// The tests' Python venv under `.build/test-python` (`make test-python`), shared by the loopback
/// servers written in Python (aiosmtpd, Synapse).
enum TestVenv {
    /// Why the venv could not be made or the package installed.
    struct Failure: Error { var reason: String }

    /// Its python once `installed` (a `python -c` script) exits 0 in it; the venv is made and `package`
    /// installed from PyPI first when it does not. Else a one-line reason.
    static func python(installed: String, package: String) -> Result<String, Failure> {
        let venv = Fixtures.root + "/.build/test-python"
        let python = venv + "/bin/python3"
        if run(python, ["-c", installed]) { return .success(python) }
        if !FileManager.default.fileExists(atPath: python), !run("/usr/bin/env", ["python3", "-m", "venv", venv]) {
            return .failure(Failure(reason: "python3 -m venv failed (install python3-venv)"))
        }
        guard run(python, ["-m", "pip", "install", "-q", "--disable-pip-version-check", package]) else {
            return .failure(Failure(reason: "pip install \(package) failed"))
        }
        return .success(python)
    }

    private static func run(_ program: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
