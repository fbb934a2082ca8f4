/// This build of JourneyTerm: `journey --version`, and the creator of what it exports.
public enum JourneyTermVersion {
    public static let current = "0.9.0"
}
