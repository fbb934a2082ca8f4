/// The demo's own journeys that are exports run node by node, as any export given to
/// `journey serve --journeys` is (the others are written in Swift: `JourneyCatalog`).
enum DemoExports {
    static let all: [(source: String, json: String)] = [(LoginExport.source, LoginExport.json), (MagicLinkExport.source, MagicLinkExport.json)]
    /// Their names.
    static let names = ["Login", "MagicLink"]
}
