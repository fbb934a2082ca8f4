import JourneyEngine
import Orchestrate
import TerminalKit

extension Form {
    /// Draws the page (header, stage, description) and the fields, one blank row apart,
    /// scrolled so the focused field is visible.
    public func render(into canvas: inout Canvas, in fullArea: Rect) {
        FormLayout.render(page: pageItems(), fields: fields.map(\.widget), focus: focus, into: &canvas, in: fullArea)
    }

    /// The page and its fields drawn whole, unscrolled, `width` wide (at most
    /// `FormLayout.maximumWidth`): for a page that no longer takes answers, shown scrolled by its
    /// owner.
    public func whole(width: Int) -> Canvas {
        FormLayout.whole(page: pageItems(), fields: fields.map(\.widget), focus: focus, width: width).0
    }

    /// Header, stage and description as display-only widgets.
    private func pageItems() -> [FieldWidget] {
        var items: [FieldWidget] = []
        if let header = step.header, !header.isEmpty {
            items.append(.block(TextBlock(text: TerminalText.line(header), role: .title)))
        }
        let place = [journeyName.map { "journey " + TerminalText.line($0) },
                     step.readableStage.map { "stage " + TerminalText.line($0) }].compactMap { $0 }
        if !place.isEmpty {
            items.append(.block(TextBlock(text: place.joined(separator: " · "), role: .muted)))
        }
        if let description = step.description, !description.isEmpty {
            items.append(.block(TextBlock(text: PlainText.fromHTML(description), role: .normal)))
        }
        return items
    }
}
