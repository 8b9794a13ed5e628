import Foundation
import HearthCore
import Testing
@testable import HearthAI

/// Session 23's blind probes (a family in Vietnam with relatives in Thailand, Indonesia and
/// Malaysia; a teacher in Texas; a designer in London; a lecturer in Edinburgh; a photographer in
/// Cape Town): the general shapes their misses showed, written afresh here.
@Suite struct RegionalMailTests {
    static func mail(_ from: String, _ name: String?, _ subject: String, _ text: String = "",
                     headers: [(String, String)] = LanguagesAndNetworksTests.esp, to: Int = 1) -> CategorizationInput {
        LanguagesAndNetworksTests.mail(from, name, subject, text, headers: headers, to: to)
    }

    /// Currencies written with letters before the amount: Indonesia's rupiah and India's rupee
    /// always; South Africa's rand and Malaysia's ringgit only after a word that prices them, since
    /// "R2" is a release and "Rm 204" a room. Vietnam's dong after the amount.
    @Test func localCurrenciesArePrices() {
        for priced in ["Flights to Durban from R599", "Was R249, now R179", "Kasut sukan kini hanya RM89",
                       "Diskon akhir tahun: Rp 150.000 untuk semua kursus", "Rs. 1,299 only this weekend", "Áo khoác chỉ 299.000đ",
                       "Fares from ₱1,499", "₦25,000 off your first order"] {
            #expect(NewsletterContent.mentionsPrice(priced), "\(priced)")
        }
        for unpriced in ["Meeting moved to Rm 204", "R2 release candidate is out", "Notes from the R&D sync", "Ranked R15 on the ladder"] {
            #expect(!NewsletterContent.mentionsPrice(unpriced), "\(unpriced)")
        }
        #expect(CategoryVocabulary.score(subject: "Weekend seats from R649", body: "").promotions >= 2)
    }

    /// South Korea, Vietnam, Japan and China put a legal label at the head of an advert's
    /// subject; a bank the user knows labels its card offer so too. A label inside the subject, or
    /// a person's "[QC] notes", is not one at the head.
    @Test func aLegallyLabelledAdvertIsPromotions() {
        let bank = Self.mail("uudai@email.nganhangxanh.example", "Ngân hàng Xanh", "[QC] Mở thẻ tín dụng Xanh Platinum – hoàn tiền 8% khi đặt khách sạn")
        let korean = Self.mail("event@mail.shop.example", "스마트몰", "(광고) 겨울 아우터 최대 60% 할인")
        let japanese = Self.mail("info@deals.example.jp", nil, "未承諾広告※ 今だけ限定のご案内")
        CategorizationTests.expectSignals(decide: .promotions, [bank, korean, japanese])
        #expect(UnsolicitedAdvert.legalAdvertLabel("Minutes of the QC meeting [QC] attached") == nil)
        #expect(UnsolicitedAdvert.legalAdvertLabel("[QC] Batch 42 results attached") == nil, "quality control's tag in English")
        #expect(UnsolicitedAdvert.legalAdvertLabel("  (광고) 신상품 안내") == "(광고)")
    }

    /// A service that tags its subject with the school's or shop's name in brackets sends through
    /// a bulk-mail service, which no discussion list does: a fee notice, not a list post.
    @Test func aBracketTagOnABulkServicesMailingIsNoListPost() {
        let fees = Self.mail("thongbao@schoolapp.example", "Trường Tiểu học Sao Mai", "[TH Sao Mai] Thông báo học phí tháng 3/2026 – Lê Minh An (2B1)",
                             "Kính gửi Phụ huynh,\n\nNhà trường thông báo các khoản thu tháng 3/2026:\nTiền ăn bán trú: 620.000đ\nTiếng Anh: 450.000đ\nTổng cộng: 1.070.000đ\nHạn nộp: 15/03/2026.",
                             headers: [("DKIM-Signature", "v=1; a=rsa-sha256; d=pm.mtasv.net; s=pm"), ("X-PM-Message-Id", "1b2c3d"), ("X-PM-Tag", "fees")], to: 2)
        let verdict = CategorySignals.evaluate(fees)
        #expect(verdict.category != .forums, "\(verdict.reasons)")
        #expect((verdict.category ?? verdict.lean) == .updates, "\(verdict.reasons)")
    }

