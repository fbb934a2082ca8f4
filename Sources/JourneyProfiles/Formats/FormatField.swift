import JourneyEngine
import Orchestrate

/// Where one option lives in an SDK's configuration file: the file's key and how the value is
/// written there.
struct FormatField: Sendable {
    /// How a value is written in the file.
    enum Encoding: Sendable {
        /// Text: a URL, a name, a path.
        case text
        /// A boolean.
        case flag
        /// A list of text.
        case list
        /// Seconds as text (`"60"`), as the iOS SDK reads them from its plist.
        case secondsAsText
        /// Whole seconds as text (`"60"`): the iOS SDK reads its OAuth threshold with `Int(_:)`
        /// and uses its default for anything else.
        case wholeSecondsAsText
        /// Whole seconds as a number, as the Android SDK reads its `<integer>` resources.
        case wholeSeconds
        /// Milliseconds as a number, as the JavaScript SDK takes them.
        case milliseconds
        /// Seconds as a number, as the unified configuration's `refreshThreshold`.
        case seconds

        var expected: String {
            switch self {
            case .text: "text"
            case .flag: "a boolean"
            case .list: "a list"
            case .secondsAsText: "seconds as text"
            case .wholeSecondsAsText: "whole seconds as text"
            case .wholeSeconds: "a whole number of seconds"
            case .milliseconds: "a number of milliseconds"
            case .seconds: "a number of seconds"
            }
        }
    }

    let option: OptionKey
    let key: String
    let encoding: Encoding

    init(_ option: OptionKey, _ key: String, _ encoding: Encoding = .text) {
        self.option = option
        self.key = key
        self.encoding = encoding
    }
}
