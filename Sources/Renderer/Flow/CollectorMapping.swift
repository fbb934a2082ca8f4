import DaVinci
import Foundation
import Orchestrate
import TerminalKit

/// One field of a DaVinci form: a widget, the collector it belongs to, and how its value is
/// written back into that collector.
public struct FlowField: Sendable {
    /// Index of the collector in the step; nil for page-level lines.
    public let collector: Int?
    public var widget: FieldWidget
    let binding: FlowBinding

    init(_ collector: Int?, _ widget: FieldWidget, _ binding: FlowBinding = .display) {
        self.collector = collector
        self.widget = widget
        self.binding = binding
    }
}

/// How a flow field's value becomes a collector's value.
enum FlowBinding: Sendable, Hashable {
    case display
    case text
    case password
    /// The second entry of a PASSWORD_VERIFY field.
    case confirmation
    /// A radio list whose options stand for these values ("" for "none chosen").
    case choice([String])
    /// One checkbox of a multi-select: its option's value.
    case option(String)
    /// The box of a SINGLE_CHECKBOX.
    case checked
    case phoneCountry
    case phoneNumber
    case phoneExtension
    /// A radio list of devices, by value.
    case device([String])
    /// A row of buttons: the collectors they press, in order.
    case buttons([Int])
}

/// Collectors → the widgets journey callbacks use, so a DaVinci form looks and behaves like a
/// journey's: text fields, masked fields with a reveal key, radio lists, checkboxes, a button
/// row (consecutive buttons and links share one), text blocks for labels and fallbacks.
enum CollectorMapping {
    static func fields(of step: DaVinciStep) -> [FlowField] {
        var fields: [FlowField] = []
        var pendingButtons: [Int] = []
        func flushButtons() {
            guard !pendingButtons.isEmpty else { return }
            let labels = pendingButtons.map { index -> String in
                let collector = step.collectors[index]
                let label = TerminalText.line(collector.label.isEmpty ? collector.key ?? collector.type : collector.label)
                if case .button(.link) = collector.kind { return "› " + label }
                if case .socialLogin = collector.kind { return label + " (browser)" }
                if case .fido2 = collector.kind { return label + " (no passkey here: sends \(CollectorKind.fido2Unavailable))" }
                return label
            }
            let selected = pendingButtons.firstIndex(of: step.defaultButton ?? -1) ?? 0
            fields.append(FlowField(nil, .buttons(ButtonRow(buttons: labels, selected: selected)), .buttons(pendingButtons)))
            pendingButtons = []
        }
        for (index, collector) in step.collectors.enumerated() {
            if collector.kind.action != nil {
                pendingButtons.append(index)
                continue
            }
            flushButtons()
            fields += mapped(index, collector, in: step)
        }
        flushButtons()
        return fields
    }