    /// A bill's or a receipt's own words in Vietnamese, German and Polish account for a payment,
    /// so their amounts are not read as a shop's prices.
    @Test func billsAndReceiptsInTheirOwnLanguagesAccountForAPayment() {
        let power = NewsletterContent.read("Công ty Điện lực thông báo tiền điện kỳ 2 tháng 02/2026:\nĐiện năng tiêu thụ: 402 kWh\nTiền điện chưa thuế: 1.105.300 đ\nThuế GTGT: 88.424 đ\nTổng tiền thanh toán: 1.193.724 đ")
        #expect(power.accountsForPayment)
        let rail = NewsletterContent.read("Vielen Dank für Ihre Buchung.\nFahrkarten: 2 x 39,99 € = 79,98 €\nReservierung: 9,00 €\nGesamtpreis: 88,98 €")
        #expect(rail.accountsForPayment)
        let shop = NewsletterContent.read("Dziękujemy za zakup!\nNumer zamówienia: 55102\nCzajnik elektryczny 149,00 zł\nRazem do zapłaty: 163,99 zł")
        #expect(shop.accountsForPayment)
        #expect(CategoryVocabulary.isTransactional(subject: "Ihre Versandbestätigung zu Auftrag 7731"))
        #expect(CategoryVocabulary.isTransactional(subject: "Zahlungserinnerung: Vertragskonto 4410"))
        #expect(!CategoryVocabulary.isTransactional(subject: "Unsere Winterkollektion ist da"))
    }

    /// An organisation's display name in Vietnamese, German or Portuguese ("CSKH", "Stadtwerke",
    /// "Atendimento") is no person's, so a notice sent under it is not read as a letter.
    @Test func organisationsNamesInOtherLanguages() {
        #expect(BulkMailEvidence.isOrganisationName("CSKH Cấp nước Gia Định", domain: "capnuocgiadinh.example"))
        #expect(BulkMailEvidence.isOrganisationName("Stadtwerke Ulm Kundenservice", domain: "swu.example"))
        #expect(BulkMailEvidence.isOrganisationName("Banco Lume Atendimento", domain: "bancolume.example"))
        #expect(!BulkMailEvidence.isOrganisationName("Nguyễn Thị Hằng", domain: "gmail.com"))
    }

    /// Networks' notices in Vietnamese, Thai, Indonesian and Malay, a chat server's unread
    /// mentions, a group's new event with people going, a page's message, reach in a subject,
    /// a video's comment named by its title, a pin board's ideas.
    @Test func networksNoticesInMoreLanguagesAndShapesAreSocial() {
        let notices = [
            Self.mail("notification@mail.banbe.example", "Banbe", "Lê Thu Hà đã gửi cho bạn lời mời kết bạn"),
            Self.mail("no-reply@game.example", "Đấu Trường", "KhangPro đã mời bạn vào đội trong trận xếp hạng"),
            Self.mail("notify@chat.example", "Chatly", "Bạn có 9 tin nhắn chưa đọc trong nhóm “Lớp 12A1 cũ”"),
            Self.mail("notify@social.example", "Pertemanan", "Dewi Anggraini mengirim permintaan pertemanan"),
            Self.mail("no-reply@thaisocial.example", "Social", "Somchai ส่งคำขอเป็นเพื่อนถึงคุณ"),
            Self.mail("noreply@guildchat.example", "Guildchat", "You have 2 unread mentions in Night Owls and 3 other servers"),
            Self.mail("info@email.gatherly.example", "Brighton Board Gamers", "New event: Thursday games night at The Dice Box",
                      "Brighton Board Gamers\nNew event\nThursday games night at The Dice Box\nThursday 19:00\n21 people going\nRSVP: https://gatherly.example/e/1"),
            Self.mail("notification@pagesmail.example", "Pages", "Sipho Ndlovu messaged Lindiwe Florals"),
            Self.mail("notifications-noreply@worknet.example", "WorkNet", "You appeared in 9 searches this week"),
            Self.mail("no-reply@notify.shortclips.example", "ShortClips", "12 new comments on your video"),
            Self.mail("noreply@tubeish.example", "Tubeish", "New comment on “Making sourdough in a tiny kitchen”",
                      "Someone commented on your video: Making sourdough in a tiny kitchen.\n\"Great tip about the fridge!\""),
            Self.mail("notifications@snapfolio.example", "Snapfolio", "Your photo “Harbour at dawn” just hit Popular 🔥"),
            Self.mail("recommendations@discover.pinspace.example", "Pinspace", "Ideas for your board “Kitchen ideas”"),
        ]
        CategorizationTests.expectSignals(decide: .social, notices)
        // A shop's event and a work tool's comment are not a network's.
        let shopEvent = Self.mail("events@mail.bookshop.example", "The Corner Bookshop", "New event: author signing on Saturday",
                                  "Join us for a signing with the author. Books are 10% off on the night. Register: https://bookshop.example/e")
        #expect(CategorySignals.evaluate(shopEvent).category != .social, "\(CategorySignals.evaluate(shopEvent).reasons)")
        let docComment = Self.mail("comments-noreply@docs.google.com", "Ann (Google Docs)", "New comment on “Q3 plan”", "Ann commented on the document")
        #expect(CategorySignals.evaluate(docComment).category != .social)
    }

