extension CoinGecko {
    /// The message of CoinGecko's error envelope (`{"error":"…"}` or
    /// `{"status":{"error_code":429,"error_message":"…"}}`), or nil when `body` is not one.
    public static func errorMessage(in body: [UInt8]) -> String? {
        APIErrorEnvelope.message(in: body)
    }
}
