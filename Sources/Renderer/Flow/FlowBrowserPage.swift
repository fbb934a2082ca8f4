import DaVinci
import Foundation
import Orchestrate
import TerminalKit

/// A DaVinci flow's social sign-on, on screen while the person is in the browser: the page a
/// journey's browser step shows (``BrowserPageFields``: the address to open, the field for the
/// address the browser lands on, its QR code), for a ``DaVinciBrowserStep``. Pure: keys in,
/// events out; drawing into a canvas.
public struct FlowBrowserPage: Sendable {
    /// The step the flow left for the browser at (kept in the instance's store too).
    public let step: DaVinciBrowserStep
    public private(set) var fields: [FieldWidget]
    /// Index into `fields` of the field the address is pasted into, the only focusable one.
    private let landedField: Int

    public init(step: DaVinciBrowserStep) {
        self.step = step
        var fields: [FieldWidget] = [
            BrowserPageFields.opening(step.address, intro: "This sign-on goes on in a browser. Open (Esc then y copies it):"),
            .block(TextBlock(text: "After signing in there, the browser lands on an address carrying a continueToken: paste it here and press Enter. Esc then s starts the flow again.",
                             role: .muted)),
        ]
        landedField = fields.count
        fields.append(BrowserPageFields.landed(placeholder: "paste it after signing in: it carries a continueToken"))
        if let code = BrowserPageFields.qrCode(of: step.address) { fields.append(code) }
        self.fields = fields
    }

    /// What a key did to the page.
    public enum Event: Sendable, Equatable {
        case ignored
        case handled
        /// Enter with an address pasted (not yet checked).
        case landed(String)
        /// Enter on the empty field: what to paste.
        case problem(String)
    }

    /// The field the address is pasted into, which has the focus.
    public var focusedField: FieldWidget { fields[landedField] }

    public mutating func update(_ key: KeyEvent) -> Event {
        switch fields[landedField].update(key) {
        case .handled: return .handled
        case .ignored: return .ignored
        case .activated:
            guard case .text(let field) = fields[landedField], !field.text.trimmingSpaces().isEmpty else {
                return .problem("Paste the address the browser landed on after signing in at the provider: it carries a continueToken.")
            }
            return .landed(field.text)
        }
    }

    /// Draws the provider's name, then the page's fields.
    public func render(into canvas: inout Canvas, in area: Rect) {
        let title = FieldWidget.block(TextBlock(text: TerminalText.line(step.provider), role: .title))
        FormLayout.render(page: [title], fields: fields, focus: landedField, into: &canvas, in: area)
    }
}