    /// Korean networks name a person acting on "you, member" ("X님이 회원님을 …"), gather several
    /// ("X님 외 3명이"), add neighbours and first-degree friends; German ones ask to add a contact
    /// politely and tag "dich in einem Beitrag". A shop's "회원님의 주문" has nobody acting.
    @Test func koreanAndGermanNetworksNoticesAreSocial() {
        CategorizationTests.expectSignals(decide: .social, [
            Self.mail("noreply@clipnet.example", "Clipnet", "@minji_log님이 회원님의 댓글에 답글을 남겼습니다"),
            Self.mail("blog_noreply@portal.example", "블로그", "'daily_cook'님이 지수님을 이웃으로 추가했습니다."),
            Self.mail("no-reply@runclub.example", "RunClub", "박서준님 외 5명이 회원님의 러닝을 응원했어요 👏"),
            Self.mail("noreply@talk.example", "톡", "오늘은 김민지님의 생일입니다 🎂"),
            Self.mail("invitations@worknet.example", "WorkNet", "최지훈님이 일촌 신청을 보냈습니다"),
            Self.mail("invitations@kontaktnetz.example", nil, "Anna, ich möchte Sie gern als Kontakt hinzufügen"),
            Self.mail("no-reply@mail.bildnetz.example", "Bildnetz", "lena.hh hat dich in einem Beitrag markiert"),
        ])
        let order = Self.mail("order@shop.example", "스마트몰", "[스마트몰] 회원님의 주문이 배송 완료되었습니다")
        #expect(CategorySignals.evaluate(order).category != .social, "\(CategorySignals.evaluate(order).reasons)")
    }

    /// Turkish networks write to the user familiarly ("gönderini beğendi", "seni bir gönderide
    /// andı"), gather several ("ve diğer 12 kişi") and tell birthdays with the name in between;
    /// Mastodon's French servers say "Vous avez été mentionné·e par"; professional networks remind
    /// of pending invitations in Spanish.
    @Test func turkishFrenchAndSpanishNetworksNoticesAreSocial() {
        CategorizationTests.expectSignals(decide: .social, [
            Self.mail("no-reply@mail.resimli.example", "Resimli", "ayse.k ve diğer 7 kişi gönderini beğendi"),
            Self.mail("notify@cik.example", "Cık", "@kaptan_34 seni bir gönderide andı"),
            Self.mail("invitations@isnet.example", "İşNet", "Can Aksoy sizi bağlantı olarak eklemek istiyor"),
            Self.mail("notification@komsu.example", "Komşu", "Bugün Mehmet Demir'in doğum günü 🎂"),
            Self.mail("noreply@sohbet.example", "Sohbet", "Aile grubunda 6 okunmamış mesajın var"),
            Self.mail("notifications@toot.example", nil, "Vous avez été mentionné·e par Léa Martin", headers: [("Auto-Submitted", "auto-generated")]),
            Self.mail("invitations@redpro.example", "RedPro", "Lucía, tienes 3 invitaciones pendientes"),
        ])
    }

