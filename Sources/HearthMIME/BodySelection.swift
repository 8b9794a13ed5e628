import HearthCore

/// Chooses the text and HTML bodies and the attachments from a MIME tree.
///
/// In the spirit of RFC 8621 §4.1.4 (JMAP's textBody/htmlBody/attachments):
/// - multipart/alternative: the last (most faithful, RFC 2046 §5.1.4) alternative that has
///   text gives the text body, the last that has HTML gives the HTML body; other alternative
///   leaves (calendar invitations, ...) become attachments;
/// - multipart/related: the root (the `start` part, else the first) is the body, the rest are
///   resources (inline when referenced by Content-ID);
/// - other multiparts (mixed, report, signed, digest, unknown): inline text parts in order;
/// - text/plain and text/html count as body only if not `Content-Disposition: attachment` and
///   either unnamed or first in their multipart (a named later text part is a file);
/// - message/rfc822: an attachment named after its subject; its bodies are used only when the
///   outer message has none (forward-as-attachment with an empty cover note).
struct BodySelection {
    struct Collected {
        var text: [Int] = []
        var html: [Int] = []
        var attachments: [(index: Int, inline: Bool)] = []
        var messages: [Int] = []
    }

    let structure: MIMEStructure

    func collect(from root: Int) -> Collected {
        var c = Collected()
        collect(root, inRelated: false, isFirst: true, forceAttachment: false, into: &c)
        return c
    }

    /// Recursion depth is bounded by the tree depth, which `MIMELimits.maxDepth` caps.
    private func collect(_ i: Int, inRelated: Bool, isFirst: Bool, forceAttachment: Bool, into c: inout Collected) {
        let p = structure.parts[i]
        let ct = p.contentType
        if ct.isMultipart {
            guard p.isOpened else { return }
            switch ct.subtype {
            case "alternative":
                var subs: [Collected] = []
                for (k, child) in p.children.enumerated() {
                    var sub = Collected()
                    collect(child, inRelated: inRelated, isFirst: k == 0, forceAttachment: false, into: &sub)
                    subs.append(sub)
                }
                if let best = subs.last(where: { !$0.text.isEmpty }) { c.text += best.text }
                if let best = subs.last(where: { !$0.html.isEmpty }) { c.html += best.html }
                for sub in subs { c.attachments += sub.attachments; c.messages += sub.messages }
            case "related":
                let start = ct.parameters["start"].flatMap { MessageIDParser.parse($0).first }
                let rootChild = p.children.first { start != nil && structure.parts[$0].contentID == start } ?? p.children.first
                for child in p.children {
                    collect(child, inRelated: true, isFirst: child == rootChild, forceAttachment: child != rootChild, into: &c)
                }
            default:
                for (k, child) in p.children.enumerated() {
                    collect(child, inRelated: inRelated, isFirst: k == 0, forceAttachment: forceAttachment, into: &c)
                }
            }
            return
        }
        if ct.isEncapsulatedMessage {
            c.attachments.append((i, false))
            if let inner = p.children.first { c.messages.append(inner) }
            return
        }
        let explicitAttachment = p.disposition?.isAttachment == true
        let isBodyType = ct.type == "text" && (ct.subtype == "plain" || ct.subtype == "html")
        if isBodyType && !explicitAttachment && !forceAttachment && (p.filename == nil || isFirst) {
            if ct.subtype == "plain" { c.text.append(i) } else { c.html.append(i) }
            return
        }
        let inline = p.contentID != nil && !explicitAttachment && (inRelated || p.disposition?.isInline == true)
        c.attachments.append((i, inline))
    }
}
