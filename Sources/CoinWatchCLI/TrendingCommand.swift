import CoinWatchSupport
import CoinWatchMarket
/// `coinwatch trending`: CoinGecko's trending coins (position, symbol, name, price, 24h change,
/// market cap, rank) and, where the answer has them, its trending NFT collections.
enum TrendingCommand {
    /// The providers with a trending list (`TrendingSource`), in registry order.
    static let capable = ProviderRegistry.names { $0 is any TrendingSource }

    static func run(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        return try WatchSession.run(context) { session throws(ExitCodeError) in
            let provider = session.chosenProvider(among: capable)
            guard let gecko = session.provider(provider) as? any TrendingSource else {
                throw context.usage("Error: \(provider.rawValue) has no trending list; use \(capable.map { "--provider \($0.rawValue)" }.joined(separator: " or ")).")
            }
            let found = session.fetch(gecko.trendingRequest(), provider: gecko.name, decode: gecko.trendingList)
            let list = try session.value(of: found)
            guard !context.arguments.quiet else { return .success }
            context.io.out(context.arguments.json ? json(list, provider: gecko.name) + "\n"
                           : text(list, title: type(of: gecko).title, color: context.color))
            return .success
        }
    }

    /// The two tables in 78 columns; prices in USD, or in BTC where the answer (the 2021 shape) has only that.
    static func text(_ list: TrendingList, title: String, color: ColorPolicy) -> String {
        var out = "Trending coins on \(title)\n"
        out += coinRow("#", "SYMBOL", "NAME", "PRICE", TextCell.right("24H", 8), "MCAP", "RANK")
        for (index, coin) in list.coins.enumerated() {
            let price = coin.priceUSD.map { NumberText.money($0, vs: "usd") }
                ?? coin.priceBTC.map { NumberText.money($0, vs: "btc") } ?? "-"
            let change = WatchTable.change(coin.change24h["usd"], color: color, missing: "-")
            out += coinRow(String(index + 1), coin.symbol, coin.name, price, change,
                           coin.marketCapUSD.map { NumberText.abbreviated($0, vs: "usd") } ?? "-",
                           coin.rank.map { "#\($0)" } ?? "-")
        }
        guard !list.nfts.isEmpty else { return out }
        out += "\nTrending NFTs on \(title)\n"
        out += nftRow("#", "NAME", "SYMBOL", "FLOOR", TextCell.right("24H", 8))
        for (index, nft) in list.nfts.enumerated() {
            let change = WatchTable.change(nft.floorChange24h, color: color, missing: "-")
            out += nftRow(String(index + 1), nft.name, nft.symbol, nft.floorPrice ?? "-", change)
        }
        return out
    }

    private static func coinRow(_ position: String, _ symbol: String, _ name: String, _ price: String,
                                _ change: String, _ cap: String, _ rank: String) -> String {
        return TextCell.right(position, 2) + "  " + TextCell.left(symbol, 8) + "  " + TextCell.left(name, 18) + "  "
            + TextCell.right(price, 16) + "  " + change + "  " + TextCell.right(cap, 9) + "  "
            + TextCell.right(rank, 5) + "\n"
    }

    private static func nftRow(_ position: String, _ name: String, _ symbol: String, _ floor: String,
                               _ change: String) -> String {
        TextCell.right(position, 2) + "  " + TextCell.left(name, 32) + "  " + TextCell.left(symbol, 12) + "  "
            + TextCell.right(floor, 16) + "  " + change + "\n"
    }

    /// `{"provider": "coingecko", "coins": [...], "nfts": [...]}`; `change_24h` is the USD change.
    static func json(_ list: TrendingList, provider: String) -> String {
        var doc = JSONOut()
        doc.add("provider", provider)
        doc.addRaw("coins", JSONOut.array(list.coins.enumerated().map { index, coin in
            var o = JSONOut()
            o.add("position", index + 1)
            o.add("id", coin.id)
            o.add("symbol", coin.symbol)
            o.add("name", coin.name)
            o.add("market_cap_rank", coin.rank)
            o.add("price_usd", coin.priceUSD)
            o.add("price_btc", coin.priceBTC)
            o.add("change_24h", coin.change24h["usd"])
            o.add("market_cap_usd", coin.marketCapUSD)
            o.add("volume_24h_usd", coin.volumeUSD)
            return o.text
        }))
        doc.addRaw("nfts", JSONOut.array(list.nfts.enumerated().map { index, nft in
            var o = JSONOut()
            o.add("position", index + 1)
            o.add("id", nft.id)
            o.add("name", nft.name)
            o.add("symbol", nft.symbol)
            o.add("floor_price", nft.floorPrice)
            o.add("floor_change_24h", nft.floorChange24h)
            return o.text
        }))
        return doc.text
    }
}
