import HearthCore

/// Where a stored email lives on its server: the account and every (folder, UID, UIDVALIDITY)
/// the last sync saw it under. A port so HearthSync never needs HearthStore: the wiring hands
/// in the store (`StoreMessageLocator` works over the Core repositories `MailStore` implements).
public protocol RemoteMessageLocating: Sendable {
    func locate(_ email: EmailID) throws(RemoteContentError) -> RemoteMessageLocation
}

public struct RemoteMessageLocation: Sendable, Hashable {
    public struct Place: Sendable, Hashable {
        /// The folder's wire (modified UTF-7) name.
        public var folderPath: String
        public var uid: UInt32
        /// The folder's UIDVALIDITY when the UID was stored; nil when never synced.
        public var uidValidity: UInt32?
        public init(folderPath: String, uid: UInt32, uidValidity: UInt32?) {
            self.folderPath = folderPath; self.uid = uid; self.uidValidity = uidValidity
        }
    }

    public var account: Account
    /// In the order to try: the first that still holds the message wins.
    public var places: [Place]
    public init(account: Account, places: [Place]) { self.account = account; self.places = places }
}

/// `RemoteMessageLocating` over the domain repositories. Places are ordered so the cheapest
/// and most stable copy comes first: folders other than Trash/Spam, INBOX first.
public struct StoreMessageLocator: RemoteMessageLocating {
    public typealias Store = AccountRepository & FolderRepository & EmailRepository
    let store: any Store

    public init(store: any Store) { self.store = store }

    public func locate(_ email: EmailID) throws(RemoteContentError) -> RemoteMessageLocation {
        do {
            guard let row = try store.email(email) else { throw RemoteContentError.notFound("email \(email.rawValue)") }
            guard let account = try store.account(row.accountID) else { throw RemoteContentError.notFound("the account of email \(email.rawValue)") }
            var places: [(rank: Int, place: RemoteMessageLocation.Place)] = []
            for link in try store.folders(of: email) {
                guard let uid = link.imapUID, let folder = try store.folder(link.folderID) else { continue }
                let rank: Int = switch folder.folderType {
                case .inbox: 0
                case .trash, .spam: 2
                default: 1
                }
                places.append((rank, .init(folderPath: folder.imapPath, uid: uid, uidValidity: folder.uidValidity)))
            }
            guard !places.isEmpty else { throw RemoteContentError.notOnAnyServer }
            return RemoteMessageLocation(account: account, places: places.sorted { $0.rank < $1.rank }.map(\.place))
        } catch let error as RemoteContentError {
            throw error
        } catch {
            throw .notFound("email \(email.rawValue) (\(error))")
        }
    }
}
