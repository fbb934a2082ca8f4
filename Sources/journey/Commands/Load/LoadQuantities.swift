import ArgumentParser
import Foundation
import Orchestrate

/// The quantities `journey load` takes as text: durations (`500ms`, `30s`, `5m`, `1h`) and
/// rates (`10/s` or `10`).
enum LoadQuantities {
    static func duration(_ text: String, option: String) throws -> Duration {
        let trimmed = text.trimmingSpaces().lowercased()
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        guard let unit = units.first(where: { trimmed.hasSuffix($0.suffix) }),
              let number = Double(trimmed.dropLast(unit.suffix.count)), number.isFinite, number >= 0 else {
            throw ValidationError("\(option) \(text): give a number and a unit, e.g. 500ms, 30s, 5m or 1h.")
        }
        return .milliseconds(Int64((number * unit.seconds * 1000).rounded()))
    }

    static func rate(_ text: String, option: String) throws -> Double {
        let trimmed = text.trimmingSpaces().lowercased()
        let number = trimmed.hasSuffix("/s") ? String(trimmed.dropLast(2)) : trimmed
        guard let rate = Double(number), rate.isFinite, rate > 0 else {
            throw ValidationError("\(option) \(text): give a positive number per second, e.g. 10/s.")
        }
        return rate
    }
}
