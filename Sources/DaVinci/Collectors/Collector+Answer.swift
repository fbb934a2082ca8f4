import Foundation
import Orchestrate

extension Collector {
    /// Text typed or given for this collector (`--answer KEY=VALUE`, a test's answers), as its
    /// value: options by label or value, a checkbox by yes/no, a phone number as
    /// `COUNTRY NUMBER [ext EXTENSION]`, a device by title, type or value.
    public func value(answering text: String) -> CollectorValue {
        let trimmed = text.trimmingSpaces()
        func option(_ given: String, in options: [CollectorOption]) -> String {
            options.first { $0.label.lowercased() == given.lowercased() || $0.value.lowercased() == given.lowercased() }?.value ?? given
        }
        switch kind {
        case .singleSelect(let options, _): return .choice(option(trimmed, in: options))
        case .multiSelect(let options, _):
            return .choices(trimmed.split(separator: ",").map { option($0.trimmingSpaces(), in: options) }.filter { !$0.isEmpty })
        case .checkbox: return .checked(Self.checked(trimmed) ?? false)
        case .phoneNumber(let country, let extensionLabel):
            // With an extension: `COUNTRY NUMBER ext EXTENSION`, the extension optional.
            var phone = trimmed
            var phoneExtension: String? = extensionLabel == nil ? nil : ""
            if extensionLabel != nil, let mark = phone.range(of: " ext ", options: [.caseInsensitive, .backwards]) {
                phoneExtension = phone[mark.upperBound...].trimmingSpaces()
                phone = phone[..<mark.lowerBound].trimmingSpaces()
            }
            let parts = phone.split(separator: " ", maxSplits: 1).map(String.init)
            return parts.count == 2 ? .phone(countryCode: parts[0], number: parts[1], extension: phoneExtension)
                : .phone(countryCode: country ?? "", number: phone, extension: phoneExtension)
        case .devices(let devices, _):
            let chosen = devices.first { [$0.title, $0.type, $0.value].map { $0.lowercased() }.contains(trimmed.lowercased()) }
            return .device(chosen?.value ?? trimmed)
        case .password: return .password(text, confirmation: text)
        default: return .text(trimmed)
        }
    }

    /// A SINGLE_CHECKBOX answer read as ticked or not (yes/no, true/false, y/n, 1/0, on/off),
    /// or nil when it is neither.
    public static func checked(_ text: String) -> Bool? {
        switch text.trimmingSpaces().lowercased() {
        case "yes", "y", "true", "1", "on": true
        case "no", "n", "false", "0", "off", "": false
        default: nil
        }
    }
}