    private static func mapped(_ index: Int, _ collector: Collector, in step: DaVinciStep) -> [FlowField] {
        let label = TerminalText.line(collector.label.isEmpty ? collector.key ?? collector.type : collector.label)
            + (collector.isRequired && collector.kind.collectsInput ? " *" : "")
        let errors = step.messages(for: collector).map { HintLine(text: "✗ " + TerminalText.line($0), role: .error) }
        switch (collector.kind, collector.value) {
        case (.label, _):
            return [FlowField(index, .block(TextBlock(text: PlainText.fromHTML(collector.label))))]
        case (.readOnlyText, _), (.image, _), (.metadata, _):
            return [FlowField(index, .block(TextBlock(text: CollectorText.lines(collector).joined(separator: "\n"),
                                                      role: collector.kind == .metadata ? .warning : .normal,
                                                      prefix: collector.kind == .metadata ? "! " : "")))]
        case (.qrCode(let scannable, let fallbackText), _):
            return qrCode(index, scannable: scannable, fallbackText: fallbackText)
        case (.errorDisplay, _):
            guard let message = step.formMessage else { return [] }
            return [FlowField(index, .block(TextBlock(text: TerminalText.line(message), role: .error, prefix: "✗ ")))]
        case (.text, .text(let text)):
            let shown = TerminalText.line(text)
            return [FlowField(index, .text(TextField(label: label, text: shown, hint: errors)), .text)]
        case (.password(let policy, let verify), _):
            let rules = (verify ? policy?.rules ?? [] : []).map { HintLine(text: "· " + $0, role: .muted) }
            var fields = [FlowField(index, .text(TextField(label: label, isMasked: true, canReveal: true, hint: errors + rules)), .password)]
            if verify {
                fields.append(FlowField(index, .text(TextField(label: "Confirm " + label.lowercased(), isMasked: true, canReveal: true)), .confirmation))
            }
            return fields
        case (.singleSelect(let options, _), .choice(let chosen)):
            let values = (chosen.isEmpty ? [""] : []) + options.map(\.value)
            let labels = (chosen.isEmpty ? ["(none)"] : []) + options.map { TerminalText.line($0.label) }
            let list = RadioList(label: label, options: labels, selected: values.firstIndex(of: chosen) ?? 0)
            return [FlowField(index, .radio(list), .choice(values))] + hintBlock(errors, index)
        case (.multiSelect(let options, _), .choices(let chosen)):
            return [FlowField(index, .block(TextBlock(text: label)))]
                + options.map { FlowField(index, .checkbox(Checkbox(label: TerminalText.line($0.label), isChecked: chosen.contains($0.value))), .option($0.value)) }
                + hintBlock(errors, index)
        case (.checkbox, .checked(let checked)):
            return [FlowField(index, .checkbox(Checkbox(label: label, isChecked: checked)), .checked)] + hintBlock(errors, index)
        case (.phoneNumber(_, let extensionLabel), .phone(let country, let number, let phoneExtension)):
            let countryField = FlowField(index, .text(TextField(label: label + " · country code", text: TerminalText.line(country), maxLength: 3)),
                                         .phoneCountry)
            guard let extensionLabel else {
                return [countryField, FlowField(index, .text(TextField(label: label + " · number", text: TerminalText.line(number), hint: errors)), .phoneNumber)]
            }
            return [countryField, FlowField(index, .text(TextField(label: label + " · number", text: TerminalText.line(number))), .phoneNumber),
                    FlowField(index, .text(TextField(label: label + " · " + TerminalText.line(extensionLabel), text: TerminalText.line(phoneExtension ?? ""),
                                                     hint: errors)), .phoneExtension)]
        case (.devices(let devices, _), .device(let chosen)):
            let list = RadioList(label: label, options: devices.map { device in
                TerminalText.line(device.title) + (device.description.map { " · " + TerminalText.line($0) } ?? "")
            }, selected: devices.firstIndex { $0.value == chosen } ?? 0)
            return [FlowField(index, .radio(list), .device(devices.map(\.value)))] + hintBlock(errors, index)
        case (.polling(let polling), _):
            let every = polling.interval.components.seconds > 0 ? "\(polling.interval.components.seconds) s" : "\(polling.interval)"
            let how = polling.challenge == nil ? "sends the form again" : "asks the challenge's status"
            return [FlowField(index, .block(TextBlock(text: "Waiting: the tab \(how) every \(every), at most \(polling.retries) times.", role: .muted)))]
        case (.protect, _):
            return [FlowField(index, .block(TextBlock(text: "\(label): sent without device signals, as the SDKs send it without their Protect module.",
                                                      role: .warning, prefix: "! ")))]
        case (.unsupported(let reason), _):
            return [FlowField(index, .block(TextBlock(text: "\(label): \(reason).", role: .warning, prefix: "! ")))]
        default:
            let key = collector.key.map { " " + TerminalText.line($0) } ?? ""
            return [FlowField(index, .block(TextBlock(text: "\(TerminalText.line(collector.type))\(key): \(label) (not supported here)", role: .muted)))]
        }
    }

    /// A QR code drawn when its content is text, and the key to type by hand; an image (a
    /// `data:` URI) is never drawn or printed.
    private static func qrCode(_ index: Int, scannable: String?, fallbackText: String) -> [FlowField] {
        let key = fallbackText.isEmpty ? [] : [FlowField(index, .block(TextBlock(text: TerminalText.line(fallbackText), role: .muted)))]
        if let scannable, let code = try? QRCode(scannable, errorCorrection: .low) {
            let caption = "Scan it with an authenticator app" + (key.isEmpty ? "." : ", or enter the key by hand:")
            return [FlowField(index, .qrCode(QRCodeBlock(code: code, caption: caption)))] + key
        }
        let note = "The QR code is an image a terminal cannot show" + (key.isEmpty ? "." : ": enter the key by hand:")
        return [FlowField(index, .block(TextBlock(text: note, role: .warning, prefix: "! ")))] + key
    }

    private static func hintBlock(_ errors: [HintLine], _ index: Int) -> [FlowField] {
        errors.map { FlowField(index, .block(TextBlock(text: $0.text, role: .error))) }
    }
}
