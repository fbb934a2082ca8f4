import Foundation

/// The language of the pages that are translated (the username/password page).
enum Language: Sendable {
    case english
    case french

    /// From the `locale` query parameter, else the first `Accept-Language` tag; English otherwise.
    init(locale: String?, acceptLanguage: String?) {
        let tag = locale ?? acceptLanguage?.split(separator: ",").first?.split(separator: ";").first.map(String.init) ?? ""
        let primary = tag.trimmingCharacters(in: .whitespaces).lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first
        self = primary == "fr" ? .french : .english
    }
}
