import CoinWatchCLI

import Glibc

exit(CLI.run(Array(CommandLine.arguments.dropFirst()), io: .standard).rawValue)
