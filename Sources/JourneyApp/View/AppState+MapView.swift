import JourneyMaps
import TerminalKit

/// The map pane (`M`): the tab's journey as `journey map` draws it, the run's pages marked, over
/// the whole tab; it follows the page on screen until the person scrolls.
///
/// ```
/// ┌ Map · Login ───────────────────────────────────────────┐
/// │ ▶ this page · ✓ shown before · read from the demo AM   │
/// │        ╭──────────────╮                                │
/// │        │ Start: Login │                                │
/// ```
extension AppState {
    func renderMapPane(_ pane: MapPane, into canvas: inout Canvas) {
        let area = Rect(x: 0, y: 1, width: canvas.size.width, height: max(3, canvas.size.height - 2))
        canvas.fill(area, role: .dialog)
        let title = pane.key.map { "Map · \($0.journey)" } ?? "Map"
        let inner = Box(title: title).draw(into: &canvas, in: area)
        let text = Rect(x: inner.x + 1, y: inner.y, width: max(1, inner.width - 2), height: inner.height)
        guard let key = pane.key else {
            Self.say("This tab runs a DaVinci flow: maps are of journeys.", role: .muted, in: text, on: &canvas)
            return
        }
        guard readsJourneyMaps || !key.definitions.isEmpty else {
            Self.say(Self.noMapSource, role: .muted, in: text, on: &canvas)
            return
        }
        guard case .read(let catalog)? = journeyMaps[key] else {
            Self.say("Reading the definition of \(key.journey)…", role: .muted, in: text, on: &canvas)
            return
        }
        guard let journey = catalog.journey(named: key.journey) else {
            let why = (catalog.problems.first { $0.journey == key.journey } ?? catalog.problems.first)?.description
                ?? "no definition of \(key.journey) was found"
            Self.say("✗ " + why, role: .error, in: text, on: &canvas)
            return
        }
        let tab = tabs.first { $0.id == pane.tabID }
        let marks = tab?.journey.map { $0.marks(on: journey, innerTrees: catalog.innerTrees(of: journey).found) } ?? .none
        let ending: String? = switch marks.ended {
        case .success?: "signed in: Success"
        case .failure?: "AM said no: Failure"
        case nil: nil
        }
        let here = marks.current == nil ? nil : (marks.guessed ? "? this page (matched by its callbacks)" : "▶ this page")
        let legend = [here.map { page in marks.currentInnerPage.map { "\(page), in the inner tree \($0)" } ?? page },
                      marks.visited.isEmpty ? nil : "✓ the way so far", ending].compactMap { $0 }
        canvas.write(legend.isEmpty ? "No page of this run is on the map yet." : legend.joined(separator: " · "),
                     x: text.x, y: text.y, role: .muted, clip: text)
        let drawn = mapMemo.drawn(journey, width: text.width, marks: marks)
        let map = drawn.canvas
        let view = Rect(x: text.x, y: text.y + 1, width: text.width, height: max(0, text.height - 1))
        let shown = Self.scroll(pane, drawn: drawn, marks: marks, view: view)
        mapMemo.shown = shown
        let (left, top) = (shown.left, shown.top)
        for y in 0..<view.height where top + y < map.size.height {
            for x in 0..<view.width where left + x < map.size.width {
                canvas[view.x + x, view.y + y] = map[left + x, top + y]
            }
        }
    }

    /// A message in the pane, wrapped to its width.
    private static func say(_ message: String, role: ThemeRole, in area: Rect, on canvas: inout Canvas) {
        for (row, line) in TextWrap.lines(message, width: area.width).prefix(area.height).enumerated() {
            canvas.write(line, x: area.x, y: area.y + row, role: role, clip: area)
        }
    }

    static let noMapSource = "No journey definitions to draw: give the profile journeys: [PATH], start journey with "
        + "--journeys PATH (exports), or set JOURNEY_ADMIN_TOKEN (docs/maps.md)."

    /// Where the map is scrolled to: the person's scroll, kept on the map; or, following the run,
    /// the current page's row in the upper third.
    private static func scroll(_ pane: MapPane, drawn: DrawnMap, marks: MapMarks, view: Rect) -> MapPaneMemo.Shown {
        let maxLeft = max(0, drawn.canvas.size.width - view.width), maxTop = max(0, drawn.canvas.size.height - view.height)
        guard pane.followsRun, let current = marks.current, let box = drawn.boxes[current] else {
            return MapPaneMemo.Shown(left: min(max(0, pane.left), maxLeft), top: min(max(0, pane.top), maxTop), maxLeft: maxLeft, maxTop: maxTop)
        }
        return MapPaneMemo.Shown(left: min(max(0, box.x + box.width / 2 - view.width / 2), maxLeft), top: min(max(0, box.y - view.height / 3), maxTop),
                                 maxLeft: maxLeft, maxTop: maxTop)
    }
}
