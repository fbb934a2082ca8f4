import TerminalKit

/// One field of a form: a widget, the callback it belongs to, and how its value is written
/// back into that callback.
public struct FormField: Sendable {
    /// Position of the callback in the step; nil for page-level items.
    public let callbackPosition: Int?
    public var widget: FieldWidget
    let binding: FieldBinding

    init(_ callbackPosition: Int?, _ widget: FieldWidget, _ binding: FieldBinding = .display) {
        self.callbackPosition = callbackPosition
        self.widget = widget
        self.binding = binding
    }
}

/// How a field's value becomes an answer.
enum FieldBinding: Sendable, Hashable {
    /// Shows something; writes nothing.
    case display
    /// Text field → text answer.
    case text
    /// Text field → number answer.
    case number
    /// Radio list → index answer (ChoiceCallback).
    case choice
    /// Button row: a pressed button becomes the index answer and submits the page; otherwise
    /// the server's pre-filled value stays.
    case confirmation
    /// Checkbox → yes/no answer.
    case flag
    /// Radio list of identity providers → the provider's name.
    case provider([String])
    /// Radio list of predefined security questions, plus "my own question" last when allowed.
    case securityQuestion([String], allowsOwn: Bool)
    /// The person's own security question.
    case ownSecurityQuestion
    /// The security question's answer.
    case securityAnswer
    /// A pasted resume link (SuspendedTextOutputCallback).
    case resumeLink
    /// The pasted address a browser landed on after a social or SAML sign-in (RedirectCallback).
    case browserReturn
    /// A social provider's token (IdPCallback), sent with the type picked beside it.
    case providerToken
    /// The radio list of token types beside `providerToken`.
    case providerTokenType
    /// A CAPTCHA's pasted token; left empty, the callback gets the SDKs' answer without one.
    case captchaToken
}
