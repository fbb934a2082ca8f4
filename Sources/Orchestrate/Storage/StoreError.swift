/// Why a store could not be used, with what to do about it. Paths are local and shown as
/// they are; text that came from a file is neutralised.
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    case cannotCreateFolder(String, reason: String)
    /// The folder is readable by others and could not be tightened to 0700.
    case folderNotPrivate(String, reason: String)
    /// The folder belongs to another user, who could replace its files.
    case folderOfAnotherUser(String, owner: UInt32)
    case cannotRead(String, reason: String)
    case cannotWrite(String, reason: String)
    /// The file was not a valid record; it was renamed to `movedTo` and the store is now empty.
    case corrupt(String, movedTo: String)
    case invalidName(String)
    case invalidInstanceName(String)
    case lockFailed(String, reason: String)
    /// The value could not be turned into JSON.
    case cannotEncode(store: String, reason: String)
    /// The record is intact but its value is not what this version expects.
    case cannotDecode(store: String, reason: String)
    /// The store holds another orchestration kind's record (a DaVinci session for a journey client …).
    case otherKind(store: String, holds: OrchestrationKind, wanted: OrchestrationKind)
    /// The store holds a record of another role (a session where tokens were to go …).
    case otherRole(store: String, holds: StoreRole, wanted: StoreRole)
    /// One instance's stores that cannot be: two roles in one store, or a name JourneyTerm
    /// keeps for its own records.
    case storesCollide(String)

    public var description: String {
        switch self {
        case .cannotCreateFolder(let path, let reason):
            "Cannot create the state folder \(path): \(reason). Check that its parent is writable, or set XDG_STATE_HOME to another absolute path."
        case .folderNotPrivate(let path, let reason):
            "The state folder \(path) is readable by other users and could not be made private: \(reason). Run chmod 700 \(path), or set XDG_STATE_HOME to a private folder."
        case .folderOfAnotherUser(let path, let owner):
            "The state folder \(path) belongs to another user (uid \(owner)), who could replace what it holds, so it is not used. Set XDG_STATE_HOME to a folder of your own."
        case .cannotRead(let path, let reason):
            "Cannot read \(path): \(reason). Check its permissions, or remove it to start afresh."
        case .cannotWrite(let path, let reason):
            "Cannot write \(path): \(reason). Check the free space and the folder's permissions."
        case .corrupt(let path, let movedTo):
            "\(path) was not a valid JourneyTerm record, so it was moved to \(movedTo) and the store starts empty. Remove that file when you no longer need it."
        case .invalidName(let name):
            "\"\(TerminalText.line(name))\" cannot name a store: use 1–80 letters, digits, '.', '_' or '-', not starting with '.'."
        case .invalidInstanceName(let name):
            "\"\(TerminalText.line(name))\" cannot name a client instance: use 1–\(InstanceStores.maximumInstanceNameLength) letters, digits, '.', '_' or '-' (not \".\" or \"..\")."
        case .lockFailed(let path, let reason):
            "Cannot lock \(path): \(reason). Some network file systems do not support locks; set XDG_STATE_HOME to a local folder."
        case .cannotEncode(let store, let reason):
            "Cannot save the \(TerminalText.line(store)) store: \(TerminalText.line(reason))."
        case .cannotDecode(let store, let reason):
            "The \(TerminalText.line(store)) store holds a value this version of journey cannot read (\(TerminalText.line(reason))). Log out or clear the store to start afresh."
        case .otherKind(let store, let holds, let wanted):
            "The \(TerminalText.line(store)) store holds a \(holds.moduleName) record, so a \(wanted.moduleName) client cannot use it: the Journey module and the DaVinci module must not share storage. Give this instance its own store."
        case .otherRole(let store, let holds, let wanted):
            "The \(TerminalText.line(store)) store holds \(holds.spoken), so it cannot also hold \(wanted.spoken): nothing was written. Name another store for \(wanted.spoken)."
        case .storesCollide(let problem):
            problem
        }
    }
}
