import Foundation

/// A message built by a programming library rather than typed in a mail program, as its X-Mailer
/// says: Perl's MIME-tools and MIME::Lite, PHP's mail() ("PHP/7.4") and PHPMailer, Swift Mailer,
/// Zend, Python's libraries, JavaMail, Node's nodemailer, Microsoft's CDO (the scripting object
/// web servers mail with). Web sites, scripts and mass mailers send through them; people's mail
/// programs (Outlook, Apple Mail, Thunderbird, phones, web mail such as SquirrelMail or
/// Roundcube) name themselves. Systems that mail nothing but their own notices count too: Koha,
/// the libraries' loan system (session 28's probe: a loan falling due read as a letter). Issue 15, session 13: every dev row with such an X-Mailer is an
/// advert, a notice or a gatewayed list post, none a person's letter.
enum ScriptMailer {
    /// The libraries' names as whole words ("perl" is not "Superlative Mail").
    static let libraries = #"\b(mime-tools|mime::lite|mime-lite|php/\d|phpmailer|swiftmailer|swift mailer|zend_mail|zend framework|python|perl|javamail|nodemailer|microsoft cdo|cdo for windows|koha)\b"#

    static func built(_ input: CategorizationInput) -> Bool {
        guard let mailer = input.header("X-Mailer")?.lowercased() else { return false }
        return mailer.range(of: libraries, options: .regularExpression) != nil
    }
}
