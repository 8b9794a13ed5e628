import Foundation

/// Mail from social networks, media-sharing sites and dating services (Gmail's "Social" tab):
/// recognised by the sender's domain, or — for the many federated and smaller networks no list
/// can name (every Mastodon server mails from its own domain) — by the shape of a notification:
/// a machine sender telling the user what another person did to them ("Anna followed you",
/// "Ben commented on your photo", "You have a new match").
///
/// Never by what a person writes: before issue 15 the embeddings called chatty personal mail
/// "social", so the category stays out of the embedding candidates and is decided here only.
enum SocialNetworkMail {
    /// Sender domains (and their notification subdomains: `hasSuffix("." + domain)`). Publishing
    /// platforms (Medium, Substack) are not here: their digests and posts are editorial mail
    /// (updates); what someone did to the user there ("Kim started following you") is told by
    /// the notification's wording like any other network's.
    static let domains: Set<String> = [
        // networks
        "facebookmail.com", "facebook.com", "fb.com", "messenger.com", "linkedin.com", "twitter.com", "x.com",
        "instagram.com", "threads.net", "pinterest.com", "reddit.com", "redditmail.com", "tiktok.com", "tiktokmail.com",
        "snapchat.com", "youtube.com", "quora.com", "tumblr.com", "myspace.com", "friendster.com", "classmates.com",
        "vk.com", "ok.ru", "xing.com", "plus.google.com", "nextdoor.com", "meetup.com", "bereal.com", "weibo.com",
        // the same networks' country domains (Nextdoor mails each country from its own)
        "nextdoor.co.uk", "nextdoor.ca", "nextdoor.com.au", "nextdoor.nl", "nextdoor.de", "nextdoor.fr", "nextdoor.es",
        "nextdoor.it", "nextdoor.se", "nextdoor.dk",
        // federated and newer networks
        "bsky.app", "bsky.social", "mastodon.social", "mastodon.online", "mastodon.world", "mstdn.social", "mas.to",
        "fosstodon.org", "hachyderm.io", "infosec.exchange", "techhub.social", "universeodon.com", "pixelfed.social",
        // media sharing and hobby networks
        "yammer.com", "flickr.com", "vimeo.com", "soundcloud.com", "deviantart.com", "behance.net", "dribbble.com", "twitch.tv",
        "strava.com", "goodreads.com", "letterboxd.com", "untappd.com", "vsco.co",
        // messaging
        "whatsapp.com", "telegram.org", "band.us", "discord.com", "discordapp.com", "signal.org",
        // research networks, check-ins, regional and newer networks
        "researchgate.net", "academia.edu", "academia-mail.com", "mewe.com", "truthsocial.com", "gab.com",
        "foursquare.com", "swarmapp.com", "500px.com", "livejournal.com", "mixi.jp", "plurk.com", "line.me",
        "steamcommunity.com", "couchsurfing.com", "tagged.com", "hi5.com", "meetme.com", "lovoo.com",
        // dating
        "plentyoffish.com", "parship.com", "ourtime.com", "christianmingle.com", "jdate.com", "skout.com",
        "tinder.com", "gotinder.com", "bumble.com", "hinge.co", "match.com", "okcupid.com", "pof.com", "badoo.com",
        "grindr.com", "zoosk.com", "eharmony.com", "happn.com", "feeld.co", "coffeemeetsbagel.com", "elitesingles.com",
    ]

