import JourneyMaps
import Synchronization
import TerminalKit

/// What the map pane last drew. The drawn map is kept while its journey, width and marks stay
/// the same: drawing a large journey takes milliseconds, and the pane is drawn again at every
/// tick. Where it was scrolled is kept too, so a scroll key starts from what is on screen (also
/// when the pane was following the run) and stops at the map's edges.
final class MapPaneMemo: Sendable {
    /// The scroll on screen, and the farthest it can go.
    struct Shown: Sendable, Equatable {
        var left: Int
        var top: Int
        var maxLeft: Int
        var maxTop: Int
    }

    private struct Drawing {
        let journey: JourneyDefinition
        let width: Int
        let marks: MapMarks
        let drawn: DrawnMap
    }

    private let memory = Mutex<(drawing: Drawing?, shown: Shown?)>((nil, nil))

    /// `journey` drawn `width` columns wide with `marks`, drawn again only when one changed.
    func drawn(_ journey: JourneyDefinition, width: Int, marks: MapMarks) -> DrawnMap {
        if let kept = memory.withLock({ $0.drawing }), kept.width == width, kept.marks == marks, kept.journey == journey {
            return kept.drawn
        }
        let drawn = MapDrawing.draw(journey, width: width, marks: marks)
        memory.withLock { $0.drawing = Drawing(journey: journey, width: width, marks: marks, drawn: drawn) }
        return drawn
    }

    var shown: Shown? {
        get { memory.withLock { $0.shown } }
        set { memory.withLock { $0.shown = newValue } }
    }
}
