import ArgumentParser

/// The exit codes of `journey`, documented in `journey --help` and the README.
enum ExitStatus: Int32 {
    case signedIn = 0
    case authenticationFailed = 1
    case answerMissing = 2
    case serverOrNetwork = 3
    case expired = 4
    /// The journey goes on in a browser; its step is kept for `journey login --redirected`.
    case inBrowser = 5
    case usage = 64

    /// The instance holds no session or tokens to use: the person has to sign in, as after a
    /// failed sign-in (exit code 1).
    static let notSignedIn = ExitStatus.authenticationFailed

    var code: ExitCode { ExitCode(rawValue) }
}