    /// What a notification says someone did to or for the user. Lower-case, matched in the subject.
    static let notificationPhrases: [String] = [
        "followed you", "is following you", "started following you", "new follower", "follow request",
        "mentioned you", "you were mentioned", "tagged you", "you were tagged", "commented on your", "replied to your post",
        "replied to your comment", "replied to your tweet", "liked your", "likes your", "reacted to your", "favourited your",
        "favorited your", "boosted your", "reposted your", "retweeted your", "shared your post",
        "sent you a message", "sent you a friend request", "friend request", "connection request", "wants to connect", "want to connect", "invitation to connect",
        "add me to your", "join my network", "would like to be your friend", "wants to be your friend", "saved your pin", "saved your photo", "saved your post", "pins to your",
        "hat dein video kommentiert", "hat deinen beitrag kommentiert", "hat dein foto kommentiert", "hat gerade ein video hochgeladen",
        "accepted your invitation", "endorsed you", "viewed your profile", "people you may know", "added you as a friend",
        "it's a match", "likes you", "super liked you", "sent you a wink", "wrote on your timeline",
        "gave you kudos", "sent you a direct message", "sent you a dm", "new direct message", "now follows you",
        "responded to your post", "new reply to your", "quoted your post", "replied to your story", "accepted your friend request",
        // Mastodon's own subjects, which every server (each its own domain) sends: "Kim is now
        // following you", "Pending follower: Kim", "Kim has requested to follow you"; Diaspora's
        // "You've been mentioned by Kim" (session 13).
        "now following you", "pending follower", "requested to follow you", "you've been mentioned",
        "you have been mentioned",
        // Photos shared by a person through a photo service, a game's turn, a network's memories
        // (session 21's probes, three of them: "shared an album with you", "It's your turn",
        // "you have memories with Walt … to look back on today").
        "shared an album with you", "shared photos with you", "shared a photo with you", "shared a video with you",
        "you have memories", "memories to look back on", "friend invite", "sent you a new message", "messaged you",
        "foto kommentiert", "beitrag kommentiert", "in dem du markiert bist", "rejoindre votre réseau",
        "répondu à votre commentaire", "répondu à votre publication", "fête son anniversaire", "respondió a tu comentario",
        "ha risposto al tuo commento", "auf deinen kommentar geantwortet", "cumple años hoy", "hat heute geburtstag",
        "ha comentat la teva", "t'ha etiquetat", "et segueix", "pins to your board", "posts from your neighbours",
        "te-a etichetat", "a postat în", "să ne conectăm", "ți-a trimis un mesaj", "vă invită să vă conectați", "вподобали ваш",
        "вподобав ваш", "вподобала ваш", "позначив вас", "позначила вас", "прокоментував ваш", "прокоментувала ваш",
        "σας επισήμανε", "σχολίασε την ανάρτησή σας", "ви отбеляза", "megjelölt téged", "hozzászólt a bejegyzésedhez",
        "posts from your neighbors", "te ha enviado una invitación", "te ha enviado un mensaje",
        // Research networks ("Amadou requested the full-text of your article").
        "requested the full-text", "requested full-text", "mentioned in a paper",
        // The same notifications in the languages the client meets most after English (session
        // 21's blind probes: networks' notices in Japanese, Korean, Russian, Turkish and German
        // went to updates). Whole phrases about the user ("you", "your"), lower-cased.
        "hat dich erwähnt", "folgt dir", "hat deinen beitrag", "hat dein foto", "gefällt dein",
        "freundschaftsanfrage", "kontaktanfrage", "hat dich markiert",
        "vous a mentionné", "a commenté votre", "a aimé votre", "aime votre", "vous suit", "commencé à vous suivre",
        "demande d'ami", "vous a identifié", "invitation à se connecter",
        "te mencionó", "te ha mencionado", "comentó tu", "ha comentado tu", "le gusta tu", "comenzó a seguirte",
        "empezó a seguirte", "solicitud de amistad", "te etiquetó",
        "mencionou você", "comentou sua", "comentou seu", "curtiu sua", "curtiu seu", "começou a seguir você",
        "solicitação de amizade", "marcou você", "les gustó tu", "les gusta tu", "le gustó tu", "enviou uma mensagem",
        "te envió un mensaje", "quer se conectar", "quiere conectar", "souhaite se connecter", "vuole collegarsi",
        "sich mit ihnen vernetzen", "sich mit dir vernetzen", "eine nachricht geschickt", "vous a envoyé un message",
        "ti ha inviato un messaggio", "wysłał ci wiadomość", "wysłała ci wiadomość", "heeft je een bericht gestuurd",
        "आपकी पोस्ट", "आपको टैग", "menyukai postingan", "mengomentari postingan", "menandai anda", "đã bình luận",
        "đã thích", "đã gắn thẻ bạn",
        "hoje é o aniversário de", "hoy es el cumpleaños de", "c'est l'anniversaire de", "oggi è il compleanno di",
        "ti ha menzionato", "ha commentato il tuo", "ha commentato la tua", "ha iniziato a seguirti", "richiesta di amicizia",
        "ti ha taggato", "heeft je genoemd", "reageerde op je", "volgt je nu", "vriendschapsverzoek", "heeft je getagd",
        "wspomniał o tobie", "wspomniała o tobie", "skomentował twój", "skomentowała twój", "zaczął cię obserwować",
        "zaczęła cię obserwować", "zaproszenie do znajomych", "oznaczył cię", "oznaczyła cię",
        "sizden bahsetti", "yorum yaptı", "gönderinizi beğendi", "fotoğrafınızı beğendi", "sizi takip etmeye başladı",
        "arkadaşlık isteği", "sizi etiketledi",
        "прокомментировал", "отметил вас", "отметила вас", "упомянул вас", "упомянула вас", "подписался на вас",
        "подписалась на вас", "заявка в друзья", "хочет добавить вас в друзья", "оценил вашу", "оценила вашу",
        "あなたの写真に", "あなたの投稿に", "コメントしました", "あなたをフォロー", "友達リクエスト", "友だち申請",
        "あなたをタグ付け", "あなたについて言及",
        "댓글을 남겼습니다", "댓글이 달렸습니다", "회원님을 팔로우", "친구 요청", "친구 신청", "회원님을 태그", "회원님의 게시물",
        "评论了你的", "赞了你的", "关注了你", "提到了你", "好友请求", "好友申请", "加你為朋友", "加你为好友", "加你為好友",
        "新粉丝", "新粉絲", "回复了你", "回覆了你", "个赞", "個讚",
        // Swedish, Norwegian, Danish, Finnish and Czech (session 21's probe of a family in Sweden).
        "kommenterade ditt", "gillar ditt", "taggade dig", "följer dig", "vill lägga till dig", "vill ansluta",
        "kommenterte innlegget ditt", "kommenterte bildet ditt", "liker innlegget ditt", "tagget deg", "følger deg",
        "har lagt til et nytt bilde", "kommenterede dit", "synes godt om dit", "tagget dig", "følger dig",
        "kommentoi julkaisuasi", "tykkää julkaisustasi", "merkitsi sinut", "seuraa sinua", "kaveripyyntö",
        "okomentoval váš", "okomentovala váš", "označil vás", "označila vás", "sleduje vás", "žádost o přátelství",
        "přidat do své sítě",
        // Arabic, Hebrew and Persian (session 21's probe of an inbox in Dubai): "on your post",
        // "wants to connect with you", "tagged you in a photo", "friend request".
        "على منشورك", "بمنشورك", "على صورتك", "التواصل معك", "أشار إليك", "طلب صداقة", "طلب الصداقة",
        "אותך בתמונה", "אותך בפוסט", "אותך בתגובה", "לפוסט שלך", "לתמונה שלך", "בקשת חברות", "רוצה להתחבר",
        "پست شما", "عکس شما", "درخواست دوستی", "شما را دنبال",
        // A game's turn told by its platform ("It's your move in 3 games", session 25's probe of
        // an online chess site), and a player's challenge.
        "it's your move", "your move in", "challenged you to",
        // A chat community's digest of its channels ("What you missed in Boston Bouldering Crew");
        // a work chat's digest is told apart first (`ServiceMail.isWorkChatDigest`).
        "what you missed in",
        // A professional network's news of the user's connections ("Kevin Tran started a new
        // position, and more news from your network", session 25's probe).
        "started a new position", "news from your network", "updates from your network",
        // A messenger's unread messages in a chat or group (work chats are excluded by domain).
        "unread messages in", "unread message in", "mensajes sin leer", "mensagens não lidas", "رسائل غير مقروءة",
        // Session 22's probes: a network's event co-host, a game's invitation, kudos, follows,
        // friend requests, shares, albums, snaps, accepted invitations and messages in a dozen
        // languages, a neighbourhood network's posts, a research network's recommendation.
        "added you as a co-host", "invited you to play", "gaven kudos", "gaf je kudos", "gaf kudos", "donné des bravos", "donné des kudos",
        // Session 24's probes: a tag, a game's invitation, a video message, in Spanish and the
        // languages next to it.
        "te ha etiquetado", "te etiquetó", "t'a identifié", "ti ha taggato", "marcou você", "te marcou",
        "invitado a una partida", "invitée à une partie", "invité à une partie", "invitato a una partita",
        "convidou para uma partida", "left you a video message", "sent you a video message", "te ha dejado un videomensaje",
        "te ha enviado un videomensaje", "vuole aggiungerti", "ti ha aggiunto agli amici", "messo \"mi piace\"",
        "messo “mi piace”", "ti ha proposto uno scambio", "proposed a trade", "te ha propuesto un intercambio",
        "t'a proposé un échange",
        // Polish and Japanese networks' invitations, kudos, comments, uploads and mentions.
        "zaprasza cię do swojej sieci", "do grona znajomych", "zaprosiła cię na wydarzenie", "zaprosił cię na wydarzenie",
        "dały kudos", "dali kudos", "dał kudos", "dała kudos", "skomentowała twoje", "skomentował twoje", "グループへの招待",
        "動画をアップロードしました", "あなたをメンションしました", "uploaded a new video", "uploaded a video",
        "te siguieron", "te siguió", "comenzaron a seguirte", "empezaron a seguirte", "posts near you", "han fet kudos",
        "veut devenir votre ami", "quiere ser tu amig", "a partagé l'album", "compartió el álbum", "ha condiviso l'album",
        "hat das album", "shared the album", "vous invite à une partie", "te invita a una partida", "ti invita a una partita",
        "hai un invito da", "ha condiviso il tuo", "a partagé votre publication", "compartió tu publicación",
        "compartilhou sua publicação", "partilhou a sua publicação", "hat deinen beitrag geteilt",
        "згадав вас", "згадала вас", "запит на дружбу", "надіслав вам повідомлення", "надіслала вам повідомлення",
        "опублікував допис", "опублікувала допис", "отправил вам сообщение", "отправила вам сообщение",
        "опубликовал в группе", "опубликовала в группе", "opublikował w grupie", "opublikowała w grupie", "recommended your research", "recommended your article",
        "wants to be your friend", "wants to be friends", "你关注的", "发布了新视频", "请求添加你为朋友", "请求添加你为好友",
        "vous a envoyé un snap", "sent you a snap", "te envió un snap", "a accepté votre invitation", "ha aceptado tu invitación",
        "ha accettato il tuo invito", "hat ihre einladung angenommen", "hat deine einladung angenommen",
        "vous a envoyé un nouveau message", "te ha enviado un nuevo mensaje", "ti ha inviato un nuovo messaggio",
        "1:1 채팅이 도착", "새로운 채팅이 도착", "밴드에 새 글", "새 글이 등록되었습니다",
        "identificou-a", "identificou-o", "identificou-te", "pedido de amizade", "enviou-te uma mensagem",
        "enviou-lhe uma mensagem", "começou a seguir-te", "começou a segui-la", "começou a segui-lo", "gostaram da tua",
        "gostou da tua",
        // French sites of 2001–2003 (session 28's probe of a Montreal bookseller): a friend list,
        // an album, a guestbook, an e-card.
        "vous a ajouté à ses amis", "vous a ajoutée à ses amis", "vous a ajouté comme ami", "vous a ajoutée comme amie",
        "vous invite à voir l'album", "vous invite à voir ses photos", "a signé votre livre d'or", "signé votre livre d'or",
        "vous a envoyé une carte virtuelle", "vous a envoyé une carte électronique", "vous a envoyé une cybercarte",
        "vous a envoyé une carte de vœux", "te ha enviado una tarjeta virtual", "ti ha inviato una cartolina",
        "hat dir eine e-card", "hat ihnen eine e-card", "firmado tu libro de visitas", "hat in dein gästebuch",
        // …and Italian ones (the probe of a Milan buyer): an album shared, a classmate's message.
        "ha condiviso con te l'album", "ha condiviso con te le foto", "a partagé avec vous l'album", "compartió contigo el álbum",
        "compagno di classe", "compagna di classe", "compagni di classe", "ancien camarade de classe", "ancienne camarade de classe",
        "compañero de clase", "compañera de clase", "ehemaliger klassenkamerad", "ehemalige klassenkameradin",
        // Vietnamese, Thai, Indonesian and Malay (session 23's probe of a family in Vietnam with
        // relatives in Bangkok, Jakarta and Kuala Lumpur): friend requests, invitations to a
        // game's team, posts in a group, mentions, follows, a chat's unread messages.
        "lời mời kết bạn", "đã mời bạn", "đã đăng trong", "đã nhắc đến bạn", "bắt đầu theo dõi bạn", "đã theo dõi bạn",
        "tin nhắn chưa đọc", "đã bày tỏ cảm xúc", "คำขอเป็นเพื่อน", "แท็กคุณ", "กล่าวถึงคุณ", "ถูกใจโพสต์ของคุณ",
        "แสดงความคิดเห็นในโพสต์ของคุณ", "เริ่มติดตามคุณ", "ข้อความที่ยังไม่ได้อ่าน", "permintaan pertemanan",
        "mulai mengikuti anda", "menyebut anda", "mengirimi anda pesan", "permintaan rakan", "mula mengikuti anda",
        "menyukai siaran anda", "mengulas siaran anda", "pesan belum dibaca", "mesej belum dibaca",
        // A pin board's and a video's notices ("Ideas for your board “Chem lab decor”", "New
        // comment on your video").
        "for your board", "new comment on your video", "new comment on your post", "new comment on your photo",
        // Korean networks' replies, neighbours, first-degree requests and new posts (session 23's
        // probe of a family in Seoul: "…님이 회원님의 댓글에 답글을 남겼습니다", "…님이 서연님을 이웃으로
        // 추가했습니다", "일촌 신청").
        "답글을 남겼습니다", "이웃으로 추가", "일촌 신청", "새 포스트를 올렸", "게시물에 태그",
        // German: a contact request in the network's polite form, a neighbour's greeting
        // (session 23's probe of a doctor in Hamburg).
        "als kontakt hinzufügen", "zu ihren kontakten hinzufügen", "hat dich begrüßt", "hat sie begrüßt",
        // Turkish in the familiar form networks use (session 23's probe of a family in Istanbul):
        // likes, mentions, connection and friend requests, a dating app's admirers, a group
        // chat's unread messages, a reply to the user's comment.
        "gönderini beğendi", "fotoğrafını beğendi", "bir gönderide andı", "bir yorumda andı", "bağlantı olarak eklemek istiyor",
        "arkadaş olarak eklemek istiyor", "seni beğenen", "okunmamış mesaj", "yorumuna yanıt", "yorumunuza yanıt",
        "seni takip etmeye başladı",
        // Mastodon's "You were mentioned by …" as its French, Spanish, Italian, Portuguese and
        // Dutch servers send it ("Vous avez été mentionné·e par Kalinda Moreau").
        "vous avez été mentionné", "has sido mencionad", "sei stato menzionat", "sei stata menzionat", "você foi mencionad",
        "je bent vermeld", "je bent genoemd",
        // A professional network's reminder of connection invitations waiting (work tools'
        // "invitations to join the workspace" are excluded by their domain).
        "pending invitations", "new invitations", "invitaciones pendientes", "invitations en attente", "convites pendentes", "inviti in sospeso",
        "ausstehende einladungen",
        // A friend's photos shared, or an e-card sent, through a site (session 26's probe of a
        // 2002 inbox: "Aoife Brennan has shared photos with you", "… has sent you a greeting card!").
        "shared photos with you", "shared an album with you", "shared a photo album with you", "sent you a greeting card",
        "received a greeting card", "sent you an ecard", "sent you an e-card", "received an ecard", "received an e-card",
        // Its classmates sites, guestbooks and friends' networks (session 26's probes of 2002 inboxes).
        "signed your guestbook", "guestbook entry", "new rating", "new classmates", "wants you to join his", "wants you to join her", "wants you to join their",
        "joined your class of", "left you a comment", "left a comment on your", "'n e-kaartjie gestuur", "'n kaartjie gestuur", "written a testimonial for you", "wrote a testimonial for you", "written you a testimonial", "heeft zich aangemeld bij jouw klas", "heeft zich aangemeld bij je klas", "heeft zich aangemeld bij uw klas",
        // Serbian (both scripts), Croatian and Slovenian (session 23's probe of a family between
        // Belgrade, Zagreb and Ljubljana): friend requests, network invitations, messages sent,
        // replies, kudos, posts in a group.
        "zahtev za prijateljstvo", "zahtjev za prijateljstvo", "prošnja za prijateljstvo", "захтев за пријатељство",
        "dodati v svojo mrežo", "želi vas dodati", "želi da vas doda", "vam je poslao", "vam je poslala", "вам је послао",
        "вам је послала", "vam je odgovorio", "vam je odgovorila", "vam je odgovoril", "vam dali kudos",
        "vam je dal kudos", "objava u grupi", "objava v skupini", "објава у групи",
        // A matrimonial site's interest, as India's send it ("Shruti D. has sent an Interest to Nikhil").
        "sent an interest", "sent you an interest", "expressed interest in your profile", "new profiles match your",
        "new profile matches your", "new matches for your partner preferences",
        // Greek (session 23's probe of a family in Athens): friendship, mentions, follows, a
        // game's challenge, a message sent.
        "να γίνετε φίλοι", "σας ανέφερε", "να σας ακολουθ", "σας προκαλεί", "σας έστειλε ένα μήνυμα", "σας έστειλε μήνυμα",
        // Hungarian, Czech and Slovak (session 23's probe of a family between Budapest, Brno and
        // Bratislava): friend requests, a game's challenge, messages, unread messages, a shared
        // album, birthdays.
        "ismerősnek jelölt", "kihívott", "üzenetet küldött", "olvasatlan üzenet", "megosztott veled", "születésnapja",
        "vyzval na partiu", "vyzvala na partiu", "vám poslal zprávu", "vám poslala zprávu", "vám poslal správu",
        "vám poslala správu", "nepřečtené zprávy", "neprečítané správy", "s vámi sdílí", "s vami zdieľa", "má dnes narozeniny",
        "má dnes narodeniny", "žádost o spojení", "žiadosť o priateľstvo",
        // Indonesian, as networks write it familiarly: an invitation to a squad, a reply to the
        // user's comment, kudos, a post in a group.
        "mengundangmu bergabung", "mengundang anda bergabung", "membalas komentar anda", "membalas komentarmu",
        "memberi kudos", "memposting di", "mengirimi anda permintaan",
        // A game's challenge; Persian and Russian unread messages and messages sent (session 23's
        // probes of families in Toronto with Iran, and in Haifa).
        "challenged you", "خوانده‌نشده", "خوانده نشده", "прислал вам сообщение", "прислала вам сообщение",
        "непрочитанных сообщ",
    ]

