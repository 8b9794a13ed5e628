import Foundation
import HearthCore
import HearthMIME
import HearthSafety

/// The composer's formatting for every front end that edits rich text (the web editor today,
/// a SwiftUI text view later): what an editor sends is read through HearthSafety's allow-list
/// into a `RichText` here, on the trusted side, before a draft is stored or a message sent;
/// and a stored message is turned back into the `RichText` an editor shows.
public enum ComposerFormatting {
    /// The message's body from an editor's HTML: bold, italic, http/https/mailto links, lines
    /// and lists are kept; scripts, styles, images, handlers and other links are dropped. A body
    /// without any formatting is text/plain only.
    public static func apply(editorHTML html: String, to message: inout ComposedMessage) throws(AppError) {
        do { message.setBody(try ComposerHTMLReader.read(html)) } catch {
            throw .invalidInput("The message body could not be read: \(error).")
        }
    }

    /// What an editor shows for a stored message: its formatted text, the light markup of a
    /// draft written with `--markup` (rendered, so the stars become bold), or its lines.
    public static func richText(of message: ComposedMessage) -> RichText {
        switch message.bodyFormat {
        case .rich:
            if let rich = message.richBody { return rich }
        case .markup:
            if let rich = try? ComposerHTMLReader.read(LightMarkup.html(message.body)) { return rich }
        case .plain:
            break
        }
        return RichText(plainText: message.body)
    }
}
