import HTTPTypes
import Hummingbird

extension HTTPField.Name {
    static let acceptAPIVersion = HTTPField.Name("Accept-API-Version")!
    static let contentAPIVersion = HTTPField.Name("Content-API-Version")!
}
