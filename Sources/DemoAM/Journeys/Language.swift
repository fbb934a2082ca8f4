import Foundation

/// The language of the pages that are translated (the username/password page, and the prompts
/// and page texts of the journeys the demo AM runs node by node).
enum Language: Sendable {
    case english
    case french

    /// From the `locale` query parameter, else the first `Accept-Language` tag; English otherwise.
    init(locale: String?, acceptLanguage: String?) {
        let tag = locale ?? acceptLanguage?.split(separator: ",").first?.split(separator: ";").first.map(String.init) ?? ""
        let primary = tag.trimmingCharacters(in: .whitespaces).lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first
        self = primary == "fr" ? .french : .english
    }

    /// The key of a locale map (`{"en": …, "fr": …}`) in this language.
    var code: String { self == .french ? "fr" : "en" }

    /// The prompts of AM's user name and password callbacks.
    var userNamePrompt: String { self == .french ? "Nom d'utilisateur" : "User Name" }
    var passwordPrompt: String { self == .french ? "Mot de passe" : "Password" }

    /// The text of a locale map in this language, else English, else its first.
    func text(of localized: JSONValue?) -> String? {
        if let text = localized?.string { return text }
        guard let members = localized?.members, !members.isEmpty else { return nil }
        return (members.first { $0.key == code } ?? members.first { $0.key == "en" } ?? members[0]).value.string
    }
}
