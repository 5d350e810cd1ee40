/// What removes secrets from text (`SecretScrubber`): the one way to make a `ScrubbedText`.
package protocol TextScrubber {
    /// `text` with every secret this scrubber knows replaced by `***`.
    func masked(_ text: String) -> String
}
