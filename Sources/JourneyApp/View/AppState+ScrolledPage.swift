import TerminalKit

/// Which page a tab shows, as far as scrolling goes: a scroll made on one page never carries
/// over to the next (a request in flight is no page of its own).
enum ShownPage: Equatable {
    case idle, signedIn, ended, form

    init?(_ phase: TabPhase) {
        switch phase {
        case .idle: self = .idle
        case .signedIn: self = .signedIn
        case .ended: self = .ended
        case .answering, .polling: self = .form
        case .busy: return nil
        }
    }
}

/// How far a tab's page is scrolled, and the page it was scrolled on.
struct PageScroll: Equatable {
    let page: ShownPage
    var offset: Int
}

/// A page without a live form (idle, ended, signed in, signed on) is drawn whole, then shown from the tab's scroll:
/// PgUp and PgDn move it, "↑ more" / "↓ more" say there is more (`ScrolledView`).
extension AppState {
    /// The most rows such a page is drawn with.
    static let pageRows = 200
    /// How many rows PgUp and PgDn move: half the smallest page.
    private static let pageStep = minimumSize.height / 2

    /// The tab's page drawn whole, `width` wide, and how tall it is; nil for pages with a live form.
    func wholePage(_ tab: ClientTab, width: Int) -> (content: Canvas, height: Int)? {
        tab.kind.wholePage(tab, in: self, width: width).map { ($0.content, min($0.height, Self.pageRows)) }
    }

    /// Draws the tab's page scrolled; false for pages with a live form.
    func renderScrolledPage(_ tab: ClientTab, into canvas: inout Canvas, in area: Rect) -> Bool {
        guard let (content, height) = wholePage(tab, width: area.width) else { return false }
        let offset = ScrolledView.offset(scrollOffset(of: tab), contentHeight: height, height: area.height)
        ScrolledView.show(content, contentHeight: height, from: offset, into: &canvas, in: area)
        return true
    }

    /// PgUp / PgDn on the active tab's page, as far as the page goes on the smallest screen.
    mutating func scrollPage(down: Bool) {
        guard let tab = activeTab else { return }
        // The smallest page: the screen less the tab bar, help bar, a three-line notice and the margin.
        let width = Self.minimumSize.width - 2
        let rows = Self.minimumSize.height - 7
        let height = wholePage(tab, width: width)?.height ?? 0
        let limit = max(0, height - ScrolledView.visibleRows(contentHeight: height, height: rows))
        let current = min(scrollOffset(of: tab), limit)
        guard let page = ShownPage(tab.phase) else { return }
        pageScroll[tab.id] = PageScroll(page: page, offset: max(0, min(limit, current + (down ? Self.pageStep : -Self.pageStep))))
    }

    /// How far the tab's page is scrolled: 0 on a page other than the one it was scrolled on.
    private func scrollOffset(of tab: ClientTab) -> Int {
        guard let scroll = pageScroll[tab.id], scroll.page == ShownPage(tab.phase) else { return 0 }
        return scroll.offset
    }

    /// The tab moved to another page: its scroll is forgotten, so the page opens at its top
    /// also when the tab comes back to the page it was scrolled on.
    mutating func forgetPageScroll(ifMoved tab: ClientTab) {
        guard let scroll = pageScroll[tab.id], let page = ShownPage(tab.phase), page != scroll.page else { return }
        pageScroll[tab.id] = nil
    }
}
