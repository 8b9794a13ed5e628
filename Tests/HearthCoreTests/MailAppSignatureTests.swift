import HearthCore
import Testing

/// The mail apps' own signatures, one list for the categoriser and the embedding text.
struct MailAppSignatureTests {
    @Test func aSignatureIsFoundInTextByItsPhraseAndAsALineByItsOpening() {
        #expect(MailAppSignature.appears(in: "See you there.\n\nVon meinem iPhone gesendet"))
        #expect(MailAppSignature.appears(in: "Attached.\nGet Outlook for Android"))
        // Inside prose the generic words are not a signature…
        #expect(!MailAppSignature.appears(in: "The file I sent from my laptop is the right one."))
        // …but a line of its own that opens so is, whatever the device.
        #expect(MailAppSignature.isSignatureLine("sent from my nokia 3310"))
        #expect(MailAppSignature.isSignatureLine("envoyé de mon iphone"))
        #expect(!MailAppSignature.isSignatureLine("the file i sent from my laptop"))
    }
}
