import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchState

/// Odd files and paths through the binary (SPEC §1, §5, §11): a FIFO, a device or a folder is refused at
/// once and never waited on, the lock never goes through a symbolic link, an empty path is a usage
/// error, and every message says what to do (never `state reset` for a path problem).
@Suite struct HostilePathTests {
    /// A folder with rules.json (one quiet rule) against a loopback market.
    private func setUp() throws -> (dir: TempDir, market: MarketServer, rules: String) {
        let market = try MarketServer()
        market.set("bitcoin", price: 90)
        let dir = try TempDir()
        let rules = try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL,
                                                               rules: #"{"id": "hi", "coin": "bitcoin", "when": {"above": 1000}}"#))
        return (dir, market, rules)
    }

    @Test func aRulesFIFOIsRefusedAtOnceNotWaitedOn() throws {
        let (dir, _, _) = try setUp()
        let fifo = dir.path + "/rules.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let run = try Binary.run(["check", "--rules", fifo], timeout: 10)
        #expect(run.status == 66, "\(run.stderr)")
        #expect(run.stderr == "coinwatch: rules.json at \(fifo) is a FIFO, not a regular file; pass --rules PATH to the file\n", "\(run.stderr)")
    }

    @Test func aStateFIFOIsRefusedAtOnceAndLeavesTheLockFree() throws {
        let (dir, _, rules) = try setUp()
        let fifo = dir.path + "/state.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        for _ in 0..<2 {   // the second run would exit 75 if the first had left the lock held
            let run = try Binary.run(["--once", "--rules", rules, "--state", fifo], environment: ["COINWATCH_LOCK_TIMEOUT": "1"],
                                     timeout: 10)
            #expect(run.status == 65, "\(run.stderr)")
            #expect(run.stderr == "coinwatch: state file \(fifo) cannot be used: it is a FIFO, not a regular file; "
                + "pass --state PATH with the path of a file (coinwatch creates it)\n", "\(run.stderr)")
        }
        let show = try Binary.run(["state", "show", "--state", fifo], timeout: 10)
        #expect(show.status == 65 && show.stderr.contains("is a FIFO"), "\(show.stderr)")
    }

    @Test func aDeviceOrAFolderAsTheStateIsRefusedWithoutAdvisingStateReset() throws {
        let (dir, _, rules) = try setUp()
        let folder = dir.path + "/state-folder"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        for (path, kind) in [("/dev/null", "a device"), (folder, "a folder")] {
            let run = try Binary.run(["--once", "--rules", rules, "--state", path], timeout: 10)
            #expect(run.status == 65, "\(run.stderr)")
            #expect(run.stderr.contains("state file \(path) cannot be used: it is \(kind), not a regular file"), "\(run.stderr)")
            #expect(!run.stderr.contains("state reset"), "a path problem is not fixed by state reset: \(run.stderr)")
        }
        // And `state reset` itself leaves the folder where it is.
        let reset = try Binary.run(["state", "reset", "--state", folder], timeout: 10)
        #expect(reset.status == 65, "\(reset.stderr)")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test func theStateLockIsNeverOpenedThroughASymbolicLink() throws {
        let (dir, _, rules) = try setUp()
        let target = dir.path + "/victim-created-by-link"
        let state = dir.path + "/state.json"
        try FileManager.default.createSymbolicLink(atPath: state + ".lock", withDestinationPath: target)
        let run = try Binary.run(["--once", "--rules", rules, "--state", state], timeout: 10)
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains("state file \(state) cannot be used: \(state).lock is a symbolic link, which coinwatch does not follow"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: target), "nothing created at the link's target")
        #expect(!FileManager.default.fileExists(atPath: state), "no state written")
    }

    @Test func aSymlinkedStateFileIsRefusedAndItsTargetNeverWritten() throws {
        let (dir, _, rules) = try setUp()
        let target = try dir.write("elsewhere.json", "keep me")
        let state = dir.path + "/state.json"
        try FileManager.default.createSymbolicLink(atPath: state, withDestinationPath: target)
        let run = try Binary.run(["--once", "--rules", rules, "--state", state], timeout: 10)
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains("it is a symbolic link, which coinwatch neither follows nor writes through"), "\(run.stderr)")
        #expect(!run.stderr.contains("state reset"), "\(run.stderr)")
        #expect(dir.read("elsewhere.json") == "keep me")
    }

    @Test func anEmptyPathArgumentIsAUsageError() throws {
        for args in [["--once", "--rules", ""], ["--once", "--state", ""], ["check", "--rules="], ["state", "show", "--state="]] {
            let run = try Binary.run(args, timeout: 10)
            #expect(run.status == 64, "\(args): \(run.stderr)")
            #expect(run.stderr.contains("needs a path, got an empty one") && run.stderr.split(separator: "\n").count == 1,
                    "\(args): \(run.stderr)")
        }
    }

    @Test func aCorruptStateIsReportedWithLineAndColumnAndTheResetHintNamesThatState() throws {
        let (dir, _, rules) = try setUp()
        let other = try dir.write("other.json", "{\"version\": 1,\n  \"pairs\": {\"x\": tru}\n}")
        let run = try Binary.run(["--once", "--rules", rules, "--state", other], timeout: 10)
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains("state file \(other) cannot be read: not valid JSON at 2:18"), "\(run.stderr)")
        #expect(run.stderr.contains("run `coinwatch state reset --state \(other)`"), "the hint resets that state: \(run.stderr)")
        #expect(dir.read("other.json")?.contains("tru}") == true, "never overwritten")
    }

    @Test func aHeldLockSaysWhatToDo() throws {
        let (dir, _, rules) = try setUp()
        let state = dir.path + "/state.json"
        let lock = try StateLock.acquire(statePath: state)
        defer { lock.release() }
        let run = try Binary.run(["--once", "--rules", rules, "--state", state], environment: ["COINWATCH_LOCK_TIMEOUT": "0.2"],
                                 timeout: 10)
        #expect(run.status == 75, "\(run.stderr)")
        #expect(run.stderr.contains("holds \(state).lock") && run.stderr.contains("let it finish and try again"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func aPermissionProblemIsNeverToldToResetTheState() {
        let error = StateStore.refused("/s/state.json", .permissionDenied)
        #expect(error.exitCode == .dataError)
        #expect(error.message == "state file /s/state.json cannot be used: permission denied; "
            + "let this user read and write it and its folder (chmod u+rw), or pass --state PATH")
        #expect(StateError.writeFailed(path: "/s/state.json", detail: "x").message.contains("state reset") == false)
    }
}
