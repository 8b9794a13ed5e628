import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import HearthTestSupport
import HearthMIME
import HearthCore

/// Comparison with Apache mime4j's expected parse trees (`X_decoded.xml`) and decoded leaf
/// bodies (`X_decoded_*.txt|bin`).
@Suite struct OracleMime4jTests {
    /// Reads the XML into a depth-first list of entity body kinds plus leaf body file names.
    final class TreeReader: NSObject, XMLParserDelegate {
        var kinds: [String] = []      // per entity (message / body-part): multipart | message | leaf
        var leaves: [String] = []
        private var stack: [String] = []
        private var entityKindIndex: [Int] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            switch name {
            case "message", "body-part":
                if name == "message", let parent = stack.last, parent == "message" || parent == "body-part",
                   let idx = entityKindIndex.last { kinds[idx] = "message" }
                kinds.append("leaf")
                entityKindIndex.append(kinds.count - 1)
            case "multipart":
                if let idx = entityKindIndex.last { kinds[idx] = "multipart" }
            case "text-body", "binary-body":
                leaves.append(attributes["name"] ?? "")
            default: break
            }
            stack.append(name)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
            if name == "message" || name == "body-part" { entityKindIndex.removeLast() }
        }
    }

    static func lineNormalized(_ bytes: [UInt8]) -> String {
        Normalize.body(String(decoding: bytes, as: UTF8.self))
    }

    @Test(.corporaPresent)
    func mime4jAgreement() throws {
        let files = Corpora.files(in: "mime-mime4j/core/src/test/resources") { $0.lastPathComponent.hasSuffix("_decoded.xml") }
        #expect(files.count > 70)
        var agreement = Agreement()
        for xmlURL in files {
            let name = xmlURL.lastPathComponent.replacingOccurrences(of: "_decoded.xml", with: "")
            let dir = xmlURL.deletingLastPathComponent()
            guard let raw = try? Data(contentsOf: dir.appendingPathComponent(name + ".msg")),
                  let xml = XMLParser(contentsOf: xmlURL) else { continue }
            let reader = TreeReader()
            xml.delegate = reader
            guard xml.parse() else { agreement.record("xml", false, name); continue }
            let structure: MIMEStructure
            do { structure = try MIMEParser().structure(of: raw) } catch {
                agreement.record("parse", false, "\(name): \(error)"); continue
            }
            agreement.record("parse", true, name)
            let order = structure.depthFirstOrder()
            let ourKinds = order.map { i -> String in
                let p = structure.parts[i]
                if p.contentType.isMultipart && p.isOpened { return "multipart" }
                if p.contentType.isEncapsulatedMessage && !p.children.isEmpty { return "message" }
                return "leaf"
            }
            agreement.record("structure", ourKinds == reader.kinds, "\(name): \(reader.kinds) vs \(ourKinds)")
            let ourLeaves = zip(order, ourKinds).filter { $0.1 == "leaf" }.map(\.0)
            guard ourLeaves.count == reader.leaves.count else {
                agreement.record("leaf bodies", false, "\(name): \(reader.leaves.count) leaves vs \(ourLeaves.count)")
                continue
            }
            var exact = true, normalized = true
            for (ours, file) in zip(ourLeaves, reader.leaves) {
                let expected = [UInt8]((try? Data(contentsOf: dir.appendingPathComponent(file))) ?? Data())
                let got = structure.decodedBody(ours)
                if expected != got { exact = false }
                if Self.lineNormalized(expected) != Self.lineNormalized(got) { normalized = false }
            }
            agreement.record("leaf bodies", normalized, "\(name)")
            agreement.record("leaf bodies (bytes exact)", exact, "\(name)")
        }
        agreement.report("mime-mime4j")
        #expect(agreement.rate("parse") >= 0.975)
        #expect(agreement.rate("structure") >= 0.96)
        #expect(agreement.rate("leaf bodies") >= 0.89)
    }
}
