@testable import CoinWatchRules
@testable import CoinWatchState
import Testing

/// What a silence covers (SPEC §11): the passes' look-up (`SilenceIndex`) and what `check` shows (`Silence.covers`) read
/// one rule, `Silence.Target.covering`.
@Suite struct SilenceIndexTests {
    static let pairs = [("hi", "bitcoin"), ("lo", "ethereum"), ("eth-btc", "ethereum/bitcoin"), ("sol-eth", "solana/ethereum")]

    /// A favorite covers every rule on it and the ratios it is a leg of (either leg); a rule its pairs; `RULE:COIN` one
    /// pair, `RULE:*` the rule's; `*` everything.
    @Test(arguments: [
        ("*", ["hi", "lo", "eth-btc", "sol-eth"]), ("bitcoin", ["hi", "eth-btc"]), ("ethereum", ["lo", "eth-btc", "sol-eth"]),
        ("lo", ["lo"]), ("eth-btc:ethereum/bitcoin", ["eth-btc"]), ("hi:*", ["hi"]), ("hi:ethereum", []), ("dogecoin", []),
    ])
    func theIndexAndCheckAgreeOnWhatASilenceCovers(_ target: String, _ covered: [String]) {
        let silence = Silence(id: "a", target: target, until: 2_000, created: 0)
        let index = SilenceIndex([silence], now: 1_000)
        for (rule, coin) in Self.pairs {
            #expect(silence.covers(rule: rule, coin: coin) == covered.contains(rule), "\(target) on \(rule) \(coin)")
            #expect(index.until(rule: rule, coin: coin) == (covered.contains(rule) ? 2_000 : nil), "\(target) on \(rule) \(coin)")
        }
    }

    /// The last of the silences covering a pair is when it ends; an ended one covers nothing.
    @Test func aPairIsSilencedUntilTheLastSilenceCoveringItEnds() {
        let index = SilenceIndex([Silence(id: "a", target: "bitcoin", until: 3_000, created: 0),
                                  Silence(id: "b", target: "eth-btc", until: 5_000, created: 0),
                                  Silence(id: "c", target: "*", until: 900, created: 0)], now: 1_000)
        #expect(index.until(rule: "eth-btc", coin: "ethereum/bitcoin") == 5_000)
        #expect(index.until(rule: "hi", coin: "bitcoin") == 3_000)
        #expect(index.until(rule: "lo", coin: "ethereum") == nil)
        #expect(SilenceIndex([Silence(id: "c", target: "*", until: 900, created: 0)], now: 1_000).isEmpty)
    }
}