    /// Serbian (both scripts), Croatian and Slovenian networks' notices; a matrimonial site's
    /// interest; a fantasy league's invitation; a neighbourhood network's digest led by a quoted
    /// post; a person messaging or recommending the user's business page.
    @Test func balkanNetworksMatrimonialSitesAndPagesAreSocial() {
        CategorizationTests.expectSignals(decide: .social, [
            Self.mail("notification@licnet.example", "Ličnet", "Marko Petrović vam je poslao zahtev za prijateljstvo"),
            Self.mail("invitations@poslovno.example", "Poslovno", "Nina Kralj vas želi dodati v svojo mrežo"),
            Self.mail("notifications@poruke.example", "Poruke", "Јована Илић вам је послала 2 нове поруке"),
            Self.mail("no-reply@trcanje.example", "Trčanje", "Ana Novak in še 3 drugi so vam dali kudos za »Šmarna gora«"),
            Self.mail("alerts@vivaah.example", "Vivaah.com", "Meera K. (27, Nashik) has sent an Interest to Rahul – respond now"),
            Self.mail("friends@mail.fantasy11.example", "Fantasy11", "Rohit invited you to join \"Office Cricket League\" 🏏"),
            Self.mail("no-reply@rs.neighbours.example", "Neighbours", "“Has anyone seen a grey cat on Elm St?” and more from Maple Heights"),
            Self.mail("notification@pagesmail.example", "Pages", "Tom Baker recommended Riverside Plumbing"),
            Self.mail("notification@pagesmail.example", "Pages", "Carla Diaz sent a message to Riverside Plumbing"),
        ])
        // A shop's "recommended for you" names no person first.
        let shop = Self.mail("deals@shop.example", "Shop", "Recommended for you: garden tools")
        #expect(CategorySignals.evaluate(shop).category != .social)
    }

    /// A notice led by the acting person's handle is a network's, in a language the client has
    /// no phrase for (here Hungarian and Finnish); a domain or a capitalised word leads no handle.
    @Test func aNoticeLedByAHandleIsSocialInAnyLanguage() {
        CategorizationTests.expectSignals(decide: .social, [
            Self.mail("no-reply@mail.kepek.example", "Kepek", "kata.nagy_93 megjelölt egy bejegyzésben"),
            Self.mail("notify@visert.example", "Visert", "@joonas_k vastasi sinulle"),
        ])
        #expect(!SocialNetworkMail.isLedByHandle("acme.com: your invoice is ready"))
        for product in ["node.js 22 is out", "office365 password expires soon", "notes.txt attached", "covid19 vaccine update"] {
            #expect(!SocialNetworkMail.isLedByHandle(product), "\(product)")
        }
        #expect(!SocialNetworkMail.isLedByHandle("Weekly report for March"))
        #expect(!SocialNetworkMail.isLedByHandle("lucy.draws"), "a handle alone is no notice")
        #expect(SocialNetworkMail.isLedByHandle("lucy.draws mentioned you in a comment"))
    }

    /// Hungarian, Czech, Slovak, Indonesian, Persian and Russian networks' notices, a game's
    /// challenge, a messenger's chats, a neighbourhood digest set off by a dot.
    @Test func centralEuropeanIndonesianPersianAndRussianNetworksAreSocial() {
        CategorizationTests.expectSignals(decide: .social, [
            Self.mail("notification@arckonyv.example", "Arckönyv", "Szabó Anna ismerősnek jelölt"),
            Self.mail("no-reply@sach.example", "Šach", "PetrK ťa vyzval na partiu ♞ 5+3 Blitz"),
            Self.mail("messaging-digest-noreply@profi.example", "Profi", "Jana Nováková vám poslala zprávu"),
            Self.mail("no-reply@beh.example", "Běh", "Eva Malá a 2 další ocenili tvoj beh"),
            Self.mail("noreply@mail.arena.example", "Arena", "Dodi_88 mengundangmu bergabung ke Squad \"Arek Malang\" 🎮"),
            Self.mail("no-reply@notify.videoku.example", "Videoku", "Videomu \"Sate Madura\" mendapat 2.310 suka 🎉"),
            Self.mail("no-reply@rute.example", "Rute", "Budi Santoso dan 4 lainnya memberi kudos untuk aktivitas Anda"),
            Self.mail("no-reply@notify.gap.example", "Gap", "۵ پیام خوانده‌نشده در گروه «خانواده»"),
            Self.mail("notify@odnoklassniki.example", "Odno", "Ирина Смирнова прислала вам сообщение"),
            Self.mail("play@mail.tavla.example", "Tavla", "🎲 Omid_T challenged you to a rematch"),
            Self.mail("no_reply@ghost.example", "Ghost", "Amara sent you 3 Chats 👻"),
            Self.mail("no-reply@rs.neighbours.example", "Neighbours", "Free bike, pick up only · and 3 more from Riverside East"),
        ])
    }

