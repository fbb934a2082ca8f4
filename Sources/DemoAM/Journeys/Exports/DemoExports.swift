/// The demo's own journeys that are exports run node by node, as any export given to
/// `journey serve --journeys` is (the others are written in Swift: `JourneyCatalog`).
enum DemoExports {
    static let all: [(source: String, json: String)] = [(LoginExport.source, LoginExport.json)]
    /// Their names, in the order the banner lists them.
    static let names = ["Login"]
}
