@testable import CoinWatchSupport
import Testing
@testable import TestHelpers

/// Alert ids and Idempotency-Keys are digests that must never change between versions: a queued
/// alert is resent under the key it was first sent with, and state refers to alerts by id.
@Suite struct StableHashTests {
    /// Digests written down from the original two-lane FNV-1a definition (NUL between parts on
    /// lane a, 0xff on lane b; every byte xor 0x5a on lane b).
    @Test(arguments: [
        (["btc-100k", "bitcoin", "firing", "1800000000"], "a75cb5f07e325d71ddd1476e6c15959d"),
        (["group", "a", "b"], "90217d6831a04add77b6d5621649b9e2"),
        (["é✓"], "ba0c2710a4ea8e24d246f64d886d8117"),
        ([], "cbf29ce4842223256c62272e07bb0142"),
    ])
    func digestsAreTheSameAsEver(_ parts: [String], _ digest: String) {
        #expect(StableHash.hex(parts) == digest)
        var streamed = StableHash()
        for part in parts { streamed.add(part) }
        #expect(streamed.hex == digest)
    }

    @Test func partsAreSeparatedSoMovingABoundaryChangesTheDigest() {
        #expect(StableHash.hex(["ab", "c"]) != StableHash.hex(["a", "bc"]))
        #expect(StableHash.hex(["a", ""]) != StableHash.hex(["a"]))
    }

    /// An alert id hashes the pass time through `StableHash.digits(of:)`; these are the times' texts
    /// the ids were always made from (the JSON number text), so queued alerts keep their keys.
    @Test(arguments: [
        (1_800_000_000.0, "1800000000"), (1_800_000_000.25, "1800000000.25"), (1_764_614_400.123456, "1764614400.123456"),
        (0.0, "0"), (-0.0, "0"), (1e300, "1e+300"),
    ])
    func timesAreHashedAsTheDigitsIdsWereAlwaysMadeFrom(_ time: Double, _ text: String) {
        #expect(StableHash.digits(of: time) == text)
    }

    @Test func theAlertIdOfAWholeSecondIsTheDigestPinnedAbove() {
        let id = StableHash.hex(["btc-100k", "bitcoin", "firing", StableHash.digits(of: 1_800_000_000)])
        #expect(id == "a75cb5f07e325d71ddd1476e6c15959d")
    }
}