    /// Indonesian receipts and reminders name their sums in rupiah and say so ("Metode
    /// pembayaran", "jatuh tempo", "Kamu menerima Rp…"): notices, not a shop's prices; a Hebrew
    /// board's new reply is a forum's; Hebrew orders and Hungarian statements are notices.
    @Test func rupiahReceiptsHebrewBoardsAndOrders() {
        let ride = NewsletterContent.read("Terima kasih sudah naik GasRide.\nTarif perjalanan Rp32.000\nBiaya layanan Rp2.000\nTotal Rp34.000\nMetode pembayaran: DompetKu")
        #expect(ride.accountsForPayment)
        #expect(CategoryVocabulary.isTransactional(subject: "Kamu menerima Rp500.000 dari BUDI"))
        #expect(CategoryVocabulary.isTransactional(subject: "Pengingat: pajak kendaraan jatuh tempo 23 April"))
        #expect(CategoryVocabulary.isTransactional(subject: "ההזמנה שלך יצאה למשלוח"))
        #expect(CategoryVocabulary.isTransactional(subject: "Elektronikus számlakivonat - 2026. március"))
        CategorizationTests.expectSignals(decide: .forums, [
            Self.mail("noreply@pundak.example", "Pundak", "תגובה חדשה בשרשור: מזגן מטפטף", headers: [("Auto-Submitted", "auto-generated")]),
        ])
    }

    /// Greek networks' notices: friendship, mentions, follows gathered ("και 3 ακόμη"), a game's
    /// challenge, a message sent; a Greek order confirmation names its order in the genitive.
    @Test func greekNetworksNoticesAndOrders() {
        CategorizationTests.expectSignals(decide: .social, [
            Self.mail("notifications@filoi.example", "Filoi", "Η Μαρία Νικολάου θέλει να γίνετε φίλοι"),
            Self.mail("notification@sxolia.example", "Sxolia", "Ο Γιώργος Παππάς σας ανέφερε σε ένα σχόλιο"),
            Self.mail("no-reply@mail.eikones.example", "Eikones", "Η χρήστρια anna_k και 5 ακόμη άτομα άρχισαν να σας ακολουθούν"),
            Self.mail("noreply@tavli.example", "Tavli", "Ο nikos_77 σας προκαλεί σε παρτίδα!"),
        ])
        #expect(CategoryVocabulary.isTransactional(subject: "Επιβεβαίωση παραγγελίας #GR-2026-1182"))
        #expect(BulkMailEvidence.isOrganisationName("Τράπεζα Κρήτης", domain: "bankofcrete.example"))
    }

    /// A Croatian order confirmation, a Serbian utility's bill ("ЈКП …") and an Indian utility's
    /// e-bill under its own name are notices, not adverts or letters.
    @Test func balkanAndIndianBillsAreNotices() {
        #expect(CategoryVocabulary.isTransactional(subject: "Potvrda narudžbe #HR-2026-5512"))
        #expect(CategoryVocabulary.isTransactional(subject: "Електронски рачун за април 2026"))
        #expect(BulkMailEvidence.isOrganisationName("ЈКП Водовод", domain: "vodovod.example"))
        #expect(BulkMailEvidence.isOrganisationName("PowerGrid e-Bill", domain: "powergrid.example"))
    }

