import Foundation

/// Why a file could not be read, in a few words for a message ("no such file", "permission
/// denied"), from the error Foundation gave.
public enum FileReadProblem {
    public static func reason(_ error: any Error) -> String {
        let posix = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError).flatMap { $0.domain == NSPOSIXErrorDomain ? $0.code : nil }
        switch (error as? CocoaError)?.code {
        case .fileReadNoSuchFile?, .fileNoSuchFile?: return "no such file"
        case .fileReadNoPermission?: return "permission denied"
        default: break
        }
        switch posix.map(Int32.init) {
        case ENOENT?: return "no such file"
        case EACCES?, EPERM?: return "permission denied"
        case EISDIR?: return "it is a folder"
        default: return (error as NSError).localizedDescription
        }
    }
}
