import Orchestrate

/// What the person gave a collector, in the shape `formData` takes it.
public enum CollectorValue: Sendable, Hashable {
    /// Buttons, links, labels: nothing to send.
    case none
    case text(String)
    /// A password, and its confirmation for `PASSWORD_VERIFY` (sent once).
    case password(String, confirmation: String)
    /// One option's `value` (DROPDOWN, RADIO, SINGLE_SELECT); empty when none is chosen.
    case choice(String)
    /// The chosen options' values (CHECKBOX, COMBOBOX, MULTI_SELECT).
    case choices([String])
    /// Whether a SINGLE_CHECKBOX is ticked; unticked counts as empty.
    case checked(Bool)
    /// A phone number; `extension` is nil when the field has none to ask for.
    case phone(countryCode: String, number: String, extension: String? = nil)
    /// The chosen device's `value` (`CollectorDevice`), empty when none is chosen.
    case device(String)

    public var isEmpty: Bool {
        switch self {
        case .none: true
        case .text(let text), .password(let text, _), .choice(let text), .device(let text): text.isEmpty
        case .choices(let values): values.isEmpty
        case .checked(let checked): !checked
        case .phone(_, let number, _): number.isEmpty
        }
    }
}