    /// A Turkish fan forum's "new reply to the topic you follow" is a forum's notice; a bank's
    /// account summary ("Hesap Özeti"), a Chilean bank's "Estado de Cuenta" and a delivery's
    /// "Siparişin teslim edildi" are notices; instalments without interest sell.
    @Test func turkishAndLatinAmericanNoticesAndOffers() {
        CategorizationTests.expectSignals(decide: .forums, [Self.mail("bildirim@taraftar.example", "Taraftar Forum", "Takip ettiğiniz konuya yeni cevap: Transfer dedikoduları")])
        for notice in ["Kartınızın Mart 2026 Hesap Özeti", "Tu Estado de Cuenta de abril está disponible", "Siparişin teslim edildi, afiyet olsun!",
                       "Tu boleta de marzo ya está disponible"] {
            #expect(CategoryVocabulary.isTransactional(subject: notice), "\(notice)")
        }
        #expect(BulkMailEvidence.isOrganisationName("Deniz Bankası", domain: "denizbank.example"))
        #expect(CategoryVocabulary.score(subject: "Hasta 12 cuotas sin interés en tecnología", body: "").promotions >= 2)
    }

    /// A Korean portal cafe's board notices (a new post on a subscribed board, a new comment on
    /// the member's own post) are a community's, not a network's.
    @Test func aKoreanCafesBoardNoticesAreForums() {
        CategorizationTests.expectSignals(decide: .forums, [
            Self.mail("cafe_noreply@portal.example", "카페", "[캠핑클럽] 구독 게시판 새 글: 겨울 캠핑 장비 추천"),
            Self.mail("cafe_noreply@portal.example", "카페", "[캠핑클럽] 내 글에 새 댓글이 달렸습니다: 텐트 결로 문제"),
        ])
    }

    /// A Korean card company's name holds "카드", which no person's does.
    @Test func aKoreanCardCompanysNameIsAnOrganisations() {
        #expect(BulkMailEvidence.isOrganisationName("하나로카드", domain: "hanarocard.example"))
        #expect(!BulkMailEvidence.isOrganisationName("박미숙", domain: "portal.example"))
    }

    /// A Thai board's "new comment in the thread you follow" is a forum's notice, as the English
    /// "New reply to watched thread" is.
    @Test func aThaiBoardsWatchedThreadNoticeIsForums() {
        let board = Self.mail("noreply@board.example", "Kratoo", "มีความคิดเห็นใหม่ในกระทู้ที่คุณติดตาม: ค่าเช่าห้องแถวสีลม")
        CategorizationTests.expectSignals(decide: .forums, [board])
    }

    /// A season's booking opening and a realtor's "Just listed" sell; a quota reached is a notice.
    @Test func bookingOpeningSellsAndAQuotaIsANotice() {
        #expect(!CategoryVocabulary.confirmsWithoutSelling(subject: "Autumn season: members' priority booking opens Tuesday"))
        #expect(CategoryVocabulary.score(subject: "Just listed: 4 new flats in Leith", body: "").promotions >= 2)
        #expect(CategoryVocabulary.isTransactional(subject: "You've used 90% of your monthly uploads"))
    }

    /// A rule under a heading of its own length (or Mailchimp's "** heading") underlines it: the
    /// text goes on. A longer rule under a masthead's name, or one after a blank line, still ends
    /// what the categoriser reads.
    @Test func anUnderlinedHeadingDoesNotEndTheText() {
        let newsletter = "Autumn seat sale\n================\n\nFly from R549 until Friday.\n\n** New routes\n------------------------------------------------------------\nDurban twice daily."
        let trimmed = MailTextTrimmer.trim(newsletter)
        #expect(trimmed.contains("Fly from R549") && trimmed.contains("Durban twice daily"), "\(trimmed)")
        let masthead = MailTextTrimmer.trim("Fieldline\n-----------------------------------------\n\nYou have used 85% of your runs.")
        #expect(masthead == "Fieldline")
        let footer = MailTextTrimmer.trim("See you Thursday.\n\n----------------------------------------\nYou received this because you subscribed.")
        #expect(footer == "See you Thursday.")
    }
}
