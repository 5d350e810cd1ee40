/// The ticker symbols of the most-watched CoinGecko ids, so that `check` can say "did you mean
/// 'bitcoin'?" for a rule's `"coin": "BTC"` before any pass has learned the favorites' symbols.
package enum WellKnownSymbols {
    /// Lower-case CoinGecko id → lower-case symbol.
    package static let byID: [String: String] = [
        "bitcoin": "btc", "ethereum": "eth", "tether": "usdt", "binancecoin": "bnb", "solana": "sol",
        "ripple": "xrp", "usd-coin": "usdc", "dogecoin": "doge", "cardano": "ada", "tron": "trx",
        "avalanche-2": "avax", "polkadot": "dot", "chainlink": "link", "litecoin": "ltc", "shiba-inu": "shib",
        "bitcoin-cash": "bch", "stellar": "xlm", "monero": "xmr", "cosmos": "atom", "near": "near",
        "uniswap": "uni", "ethereum-classic": "etc", "filecoin": "fil", "aptos": "apt", "arbitrum": "arb",
        "optimism": "op", "sui": "sui", "pepe": "pepe", "matic-network": "matic", "the-open-network": "ton",
        "dai": "dai", "wrapped-bitcoin": "wbtc", "hedera-hashgraph": "hbar", "internet-computer": "icp",
        "algorand": "algo", "tezos": "xtz", "eos": "eos", "aave": "aave", "maker": "mkr", "kaspa": "kas",
    ]
}
