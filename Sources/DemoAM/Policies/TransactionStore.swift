import Foundation

/// The transactions policy evaluation asks users to confirm (`TransactionConditionAdvice`).
///
/// A transaction is made open for one user, is completed when that user confirms it with the
/// `ConfirmTransaction` journey, and is used up by the one policy decision it then allows.
actor TransactionStore {
    /// Where a transaction is in its life.
    enum Status: Sendable {
        case open
        case completed
        case used
    }

    /// One transaction: its user and realm, and its status.
    struct Transaction: Sendable {
        let id: String
        let username: String
        let realm: String
        fileprivate(set) var status: Status
    }

    private var transactions: [String: Transaction] = [:]

    /// Makes an open transaction for `username` and returns its id (a UUID, as AM's are).
    func open(for username: String, realm: String) -> String {
        let id = UUID().uuidString.lowercased()
        transactions[id] = Transaction(id: id, username: username, realm: realm, status: .open)
        return id
    }

    func transaction(_ id: String) -> Transaction? {
        transactions[id]
    }

    /// Marks the transaction confirmed by `username`; `false` (and nothing changed) unless it is
    /// that user's and not used yet.
    func complete(_ id: String, by username: String) -> Bool {
        guard let transaction = transactions[id], transaction.status != .used,
              transaction.username.lowercased() == username.lowercased() else { return false }
        transactions[id]?.status = .completed
        return true
    }

    /// Uses up a completed transaction of `username`; `false` when it is unknown, another user's,
    /// still open or already used.
    func use(_ id: String, by username: String) -> Bool {
        guard let transaction = transactions[id], transaction.status == .completed,
              transaction.username.lowercased() == username.lowercased() else { return false }
        transactions[id]?.status = .used
        return true
    }
}