    /// What a network tells about the people the user follows or is connected to (their posts,
    /// shares, milestones), in a subject: "Priya shared an article", "Ben posted in Cyclists",
    /// "Ben commented on Anna's photo", "Maya has a work anniversary". Narrow on purpose: a
    /// shared *document, file or folder* is a work tool's notice, "commented on PROJ-12" a
    /// tracker's, "payment posted to your account" a bank's (transactional subjects never count).
    static let activityPattern = #"\bshared (a|an|\d+|their|his|her) (new )?(post|posts|article|photo|photos|video|videos|album|link|story|stories|memory|reel)\b|\bposted (in|a new|an? (photo|video|article|link|story|reel))\b|\bnew posts in (?!\d)|\b(nueva publicación en|nouvelle publication dans|nova publicação em|nuova pubblicazione in)\b|\b(ha compartido|compartió) (el|un) álbum\b|\b(commented on|reacted to) (a|an|the|their|his|her|([a-z0-9&.-]+ ){0,3}[a-z0-9&.-]+'s) (post|photo|video|status|story|reel|comment|article|link|moment|memory|album)\b|\badded \d+ (new )?(photos|videos)\b|\bhat \d+ (neue )?(fotos|videos|bilder) (zum|zu|in)\b|\bhat in [„"“].{1,60}[“"”] gepostet\b|\b(a ajouté|agregó|añadió|ha añadido|ha agregado|adicionou|ha aggiunto) \d+ (nouvelles |nuevas |novas |nuove )?(photos|fotos|foto|vidéos|videos|vídeos|video)\b|\band \d+ more posts\b|\bet \d+ autres publications\b|\bcommented on [“"«]|\btagged .{1,60} in (a|an|their|his|her) (post|photo|comment|video|story|reel)\b|\b\d+ (people|others) (saved|liked|shared|viewed|reposted) your\b|\b(publicou em|publicó en)\b|\ba publié dans\b|\bha pubblicato in\b|\bwork anniversary\b|\bcongratulate [a-z]+( [a-z]+)? (on|for) (her|his|their|\d+ years?)\b|'s birthday (today|is)\b|\b(is|are) now connected\b|\bjoined your network\b"#

