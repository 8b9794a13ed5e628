import HearthCore

extension EmailAddress: EmailAddressLike {}

struct PlainAddress: EmailAddressLike {
    var name: String?
    var address: String
}
