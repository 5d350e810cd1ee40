import Foundation

/// What a binary end-to-end test of delivery runs against: a loopback CoinGecko whose prices the
/// test sets, a webhook receiver, and a folder with rules.json and state.json for the built
/// `coinwatch`, run as cron would.
final class BinaryRig: @unchecked Sendable {
    let market: MarketServer
    let receiver: WebhookReceiver
    let dir: TempDir

    init() throws {
        market = try MarketServer()
        receiver = try WebhookReceiver()
        dir = try TempDir()
    }

    /// Writes rules.json with `favorites`, `rules` (objects, comma-separated), `defaults` and `sinks`
    /// (JSON objects) against the loopback market.
    func write(favorites: [String] = ["bitcoin"], rules: String, defaults: String, sinks: String) throws {
        try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL, favorites: favorites, rules: rules, defaults: defaults,
                                                   sinks: sinks))
    }

    /// Runs `coinwatch args` on the folder's rules.json and state.json, with `environment` added.
    func run(_ args: [String], environment: [String: String] = [:]) throws -> Binary.Run {
        try Binary.run(args + ["--rules", dir.file("rules.json"), "--state", dir.file("state.json")], environment: environment)
    }
}
