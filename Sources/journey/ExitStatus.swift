import ArgumentParser

/// The exit codes of `journey`, documented in `journey --help` and the README.
enum ExitStatus: Int32 {
    case signedIn = 0
    case authenticationFailed = 1
    case answerMissing = 2
    case serverOrNetwork = 3
    case expired = 4
    case usage = 64

    var code: ExitCode { ExitCode(rawValue) }
}
