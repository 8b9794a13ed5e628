/// Server output captured from the mail rig's Dovecot (openssl s_client / python imaplib),
/// trimmed; used as realistic parser input.
enum Fixtures {
    static let greeting = "* OK [CAPABILITY IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE IDLE LITERAL+ AUTH=PLAIN AUTH=LOGIN AUTH=XOAUTH2 AUTH=OAUTHBEARER] mailrig Gimap-like IMAP ready.\r\n"

    static let selectQResync = """
    * FLAGS (\\Answered \\Flagged \\Deleted \\Seen \\Draft)\r
    * OK [PERMANENTFLAGS (\\Answered \\Flagged \\Deleted \\Seen \\Draft \\*)] Flags permitted.\r
    * 18 EXISTS\r
    * 0 RECENT\r
    * OK [UNSEEN 1] First unseen.\r
    * OK [UIDVALIDITY 1795291371] UIDs valid\r
    * OK [UIDNEXT 21] Predicted next UID\r
    * OK [HIGHESTMODSEQ 3] Highest\r
    * VANISHED (EARLIER) 3:4\r
    * 1 FETCH (UID 1 FLAGS (\\Answered) MODSEQ (2))\r
    * 3 FETCH (UID 5 FLAGS (\\Seen) MODSEQ (2))\r
    c OK [READ-WRITE] Select completed (0.002 + 0.000 + 0.001 secs).\r

    """

    /// multipart/alternative with encoded-word-free envelope.
    static let fetchAlternative = """
    * 3 FETCH (UID 3 FLAGS (\\Recent) INTERNALDATE "01-Jan-2023 05:16:10 +0000" RFC822.SIZE 5934 MODSEQ (2) ENVELOPE ("Sun, 01 Jan 2023 10:46:10 +0530" "Question about new" (("Liam O'Connor" NIL "liam.oconnor" "example.ie")) (("Liam O'Connor" NIL "liam.oconnor" "example.ie")) (("Liam O'Connor" NIL "liam.oconnor" "example.ie")) (("Carol" NIL "carol" "example.test")) NIL NIL NIL "<3341e9821c1211ef1004.2@example.ie>") BODYSTRUCTURE (("text" "plain" ("charset" "us-ascii") NIL NIL "7bit" 196 6 NIL NIL NIL NIL)("text" "html" ("charset" "utf-8") NIL NIL "7bit" 4904 32 NIL NIL NIL NIL) "alternative" ("boundary" "----=_rig_3341e9821c1211ef_a") NIL NIL NIL))\r

    """

    /// An encoded word in a Cc name, NIL fields.
    static let fetchEncodedWord = """
    * 2 FETCH (UID 2 FLAGS (\\Seen \\Recent) INTERNALDATE "01-Jan-2023 02:48:20 +0000" RFC822.SIZE 1666 MODSEQ (2) ENVELOPE ("Sun, 01 Jan 2023 03:48:20 +0100" "Draft calendar proposal v3" (("Mia Thomas" NIL "mia.thomas" "example.org")) (("Mia Thomas" NIL "mia.thomas" "example.org")) (("Mia Thomas" NIL "mia.thomas" "example.org")) (("Carol" NIL "carol" "example.test")) (("=?iso-2022-jp?b?GyRCOjRGIxsoQiAbJEIyVjtSGyhC?=" NIL "hanako.sato" "example.jp")) NIL NIL "<a3b95d6b86db456788f9.1@example.org>") BODYSTRUCTURE ("text" "plain" ("charset" "us-ascii") NIL NIL "7bit" 1061 23 NIL NIL NIL NIL))\r

    """

    /// multipart/mixed containing multipart/alternative and an RFC 2231-named PDF.
    static let fetchMixed = """
    * 12 FETCH (UID 12 BODYSTRUCTURE ((("text" "plain" ("charset" "utf-8") NIL NIL "7bit" 1145 25 NIL NIL NIL NIL)("text" "html" ("charset" "utf-8") NIL NIL "7bit" 5821 34 NIL NIL NIL NIL) "alternative" ("boundary" "----=_rig_096c8680cf8f7a68_a") NIL NIL NIL)("application" "pdf" ("name" "=?utf-8?b?6KuL5rGC5pu4LnBkZg==?=") NIL NIL "base64" 61534 NIL ("attachment" ("filename*" "utf-8''%E8%AB%8B%E6%B1%82%E6%9B%B8%2Epdf")) NIL NIL) "mixed" ("boundary" "----=_rig_096c8680cf8f7a68") NIL NIL NIL))\r

    """

    /// Two literals in one response (header fields and a partial body).
    static let fetchLiterals = "* 1 FETCH (UID 1 BODY[HEADER.FIELDS (SUBJECT FROM)] {96}\r\nFrom: Isabella White <isabella@example.com>\r\nSubject: [rust-users] Your answer receipt #9941\r\n\r\n BODY[]<0> {100}\r\nReturn-Path: <isabella@example.com>\r\nReceived: from mx.example.com (mx.example.com [192.0.2.1])\r\n\tby)\r\n"

    static let listGmail = """
    * LIST (\\Noselect \\HasChildren) "/" [Gmail]\r
    * LIST (\\HasNoChildren \\Important) "/" [Gmail]/Important\r
    * LIST (\\HasNoChildren \\Flagged) "/" [Gmail]/Starred\r
    * LIST (\\HasNoChildren \\Junk) "/" [Gmail]/Spam\r
    * LIST (\\HasNoChildren \\Trash) "/" [Gmail]/Trash\r
    * LIST (\\HasNoChildren \\Drafts) "/" [Gmail]/Drafts\r
    * LIST (\\HasNoChildren \\Sent) "/" "[Gmail]/Sent Mail"\r
    * LIST (\\HasNoChildren \\All) "/" "[Gmail]/All Mail"\r
    * LIST (\\HasNoChildren) "/" INBOX\r
    * LIST (\\NonExistent) "/" [Gmail]\r
    * LIST (\\Archive) "/" Archive\r
    * STATUS Archive (MESSAGES 0 UIDNEXT 1)\r
    c OK List completed (0.001 + 0.000 secs).\r

    """

    static let misc = """
    * ESEARCH (TAG "e") UID ALL 1:20 COUNT 20\r
    * SEARCH 1 2 3 4 5 6 7 8 9 10\r
    * STATUS INBOX (MESSAGES 20 UIDNEXT 21 UIDVALIDITY 1795291371 UNSEEN 2 HIGHESTMODSEQ 2)\r
    h OK [CLIENTBUG] Status on selected mailbox completed (0.001 + 0.000 secs).\r
    * ID ("name" "Dovecot")\r
    * NAMESPACE (("" "/")) NIL NIL\r
    * ENABLED QRESYNC\r
    f OK [APPENDUID 1795291376 1] Append completed (0.002 + 0.000 + 0.001 secs).\r
    h OK [COPYUID 1795291376 1:2 2:3] Copy completed (0.010 + 0.000 + 0.009 secs).\r
    * OK [COPYUID 1795291376 3 4] Moved UIDs.\r
    * 3 EXPUNGE\r
    * 4 FETCH (UID 6 MODSEQ (5) FLAGS (\\Flagged \\Seen))\r
    + eyJzdGF0dXMiOiI0MDEiLCJzY2hlbWVzIjoiYmVhcmVyIiwic2NvcGUiOiJtYWlsIn0=\r
    a NO [AUTHENTICATIONFAILED] Authentication failed.\r
    * BYE Logging out\r

    """
}
