# Renames of issue #14 (branch shape2), for code other branches add: sed -i -E -f scripts/renames.sed FILES
s/\bJSONByteReader\b/JSONTokenizer/g
