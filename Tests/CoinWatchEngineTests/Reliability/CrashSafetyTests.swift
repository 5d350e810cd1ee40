import Foundation
import Synchronization
import Testing
@testable import TestHelpers
@testable import CoinWatchState
@testable import CoinWatchEngine

/// SIGKILL at random moments across many passes of the binary, the state write included (SPEC §3, §5):
/// state always loads, queued alerts stay queued, an alert answered 2xx is sent again only when the
/// kill fell between that 2xx and the write that records it (the window the Idempotency-Key covers),
/// and the JSON Lines file gets every alert the webhooks got (and only those), whatever the kill hit.
/// Kills are aimed at events, never at a moment of the clock: the arrival of the pass's n-th
/// webhook request (killed by the receiver before it answers) or a state write under way.
@Suite(.serialized) struct CrashSafetyTests {
    /// Kills to reach, and the most passes to try for them.
    static let targetKills = 60
    static let maxPasses = 120

    /// A (sink path, Idempotency-Key) pair: one message to one sink.
    private struct Delivery: Hashable, CustomStringConvertible {
        var sink: String
        var key: String
        var description: String { "\(sink) \(key)" }
    }

    @Test func killedPassesLoseNothingAndResendOnlyInsideTheDocumentedWindow() throws {
        let seed = ProcessInfo.processInfo.environment["COINWATCH_CRASH_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 1...UInt64(UInt32.max))
        print("crash-safety seed: \(seed) (replay with COINWATCH_CRASH_SEED=\(seed))")
        var random = SeededRandom(seed: seed)
        let market = try MarketServer()
        let answers = Answers(seed: seed &+ 1, failureRate: 0.25)
        let receiver = try WebhookReceiver { answers.answer($0) }
        let dir = try TempDir()
        let statePath = dir.path + "/state.json"
        let sinks = ["a", "b"].map { #""\#($0)": {"type": "webhook", "format": "json", "url": "\#(receiver.url("/" + $0))"}"# }
        try dir.write("rules.json", RulesJSON.make(
            baseURL: market.baseURL, favorites: ["bitcoin", "ethereum"],
            rules: #"{"id": "x", "coin": "*", "when": {"crosses": 100}}, {"id": "lo", "coin": "*", "when": {"below": 100}, "resolve": true}"#,
            defaults: #"{"notify": ["a", "b", "log"]}"#,
            sinks: "{" + (sinks + [#""log": {"type": "file", "path": "alerts.jsonl"}"#]).joined(separator: ", ") + "}"))
        try seedLargeState(statePath)

        var kills = 0, killsDuringWrite = 0, passes = 0, explainedResends = 0, resendsAfterAimedKills = 0
        var aimedAtWrite: Set<Int> = []
        var firstDelivered: [Delivery: (pass: Int, killed: Bool)] = [:]
        var queuedAfterPass: [Int: Set<Delivery>] = [:]
        var queuedBefore = try queued(statePath)
        while kills < Self.targetKills && passes < Self.maxPasses {
            passes += 1
            let price = passes % 2 == 0 ? 90.0 : 110.0
            market.set("bitcoin", price: price)
            market.set("ethereum", price: 200 - price)
            let seen = answers.recorded.count
            let moment: KillMoment
            switch Int.random(in: 0..<4, using: &random) {
            case 0: moment = .never
            case 1: moment = .duringWrite(nth: Int.random(in: 1...3, using: &random))
            default: moment = .atRequest(nth: Int.random(in: 1...4, using: &random))
            }
            let (killed, status) = try runAndKill(dir, at: moment, answers: answers)
            if case .duringWrite = moment, killed { aimedAtWrite.insert(passes) }
            #expect(killed || status == 0, "pass \(passes) ended by itself with \(status) (seed \(seed))")
            if killed {
                kills += 1
                if try FileManager.default.contentsOfDirectory(atPath: dir.path).contains(where: { $0.hasPrefix(".state.json.tmp-") }) {
                    killsDuringWrite += 1
                }
            }
            // State always loads with coinwatch's own loader (the previous version or the new one, never a torn one).
            let state = try #require(try? StateStore.load(path: statePath), "pass \(passes): state unreadable (seed \(seed))")
            let queuedNow = Set(state.outbox.flatMap { entry in entry.alerts.map { Delivery(sink: "/" + entry.sink, key: $0.id) } })
            queuedAfterPass[passes] = queuedNow
            for answer in answers.recorded[seen...] where answer.status == 200 {
                let delivery = Delivery(sink: answer.path, key: answer.key)
                if let first = firstDelivered[delivery] {
                    // Sent again after a 2xx: only allowed when that 2xx's pass was killed before recording it.
                    let explained = first.killed && queuedAfterPass[first.pass]?.contains(delivery) == true
                    #expect(explained, "\(delivery) answered 2xx in pass \(first.pass) was sent again in pass \(passes) (seed \(seed))")
                    if explained { explainedResends += 1 }
                    if explained && aimedAtWrite.contains(first.pass) { resendsAfterAimedKills += 1 }
                } else {
                    firstDelivered[delivery] = (passes, killed)
                }
            }
            // Queued alerts stay queued until answered 2xx.
            let delivered = Set(firstDelivered.keys)
            for waiting in queuedBefore where !queuedNow.contains(waiting) {
                #expect(delivered.contains(waiting), "pass \(passes) lost queued \(waiting) (seed \(seed))")
            }
            queuedBefore = queuedNow
        }

        // Healthy again, no kills: everything ever sent or queued is delivered and the outbox drains.
        answers.heal()
        for _ in 0..<2 {
            let run = try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", statePath],
                                     environment: ["COINWATCH_RETRY_BACKOFF": "0.001"])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let final = try StateStore.load(path: statePath)
        #expect(final.outbox.isEmpty, "the outbox drained")
        let everSent = Set(answers.recorded.map { Delivery(sink: $0.path, key: $0.key) })
        let delivered = Set(answers.recorded.filter { $0.status == 200 }.map { Delivery(sink: $0.path, key: $0.key) })
        #expect(everSent.subtracting(delivered).isEmpty, "every message ever tried was delivered in the end")
        // The file sink is write-ahead too: every alert it logged reached both webhooks, and every alert the
        // webhooks got is in the log (appended again at most, never lost), each line a whole record.
        let logLines = (dir.read("alerts.jsonl") ?? "").split(separator: "\n")
        let logged = Set(logLines.compactMap { line -> String? in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? String
        })
        #expect(logged.count > 20 && logLines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil },
                "the log holds whole records: \(logged.count) alerts")
        for sink in ["/a", "/b"] {
            let reached = Set(delivered.filter { $0.sink == sink }.map(\.key))
            #expect(logged.subtracting(reached).isEmpty, "logged but never delivered to \(sink): \(logged.subtracting(reached).sorted()) (seed \(seed))")
            #expect(reached.subtracting(logged).isEmpty, "delivered to \(sink) but never logged: \(reached.subtracting(logged).sorted()) (seed \(seed))")
        }
        #expect(killsDuringWrite >= 5, "kills landed during state writes: \(killsDuringWrite)")
        #expect(try !FileManager.default.contentsOfDirectory(atPath: dir.path).contains { $0.hasPrefix(".state.json.tmp-") },
                "the temp files of killed writes are cleaned up")
        #expect(kills >= Self.targetKills / 2, "the kills landed: \(kills) of \(passes) passes")
        #expect(delivered.count > 20, "alerts flowed: \(delivered.count)")
        print("crash-safety: seed \(seed), \(passes) passes, \(kills) killed with SIGKILL (\(killsDuringWrite) during a state write), "
            + "\(answers.recorded.count) webhook requests, \(delivered.count) messages delivered, \(explainedResends) resent "
            + "inside the 2xx-to-write window (\(resendsAfterAimedKills) after kills aimed at a state write), 0 lost")
    }

    /// The (sink, key) pairs in the outbox of the state at `path`.
    private func queued(_ path: String) throws -> Set<Delivery> {
        Set(try StateStore.load(path: path).outbox.flatMap { entry in entry.alerts.map { Delivery(sink: "/" + entry.sink, key: $0.id) } })
    }

    /// A state with many resolved favorites (kept by every pass), so each state write takes long enough for kills to land in it.
    private func seedLargeState(_ path: String) throws {
        var state = StateDocument()
        for index in 0..<6_000 { state.memory.resolved["other", default: [:]]["favorite-\(index)"] = "coin-id-\(index)" }
        try StateStore.save(state, to: path)
    }

    /// When a pass gets its SIGKILL.
    private enum KillMoment {
        /// When the pass's `nth` webhook request arrives, before it is answered (the pass may finish first).
        case atRequest(nth: Int)
        /// While the `nth` state write of the pass is under way (its temp file exists), or never when it makes fewer.
        case duringWrite(nth: Int)
        /// Not at all.
        case never
    }

    /// Starts one pass and kills it at `moment`; whether the kill ended it, else its exit status.
    private func runAndKill(_ dir: TempDir, at moment: KillMoment, answers: Answers) throws -> (killed: Bool, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binary.path)
        process.arguments = ["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": dir.path, "TZ": "UTC", "NO_COLOR": "1",
                               "COINWATCH_RETRY_BACKOFF": "0.001", "COINWATCH_LOCK_TIMEOUT": "30"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        answers.startPass()
        try process.run()
        switch moment {
        case .atRequest(let nth):
            answers.aim(at: process.processIdentifier, nth: nth)
            process.waitUntilExit()
        case .duringWrite(let nth):
            var temps = Set<String>()
            while process.isRunning {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
                temps.formUnion(names.filter { $0.hasPrefix(".state.json.tmp-") })
                if temps.count >= nth { break }
                usleep(200)
            }
        case .never:
            process.waitUntilExit()
        }
        answers.disarm()
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return (process.terminationReason == .uncaughtSignal, process.terminationStatus)
    }
}

/// How the crash test's webhook receiver answers: each POST 200 or 500 at once, drawn from a seeded
/// generator, every (path, Idempotency-Key) recorded with its answer; and, when armed, SIGKILL to
/// the pass at its n-th request, whose answer is then recorded as never seen (status 0).
private final class Answers: Sendable {
    /// One answered request.
    struct Answer: Sendable {
        var path: String
        var key: String
        var status: Int
    }

    private struct Script {
        var random: SeededRandom
        var failureRate: Double
        var recorded: [Answer] = []
        /// The pass to kill and at which of its requests; the requests it made so far.
        var victim: (pid: Int32, nth: Int)?
        var requests = 0
    }

    private let script: Mutex<Script>

    /// Answers 500 with probability `failureRate`, else 200.
    init(seed: UInt64, failureRate: Double) {
        script = Mutex(Script(random: SeededRandom(seed: seed), failureRate: failureRate))
    }

    /// A pass is about to start: its requests are counted from zero, and none is killed.
    func startPass() {
        script.withLock { $0.victim = nil; $0.requests = 0 }
    }

    /// Kills the pass `pid` at its `nth` request (at once, should it have made that many already).
    func aim(at pid: Int32, nth: Int) {
        script.withLock { script in
            if script.requests >= nth { kill(pid, SIGKILL) } else { script.victim = (pid, nth) }
        }
    }

    /// Kills no pass.
    func disarm() {
        script.withLock { $0.victim = nil }
    }

    /// From now on: every answer 200.
    func heal() {
        script.withLock { $0.failureRate = 0 }
    }

    /// Every answer decided so far, in order.
    var recorded: [Answer] { script.withLock { $0.recorded } }

    func answer(_ request: RecordedRequest) -> Reply {
        script.withLock { script in
            script.requests += 1
            var gone = false
            if let victim = script.victim, script.requests == victim.nth {
                kill(victim.pid, SIGKILL)
                script.victim = nil
                gone = true
            }
            let fails = Double.random(in: 0..<1, using: &script.random) < script.failureRate
            let status = gone ? 0 : fails ? 500 : 200
            script.recorded.append(Answer(path: request.path, key: request.header("Idempotency-Key") ?? "", status: status))
            return Reply.text(status == 200 ? "ok" : "flaky", status: status == 200 ? 200 : 500)
        }
    }
}
