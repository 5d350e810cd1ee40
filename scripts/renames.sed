# Renames of issue #14 (branch shape2), for code other branches add: sed -i -E -f scripts/renames.sed FILES
s/\bJSONByteReader\b/JSONTokenizer/g
# Lenient: what the value is, not how it is read
s/\bLenientNumber\b/NumberOrString/g
s/\bLenientDate\b/ISO8601Date/g
s/\bLenient\.(number|date|withoutBOM)\b/APIText.\1/g
s/\bLenient\b/APIText/g
s/\blenientNumber\(/numberOrString(/g
s/\blenientInt\(/intOrString(/g
s/\blenientDate\(/iso8601Date(/g
# Scan / Reader / FastPath: one word, "direct" (decoded straight from the tokenizer, no Decoder)
s/\bCoinGeckoMarket\.scan\(/CoinGeckoMarket.decodeDirect(/g
s/\bStateReader\b/StateDirectDecoder/g
s/\bStateFastPathTests\b/StateDirectDecoderTests/g
s/\bCoinGeckoScanTests\b/CoinGeckoDirectDecoderTests/g
# Temps
s/\bremoveStaleTemps\(/removeLeftoverTempFiles(/g
# PricePoint.t/.p (apply only to code that uses PricePoint; a tuple's .t elsewhere is not one)
s/\bPricePoint\(t: /PricePoint(time: /g
s/(PricePoint\(time: [^,]+), p: /\1, price: /g
# PricePoint's .t and .p are now .time and .price: the compiler names each use left in other code;
# on those lines only: s/\.t\b/.time/g; s/\.p\b/.price/g
# Files: Providers/Lenient.swift -> Providers/APIText.swift, State/StateReader.swift ->
# State/StateDirectDecoder.swift, State/StateStore+Temps.swift folded into State/StateStore.swift,
# Support/JSON/JSONByteReader(+Members).swift and JSONParser+Cursor/Numbers/Strings.swift -> Support/JSON/JSONTokenizer.swift