    /// A network's summary of the user's own reach and circle, in the text: "Your posts were seen
    /// 214 times this week", "5 people viewed your profile", "You appeared in 12 searches",
    /// "3 new followers". Only a network counts these; a shop's or a bank's weekly summary never does.
    static let reachPhrases: [String] = [
        "your posts were seen", "your post was seen", "your posts were viewed", "your post was viewed", "viewed your profile",
        "profile views", "profile visitors", "appeared in", "new followers", "people in your network", "your connections",
        "impressions on your post", "reactions to your post", "people reacted to your", "people liked your",
        // People the user may know, counted by what they share ("14 mutual connections").
        "mutual connection", "mutual friend",
    ]

    /// A network's count of the user's reach in a subject: "Your article reached 100 reads",
    /// "Your shots got 48 likes", "You appeared in 14 searches this week", "5 new comments on
    /// your video", "Your video has 12.4K views", "1,204 people reached Desert Bloom Homes",
    /// "Your week on Shutterhood: 1,203 views, 2 new contacts" (session 26's probe of a 2002 inbox).
    static let reachSubject = #"\breached \d[\d,.]* (reads|views|readers|followers|citations)\b|\byour (video|post|reel|clip|short|photo|story|pin)s? (has|have|got|hit|passed) \d[\d,.]*[km]? (views|likes|plays)\b|\bappeared in \d[\d,.]* searches\b|\bapparue? dans \d+ recherches\b|\b(sie wurden|du wurdest) in \d+ suchen gefunden\b|\ba reçu \d+ (appréciations|j'aime|commentaires)\b|\bidées pour votre tableau\b|^\d[\d,.]* people reached\b|\b\d[\d,.]* new (comments|likes|reactions|replies) (on|to) your\b|\b(got|received) \d[\d,.]* (new )?(likes|comments|reactions|followers)\b|\bmendapat \d[\d,.]* (suka|komentar|pengikut)\b|\byour (week|month) on [\p{L}\d.]+\b.{0,40}\b\d[\d,.]* (new )?(views|followers|contacts|fans|likes|favou?rites|comments)\b"#

    /// Notifications whose words are split by a name or must close the subject, so no phrase
    /// can hold them: "Du wurdest von Markus erwähnt", "… hat dich in einem Beitrag markiert", a
    /// pin board's "Fresh ideas for your “Glaze inspo” board" (session 25), a dating site's
    /// message from a member's handle ("…a new message from trailgrrl_74") and its matches of the
    /// week, a board game's "knightowl77 moved in game #88213" (session 26), a game's, a group chat's, several people's
    /// doing gathered, a post that travels. An e-card under the site's brand ("Bernice Whitfield
    /// has sent you a Cardinal Greetings card!", "…a Cardamom Greeting!"; a bank's new debit card
    /// and a gift card are not), a guestbook with the site's name in it, a friend's circle
    /// (session 27's probes of 2001–2002 inboxes).
    static let notificationPattern = [#"\bnew (\p{L}+ ){1,2}from [a-z][a-z0-9.]*[_\d][a-z0-9_.]*\b|\bsent you an? ([\p{L}'’]+ ){0,2}(e-?card|greeting card|birthday card|christmas card|valentine'?s? card|holiday card)\b|\bsigned your ([\p{L}\d.-]+ )?guestbook\b|\badded you to (the |her |his |their )?.{0,60}\bfamily tree\b|\b\d+ ([\p{L}\d'’]+ ){0,4}(classmates|schoolmates|alumni) (just |have |has )*(joined|updated|changed|added|posted)\b|^\d+ new (people|classmates|schoolmates|members) from\b|\bwants to be your ([\p{L}\d]+ )?(friend|buddy|contact)\b|\bnew comments? on your ([\p{L}\d]+ )?(page|profile|wall|journal|guestbook)\b|\bnew match(es)?\b(?!\s*(found|for your))(?!\(es\))|\b(tens|você tem|tienes|tiene|vous avez|tu as|hai|du hast|sie haben) (um |un |una |ein )?(novo|nuevo|nouveau|nuovo|neues) match\b|\bwants to add you (to (his|her|their) ([\p{L}\d]+ )?(circle|friends|friends list|network|contacts|buddy list)|as a (friend|contact|buddy))\b|\byour (\p{L}+ )?matches for (the week|this week|today)\b|\byou have \d+ new matches\b|\bmoved in game\b|\bdu wurdest (von .{1,40} )?erwähnt\b|\bhat dich zu [„"“].{1,80}eingeladen\b|\bhat (dich|sie) (in|auf) .{1,40} markiert\b|\bfor your ["“'‘][^"”'’]{1,40}["”'’] board\b"#, eCardPattern, gamePattern, groupChatPattern, crowdPattern, viralPattern,
                                      koreanPersonActingPattern, birthdayPattern]
        .joined(separator: "|")

