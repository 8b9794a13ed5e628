import Foundation
import HearthCore

/// A person's post that list or forum software sent out under its own address, naming the
/// author in the display name: "Jane Doe via Rust Users" (Google Groups, Mailman 2.1.18+ and
/// Mailman 3 rewrite From so that DMARC lets the post through), "Jane Doe via groups.io"
/// <jane=example.com@groups.io>, "Jane Doe via Example Forum" <notifications@forum.example.org>
/// (Discourse and other forums mailing their members). The address looks like a machine's — a
/// token with "=", a `notifications@` — so the post was taken for a service's notification on a
/// list and went to updates (issue 15, session 13). The "via" name, together with a discussion
/// marker, says a person wrote it to a group: forums, as Gmail files it.
enum ListRelay {
    /// The author's part of a relayed name ("Jane Doe" of "'Jane Doe' via Rust Users"), when the
    /// name has that shape: one to four words before " via ", no address, not an organisation's
    /// name, and a list or forum named after it.
    static func author(of name: String?) -> String? {
        guard let name, let via = name.range(of: " via ", options: .caseInsensitive) else { return nil }
        let author = name[..<via.lowerBound].trimmingCharacters(in: CharacterSet(charactersIn: " '\""))
        let group = name[via.upperBound...].trimmingCharacters(in: .whitespaces)
        let words = author.split(separator: " ")
        guard !group.isEmpty, (1...4).contains(words.count), !author.contains("@"),
              !BulkMailEvidence.isOrganisationName(author, domain: "") else { return nil }
        return author
    }

    /// LISTSERV's own DMARC rewrite: the author's name kept over a token address of the list
    /// host ("Pieter Janssens" <6C92…-dmarc-request@LISTSERV.EXAMPLE.ORG>, session 22's probe).
    static func isLISTSERVRewrite(_ input: CategorizationInput) -> Bool {
        guard let name = input.from?.name?.trimmingCharacters(in: .whitespaces), !name.isEmpty,
              (input.senderLocalPart ?? "").hasSuffix("-dmarc-request") else { return false }
        return !BulkMailEvidence.isOrganisationName(name, domain: "")
    }

    /// A post the list sent out under its own posting address with the poster's name before
    /// " via " ("FCEA Office via FCEA-Members" <fcea-members@lists.…>, Mailman's DMARC rewrite),
    /// whoever posted it: the list's address as the sender says nothing of a machine (session
    /// 25's probe: a union office's bargaining update to its members' list went to updates).
    static func isRewrittenByList(_ input: CategorizationInput) -> Bool {
        guard let name = input.from?.name, name.range(of: " via ", options: .caseInsensitive) != nil,
              let from = input.from?.address.lowercased(), let post = input.header("List-Post")?.lowercased() else { return false }
        return post.contains("mailto:" + from)
    }

    /// A relayed person's post that came through a discussion: the "via" name and a list's own
    /// marker (List-Id, List-Post, Precedence: list, or list software's delivery fields). A
    /// notification service that writes "via" without any list marker is not one.
    static func isPersonsPost(_ input: CategorizationInput, evidence: BulkMailEvidence) -> Bool {
        guard author(of: input.from?.name) != nil || isLISTSERVRewrite(input) else { return false }
        return input.listID != nil || evidence.listPost || evidence.precedence == "list" || evidence.listDelivery != nil
    }
}
