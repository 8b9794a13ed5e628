import HearthCore

/// Settings as a screen binds it: every setting's current value (per account where it is per
/// account), a change waiting for the user's confirmation (a smaller sync window deletes local
/// mail), and what the last change said.
public struct SettingsState: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public var setting: Setting
        public var account: AccountID?
        public var value: String
    }

    public struct Confirmation: Sendable, Equatable {
        public var setting: Setting
        public var account: AccountID?
        public var value: String
        public var message: String
    }

    public var rows: [Row] = []
    public var confirmation: Confirmation?
    public var notice: String?
    public var error: String?

    public init() {}

    public func value(_ setting: Setting, account: AccountID? = nil) -> String? {
        rows.first { $0.setting == setting && $0.account == account }?.value
    }
}

/// Reads and changes settings through `SettingsService` (committed before it returns), and folds
/// the outcome into the screen's state.
public struct SettingsScreen: Sendable {
    let context: AppContext

    public init(_ context: AppContext) { self.context = context }

    /// Every app-wide setting, and every per-account one for each account.
    public func load() -> SettingsState {
        var state = SettingsState()
        let service = context.settings
        let accounts = ((try? context.store.accounts()) ?? []).compactMap(\.id)
        for setting in Setting.allCases {
            switch setting.scope {
            case .app:
                if let value = try? service.value(setting) { state.rows.append(.init(setting: setting, account: nil, value: value)) }
            case .account:
                for account in accounts {
                    if let value = try? service.value(setting, account: account) {
                        state.rows.append(.init(setting: setting, account: account, value: value))
                    }
                }
            }
        }
        return state
    }

    /// Changes one setting. A change that removes local mail waits for `confirmed`; a smaller
    /// sync window purges the mail outside it.
    public func change(_ state: inout SettingsState, _ setting: Setting, to value: String, account: AccountID? = nil,
                       confirmed: Bool = false) {
        state.error = nil; state.notice = nil
        do {
            let change = try context.settings.set(setting, to: value, account: account, confirmed: confirmed)
            if let days = change.purgeOutsideDays, let account {
                _ = try? context.store.purgeOutsideSyncWindow(account: account, days: days)
            }
            state.confirmation = nil
            state = load().with(notice: change.notice ?? "Saved.")
        } catch {
            if case .confirmationRequired(let message) = error {
                state.confirmation = .init(setting: setting, account: account, value: value, message: message)
            } else {
                state.error = error.description
            }
        }
    }
}

extension SettingsState {
    func with(notice: String?) -> SettingsState { var copy = self; copy.notice = notice; return copy }
}
