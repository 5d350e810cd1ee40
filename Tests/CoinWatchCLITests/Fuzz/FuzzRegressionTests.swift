import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchMarket
@testable import CoinWatchRules
@testable import CoinWatchState
@testable import CoinWatchEngine

/// Every input a fuzzer once broke a target with, kept under `Fixtures/fuzz/regressions/<target>/`, and
/// every fuzz seed, goes through its target again: none may crash, and none may break the property the
/// target checks. A missing or empty folder is a failing case of its own, never zero cases.
@Suite struct FuzzRegressionTests {
    /// "target:Fixtures-relative path" for every kept input and every seed (a provider's seeds are its real
    /// captures, as scripts/fuzz.sh uses them), or "target:missing …" for a folder that is not there.
    static let inputs: [String] = FuzzTargets.all.keys.sorted().flatMap { target -> [String] in
        let regressions = files("fuzz/regressions/\(target)")
        let seeds = files("fuzz/seeds/\(target)") + files("real/\(target)")
        return (regressions.isEmpty ? ["\(target):missing fuzz/regressions/\(target)"] : regressions.map { "\(target):\($0)" })
            + (seeds.isEmpty ? ["\(target):missing seeds (fuzz/seeds/\(target) or real/\(target))"] : seeds.map { "\(target):\($0)" })
    }

    /// The Fixtures-relative paths of the files in `folder` (none when it is missing), dot files left out.
    private static func files(_ folder: String) -> [String] {
        ((try? Fixtures.files(in: folder)) ?? []).filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.map { "\(folder)/\($0)" }
    }

    @Test(arguments: inputs)
    func aKeptFuzzInputRunsThroughItsTargetAndBreaksNoProperty(input: String) throws {
        let target = String(input.prefix { $0 != ":" })
        let path = String(input.dropFirst(target.count + 1))
        try #require(!path.hasPrefix("missing "), "\(target): \(path)")
        let function = try #require(FuzzTargets.all[target], "no fuzz target named \(target)")
        let bytes = try Fixtures.bytes(path)
        #expect(!bytes.isEmpty, "\(path) is empty")
        let broken = function(Array(bytes.prefix(65_536)))   // as scripts/fuzz.sh cuts them (-max_len)
        #expect(broken == nil, "\(path): \(broken ?? "")")
    }

    @Test func everyTargetKeepsAtLeastOneRealRegressionInput() throws {
        #expect(Self.inputs.count >= 2 * FuzzTargets.all.count, "inputs found: \(Self.inputs.count)")
        for target in FuzzTargets.all.keys.sorted() {
            let kept = try Fixtures.files(in: "fuzz/regressions/\(target)").filter { !$0.hasPrefix(".") }
            #expect(!kept.isEmpty, "Fixtures/fuzz/regressions/\(target)/ holds no input")
        }
    }

    /// The properties can fail: inputs built to break each kind of check are reported, not passed.
    @Test func theTargetsReportABrokenProperty() {
        // A decoded quote with a price of -5 must not pass the observation filter.
        let quote = Quote(providerID: "bitcoin", symbol: "BTC", name: "Bitcoin", vs: "usd", price: -5, provider: "coingecko")
        #expect(QuoteFetcher.observations(["bitcoin": quote]).isEmpty)
        // A state the loader takes whose numbers are out of range is refused, so the state target never sees it.
        let absurd = Array(#"{"version": 1, "pairs": {"r|b": {"last_notified": 1e300}}}"#.utf8)
        #expect((try? StateStore.decode(absurd, path: "/f")) == nil)
        #expect(FuzzTargets.state(absurd) == nil, "refused on load: nothing left to break")
        // The duration target parses what it is given.
        #expect(FuzzTargets.duration(Array("1h30m".utf8)) == nil)
        #expect((try? DurationParser.parse("106751991167w")) == nil)
    }
}
