import CoinWatchSupport

/// The name Engine/Control still gives `OneLineError` (`/chart`'s image); drop it when that code says `OneLineError`.
package typealias ChartError = OneLineError
