/// What a tab's journey or flow is doing while it is under way, in a word for the quit and
/// close questions.
extension ClientTab {
    /// `mid-form`, `polling`, `waiting for a browser`, `waiting for an answer`; nil when nothing is
    /// under way (idle, signed in, ended).
    var journeyUnderWay: String? {
        switch phase {
        case .answering where kind.underWayDetail != nil: kind.underWayDetail
        case .answering: "mid-form"
        case .polling: "polling"
        case .busy(let request) where request.purpose == .poll: "polling"
        case .busy: "waiting for an answer"
        case .idle, .signedIn, .ended: nil
        }
    }
}