    /// "Your November on Stridely", "Your week on …", "Your 2026 on …" (`isNotification`).
    private static let recapOfTheUsersPeriod = try? NSRegularExpression(pattern: #"^your (week|month|year|\#(CategoryVocabulary.months)|\d{4}) on [\p{L}\d.]+"#)

    /// Someone's celebration: "Tyler's First Birthday", "Ana's baby shower" (`isNotification`).
    private static let someonesParty = try? NSRegularExpression(pattern:
        #"\b[\p{L}]+'s (\p{L}+ ){0,2}(birthday|party|shower|wedding|anniversary|bbq|barbecue|housewarming|celebration|graduation|reunion)\b"#)

    /// An e-card a person sent through a site, under the site's brand ("Bernice Whitfield has
    /// sent you a Cardinal Greetings card!", "…a Cardamom Greeting!", "You have received a
    /// Bluegreet card from Ed Szymanski!", session 27's probes); the card a bank, a shop or a
    /// phone company sends (a new debit card, a gift card, a SIM card) is named by its kind.
    static let eCardPattern = #"\bhas sent you an? ([\p{L}'’-]+ ){1,2}"# + notAGreetingCard + #"(card|greeting)!?$|\b(received|got) an? ([\p{L}'’-]+ ){0,2}"#
        + notAGreetingCard + #"(e-?card|card|greeting) from\b"#

    /// The kinds of card that are no greeting, as a look-behind before "card".
    private static let notAGreetingCard = #"(?<!gift |credit |debit |bank |membership |loyalty |reward |rewards |sim |id |prepaid |virtual |store |key |library |report |business |new |replacement |boarding |access |member |discount |sd |memory |club |fidelity |payment |health |insurance |student )"#

    /// A game's notices: "It's your turn!" or "It's your move 🎲" closing the subject or followed by
    /// the move ("Your move! lindapat played QUIXOTE in Letter Duel (game #58213)"), a word played for points (a shop's
    /// "It's your turn to save" is not one), the same in six languages with the game's words, a
    /// gift "on" the platform (a shop's "We sent you a gift" is not), lives or coins sent, a squad's
    /// or a clan's invitation, a clan's news, a ladder's challenge between clans by their tags
    /// ("[NWB] challenged by [DoA]", "Challenge received: {OzR} Oz Railgunners vs [KL]", session
    /// 26's probes of 2002 gamers).
    static let gamePattern = #"\bit[’']s your (turn|move)[.!]*( \S+)?$|\b(it[’']s )?your (turn|move)!.*\b(played|move|moved|game|round|match)\b|\bplayed [^ ]{2,20} for \d+ points\b|(è il tuo turno|es tu turno|c'est ton tour|c'est à toi de jouer|du bist am zug|du bist dran|jij bent aan zet|é a sua vez|é sua vez).*\b(contro|contra|against|gegen|tegen|partita|partida|partie|spiel|game|match)\b|\b(it's )?your (turn|move)\b.{0,40}\b(against|vs\.?|game #?\d+)|\bsent you a gift on\b|\bclan (news|match|war|wars|meeting)\b|\bmatch scheduled:? [\[{(]|\b(challenged by|challenge (received|accepted|declined) ?:?|vs\.?) [\[{][^\]}]{1,8}[\]}]|\bsent you (\d+|a|an|some|free) (extra )?(lives|life|coins|gems|spins|energy)\b|\binvited you to (join )?(the |their |a |an |her |his |my )?[“"]?([^”"]{0,40} )?(squad|clan|guild|party|lobby|raid|league)\b|\binvited you to an? ([\p{L}'’-]+ )?(table|game|match) (at|on)\b|\binvited you to (a game of|play) \p{L}|\bpartie\b.{0,40}\bà (vous|toi) de jouer\b"#

    /// "Jennifer Park invites you to join Linkwell": a person's name and one word of a site's name.
    private static let personInvitesToJoin = try? NSRegularExpression(pattern:
        #"^\p{Lu}[\p{L}'’-]+ (\p{Lu}\.? )?\p{Lu}[\p{L}'’-]+ (invites|has invited|invited) you to join [\p{L}\d.]+[.!]?$"#)

    /// "ChessAndCrates, you have a new message from BishopTakesQueen": a handle is one run of
    /// letters with an inner capital, a digit or an underscore; people's first names are not.
    private static let handleToHandleMessage = try? NSRegularExpression(pattern:
        #"^[A-Za-z0-9_.-]*([a-z][A-Z]|\d|_)[A-Za-z0-9_.-]*, you have (a )?new (message|wink|flirt|e-?mail)s? from [A-Za-z0-9_.-]*([a-z][A-Z]|\d|_)[A-Za-z0-9_.-]*[.!]?$"#)

    /// A group chat's news: "14 unread messages and 1 mention in …", "37 nuovi messaggi in «…»" in
    /// nine languages, "Hai 23 messaggi non letti in «Famiglia»" in six, a chat server's "3 unread mentions in Pixel Pushers and 1 other server" (a
    /// shop's "3 new messages from the seller" names no group), a messenger's "Amara sent you 2
    /// Chats".
    static let groupChatPattern = #"\bsent you (\d+|a) (new )?(chats?|snaps?)\b|\byou have \d+ (new |unread )?mentions? in\b|\bunread messages? and \d+ mentions? in\b|\bunread mentions? in\b|\band \d+ other servers?\b|\b\d+ (new|nuovi|nieuwe|neue|nouveaux|nuevos|novas|novos|nya|nye|nowych|новых|нових) (messages|messaggi|berichten|nachrichten|mensajes|mensagens|meddelanden|meldinger|wiadomości|сообщений|повідомлень) (in|en|em|dans|i|w|в|у)\b|\b\d+ (messaggi non letti|mensajes sin leer|messages non lus|ungelesene nachrichten|mensagens não lidas|ongelezen berichten) (in|en|em|dans|no|na|im)\b"#

    /// "Anna and 4 others liked your photo", in the languages the client meets, where the words
    /// cannot be a shop's "and 2 other items": a network gathering what several people did
    /// ("Julien Morel et 4 autres ont donné des bravos", "Laura Gómez y 4 personas más te
    /// siguieron", "Bram en 4 anderen gaven kudos").
    static let crowdPattern = #"\band \d+ (others|other people)\b|\b(\d+|two|three|four|five|six|seven|eight|nine|ten) (new )?(people|classmates|friends|schoolmates) from .{2,60} (have|has|just) joined\b|님 외 \d+명이|\bve diğer \d+ kişi\b|\bin še \d+ drugi\b|\bκαι \d+ ακόμη\b|\ba \d+ (ďalší|další|dalších|ďalších)\b|\bés \d+ további\b|\bdan \d+ lainnya\b|\bi još \d+ (osoba|drugih|ljudi)\b|\ben \d+ anderen\b|\by \d+ personas( más)?\b|\bet \d+ autres (personnes|ont|vous)\b|\bund \d+ weitere (personen|haben|gefällt)\b|\be altri \d+\b|\be altre \d+ persone\b|\bgefällt \d+ (personen|leuten|mitgliedern)\b|\be (mais|outras) \d+ pessoas\b|\boch \d+ andra (personer|har|gillar)\b|\bog \d+ andre (personer|har|liker|synes)\b|\bi \d+ persones més\b"#

    /// Korean names a person acting on the user as "X님이 회원님을/의/에게 …" or "X님이 서연님을 …"
    /// ("Mr X … you, member"); a shop writes "회원님의 주문" with nobody acting.
    static let koreanPersonActingPattern = #"\S님이 ([가-힣]{1,4}님)(을|의|에게|께|를)"#

    /// A friend's birthday told by the network, the name between the words: "오늘은 김민지님의
    /// 생일입니다", "今日は川村真由さんの誕生日です", "Bugün Ayşe Yılmaz'ın doğum günü".
    static let birthdayPattern = #"오늘은 .{1,20}님의 생일|今日は.{1,20}さんの誕生日|^heute hat .{1,40} geburtstag\b|^hoy es el cumpleaños de\b|^oggi è il compleanno di\b|\bbugün .{1,40}\bdoğum günü\b"#

    /// A network's word that the user's post travels: "Your video is taking off: 52K views", "Your
    /// photo “NKP 765 at Bellevue” was added to a gallery",
    /// "Your photo “First light” just hit Popular".
    static let viralPattern = #"\byour (video|post|reel|clip|photo|story|pin)s? (is|are) (taking off|trending|going viral|blowing up|getting attention|getting noticed)\b|\byour (video|post|reel|clip|photo|shot|story|pin)\b.{0,80}\b(hit|made it to|made|landed on|is on) (the )?(popular|trending|explore|front page)\b|\byour (photo|shot|video|post|pin)\b.{0,80}\bwas added to (a|the|their|\d+) (gallery|galleries|collection|collections|board|boards|playlist)\b"#

    /// A person messaging or recommending the user's page on a network ("Thandi Dlamini messaged
    /// Annemarie Photography", "Carla Diaz sent a message to Kowalski Lawn", "Zara Ahmed recommends
    /// Cotham Crumb Bakery"): a name, then the verb, from a network's machine; neighbours
    /// recommending it on a neighbourhood network likewise.
    static let pageActivityPattern = #"^(\p{Lu}[\p{L}'’.-]+ ){1,4}(messaged|sent a message to|recommended|recommends) \p{Lu}|^(Neighbours|Neighbors) (are recommending|recommended|recommend) \p{Lu}"#

    /// A comment quoted after a lower-case handle ("abuelarosa52 commented: Qué orgullo mijo").
    static let quotedCommentPattern = #"^[a-z0-9_.]{3,30} commented: "#

    /// A neighbourhood network's digest, led by a neighbour's post quoted or set off by a dot, or
    /// counting the posts near the user ("“Anyone have a lawn guy they trust?” and more from
    /// Northfield Commons", "Free rug · and 4 more from Willowdale West", "Lost dog near
    /// Lafayette Rd + 4 more posts nearby", "Lost orange tabby on W Sevilla + 4 more posts in
    /// Bayside Heights" (session 26), "Trending near Alum Rock: “…”", "Lost cat – ginger
    /// tom, answers to Biscuit, and more near you", session 25).
    static let neighbourhoodDigestPattern = #"^[“"].{3,150}[”"] and (\d+ )?more from \p{Lu}|\S ·\s+and \d+ more from \p{Lu}| \+ \d+ more posts (nearby|near you)$| \+ \d+ more posts in \p{Lu}[^,:]{2,40}$|, and more near you$|\bnear\b.{1,60} \+ \d+ more posts?$|^Trending (in|near) [^:]{2,40}: [“"]"#

    /// A community network's post named by its community the way Reddit writes it ("… -
    /// r/buildapc"): the network's digest or trending post, as mail from reddit.com is.
    static let communityPattern = #"(^|[\s(\[])r/[A-Za-z0-9_]{2,21}\b"#

    /// The patterns above, which read the subject as written (capitals name people, places and
    /// handles), joined and compiled once.
    static let caseSensitivePatterns = [pageActivityPattern, quotedCommentPattern, neighbourhoodDigestPattern, communityPattern, handleRepliedPattern]

    /// A member's lower-case handle replying to the user's review or comment on a reading or
    /// review community ("wheatfieldreader replied to your review of Peace Like a River", session
    /// 27's probe); a shop's "The seller replied to your review" opens with a capital.
    static let handleRepliedPattern = #"^[a-z][a-z0-9_.]{2,29} (replied to|commented on|liked) your (review|comment|post|entry|list)\b"#
    private static let caseSensitiveRegex = try? NSRegularExpression(pattern: caseSensitivePatterns.map { "(?:\($0))" }.joined(separator: "|"))

    /// Posts of a community network listed with their authors' "u/" handles and their upvotes.
    /// Asked of every machine-sent message that reaches it, so compiled once (as session 24 did).
    static func isCommunityDigest(_ text: String) -> Bool {
        matches(memberHandleRegex, text) && matches(upvotesRegex, text)
    }
    private static let memberHandleRegex = try? NSRegularExpression(pattern: #"(^|[\s(\[·])u/[A-Za-z0-9_-]{3,20}\b"#)
    private static let upvotesRegex = try? NSRegularExpression(pattern: #"\b\d[\d.,]*k? upvotes\b"#, options: .caseInsensitive)

    /// Whether the subject opens with a network's handle: "@name", or a lower-case name joined by
    /// an underscore or by dots ("mitsos_thess", "lucy.draws", "elif.kaya.izmir"), or a gamer's
    /// tag of any case numbered after an underscore ("NovaKnight_77"). A product's or a file's
    /// name ("node.js", "office365", "notes.txt") and a web address are no handle.
    static func isLedByHandle(_ subject: String) -> Bool {
        guard let first = subject.split(separator: " ", maxSplits: 1).first, subject.contains(" ") else { return false }
        // A list of handles is led by the first and its comma ("rino.vomero, chiara.colombo.mi e altre 12 …").
        let token = String(first.hasSuffix(",") ? first.dropLast() : first)
        if token.hasPrefix("@") { return token.count >= 3 && token.dropFirst().allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } }
        if matches(gamerTagRegex, token) { return true }
        guard matches(lowerCaseHandleRegex, token) else { return false }
        if token.contains("_") { return true }
        let last = token.split(separator: ".").last.map(String.init) ?? ""
        return last.count >= 3 && !notHandleEndings.contains(last)
    }

    /// A gamer's tag numbered after an underscore, and a lower-case name joined by dots or
    /// underscores (`isLedByHandle`), compiled once.
    private static let gamerTagRegex = try? NSRegularExpression(pattern: #"^[A-Za-z][A-Za-z0-9]{2,}_\d{1,4}$"#)
    private static let lowerCaseHandleRegex = try? NSRegularExpression(pattern: #"^[a-z][a-z0-9]*([._][a-z0-9]+)+_?$|^[a-z][a-z0-9]*_$"#)

    /// Endings that make a dotted name a web address or a file rather than a handle.
    static let notHandleEndings: Set<String> = ["com", "net", "org", "app", "dev", "info", "biz", "edu", "gov", "txt", "pdf", "csv",
                                                "zip", "doc", "docx", "xls", "xlsx", "png", "jpg", "jpeg", "html", "php", "exe"]

    /// The subject patterns above, compiled once: `isNotification` reads every machine-sent
    /// message's subject with them, and the joined notification pattern alone is some 1,800
    /// characters.
    private static let reachRegex = try? NSRegularExpression(pattern: reachSubject)
    private static let notificationRegex = try? NSRegularExpression(pattern: notificationPattern)
    private static let newEventRegex = try? NSRegularExpression(pattern: #"^new (\p{L}+ )?event\b"#)
    private static let activityRegex = try? NSRegularExpression(pattern: activityPattern)

    /// A site writing about the person it relays, under that person's name: the subject opens
    /// with the sender's own name and a deed ("Kate Pryor has shared photos with you" from "Kate
    /// Pryor (via Snapalbum)", session 26's probe), as nobody writes of themselves.
    static func speaksOfItsSender(_ input: CategorizationInput) -> Bool {
        guard let raw = input.from?.name else { return false }
        let name = raw.components(separatedBy: "(").first?.trimmingCharacters(in: CharacterSet(charactersIn: " '\"")).lowercased() ?? ""
        guard name.split(separator: " ").count >= 2 else { return false }
        let subject = input.subject.lowercased()
        return ["has", "have", "sent", "shared", "invited", "wants", "added", "tagged", "signed", "commented", "posted", "just"]
            .contains { subject.hasPrefix(name + " " + $0 + " ") }
    }

    static func matches(_ regex: NSRegularExpression?, _ text: String) -> Bool {
        regex?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// The domain it came from, when that is a social network.
    static func network(domain: String) -> String? {
        domains.first { domain == $0 || domain.hasSuffix("." + $0) }
    }

    /// A machine sender reporting what another person did to the user or in the user's circle,
    /// or what the user's posts reached, not from a work tool.
    static func isNotification(subject: String, text: String = "", domain: String, machineSender: Bool) -> Bool {
        guard machineSender, !ServiceMail.isWorkTool(domain), !ServiceMail.isWorkChatDigest(text),
              !ServiceMail.isSchoolMessenger(subject: subject, text: text) else { return false }
        let original = subject
        let lowered = subject.lowercased()
        // A forum's or a community board's notice of a reply ("New reply to watched thread", a
        // Korean cafe's "내 글에 새 댓글이 달렸습니다") is the forum's, however social its words.
        if ForumSoftware.isAnswerNotice(lowered) { return false }
        // Typographic apostrophes ("It’s a match!") spelt as the phrases are.
        let subject = lowered.replacingOccurrences(of: "’", with: "'")
        // "…accepted your invitation to Acme / to join the workspace" is a service's sign-up news;
        // a network's connection ("…accepted your invitation", "…to connect") stays social.
        if subject.range(of: #"accepted your invitation to (?!connect)|a accepté votre invitation à (?!se connecter)|ha aceptado tu invitación (a|para) (?!conectar)|ha accettato il tuo invito (a|per) (?!collegarsi)|einladung (zu|für) .{0,30}angenommen"#,
                         options: .regularExpression) != nil { return false }
        // A marketplace passing on a buyer's message about a listing ("Hannah K. sent you a message
        // about Ash Glaze Serving Bowl", session 25's probe) is the shop's business, as its "New
        // message about …" is.
        if subject.contains("sent you a message about") { return false }
        // A discount in the subject is the network's upsell, whatever it tells of the user's
        // circle ("Jeff, 7 classmates viewed your profile - see who (40% off Gold)", session 27).
        if subject.contains("% off"), subject.range(of: #"\d\s?% off\b"#, options: .regularExpression) != nil { return false }
        if notificationPhrases.contains(where: { subject.contains($0) }) { return true }
        if matches(reachRegex, subject) || matches(notificationRegex, subject) { return true }
        if matches(activityRegex, subject) && !CategoryVocabulary.isTransactional(subject: subject) {
            return true
        }
        let opening = text.lowercased().prefix(400)
        // An e-card whose subject is the greeting itself ("Happy 48th Anniversary, Joan & Walt!
        // ♥" from "Dot Fenwick (via CardCove)", session 27's probe): its text says a card was sent.
        if subject.hasPrefix("happy "),
           opening.range(of: #"\bsent you an? ([\p{L}'’-]+ ){0,3}(e-?card|greeting card|greeting)\b|\bpick up your (e-?)?card\b"#, options: .regularExpression) != nil { return true }
        // A network's digest of a group the user belongs to ("Daniela, see what's new in
        // Leslieville Neighbours & Parents"): its text tells the members' posts and comments.
        if subject.contains("see what's new in"),
           opening.range(of: #"\bwhat you missed\b|\b\d+ comments\b|\bnew posts?\b|\bmembers?\b"#, options: .regularExpression) != nil { return true }
        // A friend's party sent by an invitation site ("You're invited: Tyler's First Birthday!",
        // session 27's probe): someone's celebration, and a host and an RSVP in its text; a
        // shop's "You're invited: our VIP sale" names no one's party.
        if subject.hasPrefix("you're invited") || subject.hasPrefix("you are invited") || subject.contains("invited you to"),
           matches(someonesParty, subject),
           opening.range(of: #"\brsvp\b|\bhosted by\b|\bhost:"#, options: .regularExpression) != nil { return true }
        // A network's recap of the user's month ("Your November on Stridely 🏃 87.4 miles"), its
        // text telling of followers or kudos; a shop's "Your November on Acme" tells of neither.
        if subject.hasPrefix("your "), matches(recapOfTheUsersPeriod, subject),
           opening.range(of: #"\b(new )?followers?\b|\bkudos\b|\bfollowed you\b"#, options: .regularExpression) != nil { return true }
        // A comment on the user's journal entry ("[inkjournal] Reply to your post “new box is
        // alive”", "Reply to your entry …", session 27's probes of 2003 journal communities): its
        // text says someone replied to the user's entry and speaks of the journal; a forum's
        // reply notice speaks of threads and topics instead. Plain text wraps its lines anywhere
        // ("… replied\nto your Inkwell post", session 28's probe).
        if subject.contains("reply to your "), subject.range(of: #"\breply to your (post|entry|journal entry)\b"#, options: .regularExpression) != nil,
           opening.range(of: #"\breplied\s+to\s+your\s+([\p{L}\d.]+\s+)?(entry|post)\b"#, options: .regularExpression) != nil,
           text.lowercased().prefix(1_500).contains("journal") { return true }
        // A dating site passing on a member's message ("ChessAndCrates, you have a new message from
        // BishopTakesQueen", session 28's probe): it names both members by their handles (run
        // together, with an inner capital or a digit), or its text speaks of the member's visits
        // to the user's profile; a bank's "John, you have a new message from your adviser" does
        // neither.
        if subject.contains("new message from"),
           matches(handleToHandleMessage, original)
            || opening.range(of: #"\b(viewed|visited|looked at) your profile\b|\bwinked at you\b"#, options: .regularExpression) != nil { return true }
        // A friend's invitation to a network by its own name ("Jennifer Park invites you to join
        // Linkwell", session 28's probe): a person named, the site's own brand, and a text about
        // the network; a work tool's invitation is excluded above by its domain, and one whose
        // text speaks of no network, friends or profile is not read so.
        if subject.contains("you to join"), matches(personInvitesToJoin, original),
           opening.range(of: #"\b(network|friends|profile|connect(ed|s)?)\b"#, options: .regularExpression) != nil { return true }
        // A friend's album shared through a photo site ("Carla Hayes has shared “Easter at
        // Mama's” with you", session 27's probe): its text speaks of photos; a work tool's shared
        // document (excluded above by its domain) or a shop's shared wish list does not.
        if subject.contains("with you"), subject.contains("shared"),
           subject.range(of: #"\bshared\b.{1,80}\bwith you\b"#, options: .regularExpression) != nil,
           opening.range(of: #"\b(photos|pictures|pics|album|slideshow|snapshots)\b"#, options: .regularExpression) != nil { return true }
        // A streamer the user follows going live ("lunarpixl is live: ranked grind", "… just went
        // live"), named by a handle (lower-case, as people write them) or told by a streaming
        // network's text (a stream, its viewers, "because you follow"); a shop's "Our sale is
        // live" is neither.
        // (A conference's "early-bird tickets are live (40% off)" with a "Data & Streaming" track sells.)
        if subject.range(of: #"\b(is|are|just went|went) live\b"#, options: .regularExpression) != nil,
           CategoryVocabulary.score(subject: subject, body: "").promotions < 2,
           original.range(of: #"^[a-z0-9_.]{3,25} (is|just went|went) live\b"#, options: .regularExpression) != nil
            || opening.range(of: #"\bstream(ing|s|er)?\b|\bviewers\b|\byou follow\b|\blive notifications\b"#, options: .regularExpression) != nil {
            return true
        }
        // A network's event invitation ("Tom Harris invited you to Quiz Night at The Crown") or a
        // group's new event on it ("New event: April Social at The Blue Anchor"): its text says
        // whose event it is and who is going ("37 people going"); a work tool's "invited you to
        // Acme" says neither.
        // A friend's invitation to join a network: its text speaks of friends and who they know
        // ("…has invited you to join his circle of friends on Circlemate", session 26's probe);
        // a work tool's invitation to a workspace or a project does not.
        if subject.contains("invited you to join") || subject.contains("wants you to join"),
           opening.range(of: #"\b(circle|network|networks) of friends\b|\b(his|her|their) friends\b|\bfriends on\b|\bwho your friends know\b|\bfantasy\b|\b(his|her|their|my) league\b"#,
                         options: .regularExpression) != nil { return true }
        // The network may name itself ("New Gatherly event: November Hack Night"), and a group's
        // announcement tells its plan before who is going (session 26's probe).
        let announcesEvent = subject.contains("invited you to") || subject.contains("new meetup") || subject.contains("scheduled a new event")
            || (subject.hasPrefix("new ") && subject.contains("event") && matches(newEventRegex, subject))
        if announcesEvent, text.lowercased().prefix(1_500).range(of: #"\binvited you to (his|her|their|an|a) event\b|\b\d+ (people |members )?(are )?(going|interested)\b|\b(are|is) going\b"#,
                                                                 options: .regularExpression) != nil { return true }
        // A video's or a post's new comment, the post named by its title ("New comment on “Elephant
        // toothpaste in slow motion”"), on a network whose text says what was commented; a work
        // tool's comment on a document is excluded above.
        if subject.range(of: #"^(new comments? on|nouveau commentaire sur|nuevo comentario en|nuovo commento su) [“"«]"#, options: .regularExpression) != nil,
           opening.range(of: #"\b(your )?(video|vidéo|vídeo|channel|chaîne|post|publication|photo|reel|story)\b"#, options: .regularExpression) != nil { return true }
        // A notice led by the acting person's handle, as photo, video and micro-blogging networks
        // write it in any language ("@zvezdarac_1989 vam je odgovorio", "elif.kaya.izmir ve diğer
        // 12 kişi …"), which no shop's or service's subject opens with (`isLedByHandle`).
        if isLedByHandle(original) && !CategoryVocabulary.isTransactional(subject: subject) { return true }
        // A page's visitors, a quoted comment, a neighbourhood's digest, a Reddit community, read
        // in the subject as written (`caseSensitivePatterns`).
        if matches(caseSensitiveRegex, original) { return true }
        // A community network's digest of trending posts, its members named as Reddit names them
        // ("t/AshfallHollow · u/pineapple_warden … 4.2k upvotes · 861 comments"), whatever the
        // subject (session 25's probe: a post's title as the subject went to updates).
        if isCommunityDigest(text) { return true }
        // "appeared in" needs the network's own object: "appeared in 12 searches". A network's
        // upsell names the same reach as a feature ("See who viewed your profile"): a subject that
        // sells ("1 month of Premium for $0") is no report of the user's reach.
        let reportsReach = reachPhrases.contains { phrase in
            guard opening.contains(phrase) else { return false }
            return phrase != "appeared in" || opening.range(of: #"appeared in \d+ searches"#, options: .regularExpression) != nil
        }
        // A free month or trial offered in the subject is the upsell too ("Darren, your free month
        // of Premium Business is waiting", session 25's probe).
        let offersTrial = subject.range(of: #"\bfree (month|trial|week)s?\b|\b(month|trial) (of|for) (free|\$0)\b|\btry\b.{1,30}\bfree\b"#, options: .regularExpression) != nil
        return reportsReach && !offersTrial && CategoryVocabulary.score(subject: subject, body: "").promotions < 2
    }
}

/// Services whose mail is notifications about work (code hosting, trackers, chat, shared
/// documents, helpdesks): "Ann mentioned you in PROJ-12" or "…in a comment" reads like a social
/// notification and "Re: [org/repo] …" like a list discussion, but both are updates.
enum ServiceMail {
    static let workToolDomains: Set<String> = [
        "github.com", "gitlab.com", "bitbucket.org", "atlassian.net", "atlassian.com", "slack.com", "asana.com",
        "trello.com", "notion.so", "figma.com", "zoom.us", "monday.com", "clickup.com", "linear.app", "basecamp.com",
        "launchpad.net", "sourceforge.net", "readthedocs.org", "circleci.com", "travis-ci.com", "sentry.io", "pagerduty.com",
        // shared documents and files ("Ann mentioned you in a comment", "Ben shared a folder with you")
        "docs.google.com", "drive.google.com", "dropbox.com", "dropboxmail.com", "box.com", "sharepoint.com",
        "sharepointonline.com", "onedrive.com", "miro.com", "canva.com", "airtable.com", "coda.io", "quip.com",
        "docusign.net", "docusign.com", "calendly.com", "loom.com", "teams.microsoft.com",
        // helpdesks ("Maria replied to your request")
        "zendesk.com", "freshdesk.com", "helpscout.net", "intercom-mail.com", "intercom.io", "zohodesk.com", "kayako.com",
    ]

    static func isWorkTool(_ domain: String) -> Bool {
        workToolDomains.contains { domain == $0 || domain.hasSuffix("." + $0) }
    }

    /// A school's messaging app passing on a teacher's message to a class's families ("Elena
    /// Rivera sent you a message" over "Dunmore Heights Elementary - 4th Grade"): the school's
    /// notice, not a network's (session 25's probe). Known by the school or the class named at
    /// the head of the text; a parents' group's post on a network ("Tiffany Carter posted in
    /// Dunmore Heights Elementary Parents") is the network's still.
    /// Asked of every machine-sent message, so its patterns are compiled once.
    static func isSchoolMessenger(subject: String, text: String) -> Bool {
        guard SocialNetworkMail.matches(messageNoticeRegex, subject) else { return false }
        let opening = String(text.prefix(300))
        return SocialNetworkMail.matches(schoolRegex, opening) && SocialNetworkMail.matches(classRegex, opening)
    }
    private static let messageNoticeRegex = try? NSRegularExpression(pattern: #"\b(sent you a (new )?message|new message from|messaged you)\b"#,
                                                                      options: .caseInsensitive)
    private static let schoolRegex = try? NSRegularExpression(
        pattern: #"\b(elementary|middle school|high school|primary school|kindergarten|preschool|\d+(st|nd|rd|th) grade|grade \d+|teacher|homeroom)\b"#,
        options: .caseInsensitive)
    private static let classRegex = try? NSRegularExpression(pattern: #"\b(class|classroom|school|families|parents|students)\b"#, options: .caseInsensitive)

    /// A work chat's digest of unread messages from any vendor, known by its text: a channel's
    /// name alone on a line ("#q4-launch"), with direct messages or a workspace named beside it
    /// (session 25's probe: "Marcus Bell and 2 others sent you messages in Tallgrass Goods" from an
    /// unknown chat tool went to social). A network's notice lists no channels.
    static func isWorkChatDigest(_ text: String) -> Bool {
        let lower = text.lowercased()
        guard ["direct message", "workspace", "unread messages in"].contains(where: { lower.contains($0) }) else { return false }
        return SocialNetworkMail.matches(channelLineRegex, lower)
    }
    private static let channelLineRegex = try? NSRegularExpression(pattern: #"^\s*#[a-z0-9][a-z0-9_.-]{1,40}\s*$"#, options: .anchorsMatchLines)
}
