import Foundation
import HearthApp
import HearthCore

/// "Move to…" in the conversation toolbar and the batch toolbar (`move-menu.mustache`): a
/// `<details>` disclosure of submit buttons, one per folder the application layer offers
/// (`MailActions.moveTargets`), so it works by keyboard and without the script; the script
/// turns a click into a move with an Undo toast, and `v` opens it.
struct MoveMenu {
    struct Target { var id: Int64; var name: String }
    struct Model {
        var menuID: String
        var targets: [Target]
        /// The id of the form the buttons submit (the batch toolbar's); nil inside its own form.
        var form: String?
    }

    var targets: [MailActions.MoveTarget]
    /// The folder the mail is shown in, left out of the menu; a box ("inbox", "spam"…) leaves
    /// out folders of that role.
    var location: MailLocation

    func model(menuID: String, form: String? = nil) -> Model? {
        let role = location.folderType
        let offered = targets.filter { $0.folder != location.folder && (role == nil || $0.role != role) }
        guard !offered.isEmpty else { return nil }
        let accounts = Set(offered.map(\.account))
        let items = offered.map { target in
            Target(id: target.folder.rawValue, name: accounts.count > 1 ? "\(target.name) · \(target.accountEmail)" : target.name)
        }
        return Model(menuID: menuID, targets: items, form: form)
    }
}
