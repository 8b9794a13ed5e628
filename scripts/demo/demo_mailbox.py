#!/usr/bin/python3
"""Writes Hearth's demo mailbox: a believable few weeks of one person's mail, as a Maildir.

    demo_mailbox.py --out DIR [--today YYYY-MM-DD]

Alex Morgan, product designer at Northwind, gets what a real inbox gets: conversations with
colleagues, friends and family (with Alex's own replies in Sent), newsletters, receipts and
shipping notices, mailing-list discussions, social-network notifications, calendar invites and
attachments (PDF, PNG, CSV, .ics). Dates are relative to today (`--today`, default the current
date), so the newest mail is always from this morning; everything else is fixed, so two runs on
the same day write identical files. Product code, not a test fixture: the rig's seeder
(testenv/rig/lib/seed.py) stays what the tests and benchmarks use. Standard library only.
"""
import argparse
import base64
import datetime
import hashlib
import os
import struct
import zlib
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import format_datetime, formataddr

ME = ("Alex Morgan", "alex.morgan@example.com")
DOMAIN = "example.com"

# People Alex writes with: (name, address, relation)
PEOPLE = {
    "maya": ("Maya Chen", "maya.chen@northwind.example.com"),          # manager
    "jonas": ("Jonas Weber", "jonas.weber@northwind.example.com"),     # engineer
    "priya": ("Priya Raman", "priya.raman@northwind.example.com"),     # researcher
    "sofia": ("Sofía Herrera", "sofia@herrera-studio.example.net"),    # freelance illustrator
    "dad": ("Tom Morgan", "tom.morgan@example.org"),                   # father
    "lena": ("Lena Morgan", "lena.morgan@example.org"),                # sister
    "ben": ("Ben Okafor", "ben.okafor@example.net"),                   # friend
    "claire": ("Claire Dubois", "claire.dubois@example.net"),          # friend, climbing
    "kenji": ("Kenji Sato", "kenji@sato-architects.example.com"),      # landlord/architect
}


# ---------------------------------------------------------------------------------------------
# Small binary attachments, made here so the demo needs no files.

def tiny_pdf(title, lines):
    """A valid one-page PDF that shows `lines` (Helvetica, no compression)."""
    text = "BT /F1 12 Tf 56 780 Td 16 TL (" + title.replace("(", "[").replace(")", "]") + ") Tj"
    for line in lines:
        text += " T* (" + line.replace("(", "[").replace(")", "]") + ") Tj"
    text += " ET"
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R "
        "/Resources << /Font << /F1 5 0 R >> >> >>",
        "<< /Length %d >>\nstream\n%s\nendstream" % (len(text), text),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = b"%PDF-1.4\n"
    offsets = []
    for n, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += ("%d 0 obj\n%s\nendobj\n" % (n, body)).encode("latin-1")
    xref = len(out)
    out += ("xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)).encode()
    for off in offsets:
        out += ("%010d 00000 n \n" % off).encode()
    out += ("trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)).encode()
    return out


def tiny_png(width, height, seed):
    """A small PNG: a soft diagonal gradient whose colours depend on `seed`."""
    h = hashlib.sha256(seed.encode()).digest()
    r0, g0, b0, r1, g1, b1 = h[:6]
    rows = b""
    for y in range(height):
        row = b"\x00"
        for x in range(width):
            t = (x + y) / float(width + height)
            row += bytes((int(r0 + (r1 - r0) * t) & 255, int(g0 + (g1 - g0) * t) & 255, int(b0 + (b1 - b0) * t) & 255))
        rows += row

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def ics_invite(uid, summary, start, minutes, location, organizer):
    end = start + datetime.timedelta(minutes=minutes)
    fmt = "%Y%m%dT%H%M%SZ"
    return "\r\n".join([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Hearth demo//EN", "METHOD:REQUEST",
        "BEGIN:VEVENT", "UID:" + uid, "DTSTAMP:" + start.strftime(fmt),
        "DTSTART:" + start.strftime(fmt), "DTEND:" + end.strftime(fmt),
        "SUMMARY:" + summary, "LOCATION:" + location,
        "ORGANIZER;CN=%s:mailto:%s" % organizer,
        "ATTENDEE;CN=%s;RSVP=TRUE:mailto:%s" % ME,
        "END:VEVENT", "END:VCALENDAR", ""])


# ---------------------------------------------------------------------------------------------
# The mailbox as data: each message is written by `Mailbox.add`.

class Mailbox:
    def __init__(self, out, today):
        self.out = out
        # "Now" is 08:40 UTC today: the newest mail arrived this morning.
        self.now = datetime.datetime.combine(today, datetime.time(8, 40), tzinfo=datetime.timezone.utc)
        self.count = 0
        self.ids = {}          # key -> Message-ID
        self.references = {}   # key -> the Message-IDs above it, oldest first

    def at(self, days, hour=None, minute=0):
        """`days` days before now, at `hour`:`minute` UTC (default: now's time of day)."""
        moment = self.now - datetime.timedelta(days=days)
        if hour is not None:
            moment = moment.replace(hour=hour, minute=minute)
        return min(moment, self.now)

    def msgid(self, key, domain):
        digest = hashlib.sha1(key.encode()).hexdigest()[:16]
        return "<%s@%s>" % (digest, domain)

    def add(self, key, sender, to, subject, date, body, *, html=None, folder="INBOX", seen=True,
            flagged=False, reply_to_key=None, cc=(), headers=(), attachments=(), answered=False):
        msg = EmailMessage(policy=SMTP)
        domain = sender[1].split("@")[1]
        mid = self.msgid(key, domain)
        self.ids[key] = mid
        msg["From"] = formataddr(sender)
        msg["To"] = ", ".join(formataddr(p) for p in to)
        if cc:
            msg["Cc"] = ", ".join(formataddr(p) for p in cc)
        msg["Subject"] = subject
        msg["Date"] = format_datetime(date)
        msg["Message-ID"] = mid
        if reply_to_key:
            parent = self.ids[reply_to_key]
            chain = self.references.get(reply_to_key, []) + [parent]
            msg["In-Reply-To"] = parent
            msg["References"] = " ".join(chain)
            self.references[key] = chain
        else:
            self.references[key] = []
        for name, value in headers:
            msg[name] = value
        msg.set_content(body)
        if html:
            msg.add_alternative(html, subtype="html")
        for filename, maintype, subtype, data in attachments:
            if isinstance(data, str):
                msg.add_attachment(data, subtype=subtype, filename=filename)
            else:
                msg.add_attachment(data, maintype=maintype, subtype=subtype, filename=filename)
        # Fixed boundaries (the library draws random ones): the same day gives the same bytes.
        for n, part in enumerate(msg.walk()):
            if part.is_multipart():
                part.set_boundary("=_hearth-demo-%s-%d" % (mid.strip("<>").split("@")[0], n))
        self.write(msg.as_bytes(), folder, date, seen, flagged, answered)

    def write(self, data, folder, date, seen, flagged, answered):
        base = self.out if folder == "INBOX" else os.path.join(self.out, "." + folder)
        for sub in ("cur", "new", "tmp"):
            os.makedirs(os.path.join(base, sub), exist_ok=True)
        self.count += 1
        flags = "".join(f for f, on in (("F", flagged), ("R", answered), ("S", seen)) if on)
        name = "%d.demo%04d.hearth:2,%s" % (int(date.timestamp()), self.count, flags)
        path = os.path.join(base, "cur", name)
        with open(path, "wb") as f:
            f.write(data)
        os.utime(path, (date.timestamp(), date.timestamp()))


def me_reply(box, key, parent_key, to, subject, days, hour, body, minute=0, cc=()):
    """Alex's own reply: in Sent, threaded under `parent_key`."""
    box.add(key, ME, to, subject, box.at(days, hour, minute), body, folder="Sent",
            reply_to_key=parent_key, cc=cc)


def sign(name):
    return "\n\n" + name + "\n"


def conversations(box):
    """Work and personal threads with replies, some still unread."""
    maya, jonas, priya = PEOPLE["maya"], PEOPLE["jonas"], PEOPLE["priya"]
    p = PEOPLE
    # 1. Launch review: a long work thread, the newest message unread.
    box.add("launch-1", maya, [ME], "Onboarding redesign — review on Thursday?", box.at(6, 9, 12),
            "Hi Alex,\n\nCould you walk the team through the new onboarding flow on Thursday? "
            "Thirty minutes should do. I'd like us to agree on the account step before Jonas starts "
            "on the settings discovery.\n\nThe latest Figma link is still the one from last week, right?"
            + sign("Maya"), cc=[jonas])
    me_reply(box, "launch-2", "launch-1", [maya], "Re: Onboarding redesign — review on Thursday?", 6, 10,
             "Thursday works. I'll book 2pm and send the prototype link before then. Same file, "
             "new page called \"v3 — account step\"." + sign("Alex"), minute=5, cc=[jonas])
    box.add("launch-3", jonas, [ME, maya], "Re: Onboarding redesign — review on Thursday?", box.at(5, 16, 48),
            "One question before Thursday: do we still show the server fields at all when we find the "
            "settings automatically? I'd hide them behind \"Edit settings\" — most people never need them."
            + sign("Jonas"), reply_to_key="launch-2")
    me_reply(box, "launch-4", "launch-3", [jonas, maya], "Re: Onboarding redesign — review on Thursday?", 5, 17,
             "Agreed — hidden by default, shown when discovery fails or the user asks. I'll mock both states."
             + sign("Alex"), minute=30)
    box.add("launch-5", maya, [ME, jonas], "Re: Onboarding redesign — review on Thursday?", box.at(1, 15, 20),
            "Great review today, thank you both. Decisions:\n\n"
            "1. Server settings stay hidden unless discovery fails.\n"
            "2. The AI model download moves to the last step, with the size shown up front.\n"
            "3. Priya runs five usability sessions next week.\n\n"
            "Alex, can you update the spec page by Monday?" + sign("Maya"),
            reply_to_key="launch-4", seen=False)

    # 2. Research sessions with a spreadsheet attached.
    csv = ("participant,date,device,completed,minutes,notes\n"
           "P1,Mon,laptop,yes,4.5,found settings automatically\n"
           "P2,Mon,phone,yes,6.0,unsure about app passwords\n"
           "P3,Tue,laptop,no,,gave up at the server step\n"
           "P4,Tue,laptop,yes,3.8,\n"
           "P5,Wed,phone,yes,5.1,asked what the AI model does\n")
    box.add("research-1", priya, [ME], "Usability sessions: schedule and results so far", box.at(3, 11, 2),
            "Hi Alex,\n\nAttached are the results of the first five sessions. Headline: four of five "
            "finished setup in under six minutes; the one who didn't got stuck at the manual server "
            "step. Two asked what the AI model actually does before downloading it.\n\nHappy to talk "
            "it through tomorrow." + sign("Priya"),
            attachments=[("usability-sessions.csv", "text", "csv", csv)])
    me_reply(box, "research-2", "research-1", [priya], "Re: Usability sessions: schedule and results so far", 3, 13,
             "This is really useful, thanks. The AI question matches what I saw in the hallway tests. "
             "Could we add a sixth session with someone on Gmail?" + sign("Alex"), minute=41)
    box.add("research-3", priya, [ME], "Re: Usability sessions: schedule and results so far", box.at(2, 9, 15),
            "Booked: Thursday 10:00, a Gmail user from the support team. I'll send notes after." + sign("Priya"),
            reply_to_key="research-2")

    # 3. A bug report thread with a screenshot.
    box.add("bug-1", jonas, [ME], "Dark mode: the settings page header is unreadable", box.at(4, 14, 30),
            "Screenshot attached — the header text is dark grey on almost black. Is that the new token "
            "or did I break something?" + sign("Jonas"),
            attachments=[("settings-dark.png", "image", "png", tiny_png(48, 32, "settings-dark"))])
    me_reply(box, "bug-2", "bug-1", [jonas], "Re: Dark mode: the settings page header is unreadable", 4, 15,
             "That's the old token — use text-secondary instead of muted. I'll fix the design file too."
             + sign("Alex"), minute=2)
    box.add("bug-3", jonas, [ME], "Re: Dark mode: the settings page header is unreadable", box.at(4, 15, 40),
            "Fixed, thanks! Merged." + sign("J."), reply_to_key="bug-2")

    # 4. Freelance illustrator: invoice attached, unread and starred.
    box.add("sofia-1", p["sofia"], [ME], "Illustrations for the welcome screen — final files + invoice",
            box.at(0, 7, 55),
            "Hello Alex,\n\nHere are the final illustrations for the welcome screen (light and dark "
            "versions are in the shared folder). The invoice for the second half is attached; payment "
            "within 30 days as agreed.\n\nIt was lovely working on this — let me know if anything needs "
            "a last tweak.\n\nWarmly,\nSofía",
            attachments=[("Herrera-Studio-invoice-2024-117.pdf", "application", "pdf",
                          tiny_pdf("Herrera Studio - Invoice 117", ["Welcome screen illustrations (part 2)",
                                                                      "Amount due: EUR 1,450.00",
                                                                      "Payment within 30 days"]))],
            seen=False, flagged=True)

    # 5. Family: dad's photos, sister's plans.
    box.add("dad-1", p["dad"], [ME], "Photos from the garden", box.at(9, 18, 5),
            "The tomatoes finally came good! Your mother says hello. Are you still coming up at the end "
            "of the month?\n\nDad",
            attachments=[("tomatoes.png", "image", "png", tiny_png(64, 48, "tomatoes")),
                         ("the-shed.png", "image", "png", tiny_png(64, 48, "shed"))])
    me_reply(box, "dad-2", "dad-1", [p["dad"]], "Re: Photos from the garden", 8, 8,
             "They look amazing! Yes — I'll take the Friday train on the 28th and be there for dinner."
             + sign("Alex"), minute=12)
    box.add("dad-3", p["dad"], [ME], "Re: Photos from the garden", box.at(8, 19, 30),
            "Wonderful. I'll pick you up from the station, just send me the time." + sign("Dad"),
            reply_to_key="dad-2")
    box.add("lena-1", p["lena"], [ME], "Mum's birthday — present ideas?", box.at(2, 20, 14),
            "Hey! Mum's birthday is in three weeks. I was thinking we go halves on the pottery course "
            "she keeps mentioning? It's £180 for six Saturday mornings.\n\nLena x",
            seen=False)

    # 6. Friends: climbing plans (short back-and-forth), dinner.
    box.add("climb-1", p["claire"], [ME, p["ben"]], "Climbing Saturday?", box.at(3, 19, 2),
            "The new bouldering wall opens on Saturday. 10am? I can drive." + sign("Claire"))
    box.add("climb-2", p["ben"], [p["claire"], ME], "Re: Climbing Saturday?", box.at(3, 19, 40),
            "In! Bringing the chalk this time, promise.", reply_to_key="climb-1")
    me_reply(box, "climb-3", "climb-2", [p["claire"], p["ben"]], "Re: Climbing Saturday?", 3, 21,
             "Count me in. Can someone lend me shoes? Mine finally fell apart." + sign("Alex"))
    box.add("climb-4", p["claire"], [ME, p["ben"]], "Re: Climbing Saturday?", box.at(2, 7, 50),
            "I have a spare pair in 40. Pick you up at 9:40!", reply_to_key="climb-3")
    box.add("dinner-1", p["ben"], [ME], "Dinner at ours next Friday", box.at(1, 12, 33),
            "Amara is making her famous jollof. 7pm, bring nothing but yourself (and maybe dessert).\n\nBen",
            seen=False)

    # 7. Landlord: boiler service, with a calendar invite.
    start = (box.now + datetime.timedelta(days=3)).replace(hour=9, minute=0)
    box.add("boiler-1", p["kenji"], [ME], "Boiler service — Wednesday morning", box.at(2, 10, 5),
            "Hi Alex, the engineer can come on Wednesday between 9 and 11 for the annual boiler service. "
            "I've sent an invitation; please accept if that works, or suggest another time.\n\nKenji",
            attachments=[("invite.ics", "text", "calendar",
                          ics_invite("boiler-service@sato-architects.example.com", "Boiler service (flat 3)",
                                     start, 120, "Flat 3, 14 Mill Lane", p["kenji"]))])

    # 8. Manager: 1:1 agenda, older, archived.
    for week in range(3):
        key = "one-on-one-%d" % week
        box.add(key, maya, [ME], "1:1 agenda — week %d" % (40 + week), box.at(20 - week * 7, 8, 30),
                "Topics for today:\n- onboarding progress\n- conference talk proposal\n- holiday plans\n\nAdd "
                "anything you like." + sign("Maya"), folder="Archive")


NEWSLETTERS = [
    # (sender, list id, subject templates, category flavour)
    (("The Long Read Weekly", "weekly@longread.example.org"), "weekly.longread.example.org",
     ["The quiet comeback of the paper map", "Why cities are planting tiny forests",
      "What we learned from a year without email on Fridays", "The people who fix old pianos",
      "How a small town saved its cinema"]),
    (("Kestrel Coffee", "hello@kestrelcoffee.example.com"), "news.kestrelcoffee.example.com",
     ["New harvest: Ethiopia Guji is back", "20% off subscriptions this weekend only",
      "Brewing guide: the perfect cold brew", "Our Colombian farm visit (photos inside)"]),
    (("Design Systems Digest", "digest@designsystems.example.net"), "digest.designsystems.example.net",
     ["Tokens, themes and dark mode done right", "Accessible forms: 9 patterns that work",
      "Issue #112: motion that respects reduced motion", "Onboarding flows people finish"]),
]


# A shop's mailings are about what it sells: each links to the products it shows, as a real
# roaster's would (the publications above link to their articles).
SHOP_MAILINGS = {
    "New harvest: Ethiopia Guji is back": (
        "Bright, floral and back for the season: our washed Ethiopia Guji, roasted light for filter.",
        [("Ethiopia Guji, 250 g — £12.50", "products/ethiopia-guji"), ("Filter subscription", "products/filter-subscription")]),
    "20% off subscriptions this weekend only": (
        "Every subscription is 20% off until Sunday midnight. Pick your coffee, your grind and how often.",
        [("Start a subscription", "collections/subscriptions")]),
    "Brewing guide: the perfect cold brew": (
        "Coarse grind, a 1:8 ratio, 16 hours in the fridge. Our head roaster's recipe, step by step.",
        [("Cold brew kit — £28.00", "products/cold-brew-kit"), ("Brazil Cerrado, our cold brew pick", "products/brazil-cerrado")]),
    "Our Colombian farm visit (photos inside)": (
        "We spent a week with the Rojas family in Huila, walking the rows and cupping this year's harvest.",
        [("Colombia Huila microlot, 250 g — £13.00", "products/colombia-huila"), ("All single origins", "collections/single-origin")]),
}


def shop_mailing(sender, subject, i):
    """A shop's mailing: what it says and links to the products it shows."""
    domain = sender[1].split("@")[1]
    lead, products = SHOP_MAILINGS[subject]
    links = [("%s" % title, "https://%s/%s?utm_source=newsletter&utm_medium=email" % (domain, path)) for title, path in products]
    # The text opens with what the mail says, not its subject again (the list shows both).
    text = ("%s\n\n%s\n\nYou're receiving this because you bought from us or signed up at %s. Unsubscribe: https://%s/unsubscribe"
            % (lead, "\n".join("%s: %s" % link for link in links), domain, domain))
    cards = "".join("<p><a href=\"%s\"><img src=\"https://%s/img/%d-%d.jpg\" width=\"260\" alt=\"\"></a><br>"
                    "<a href=\"%s\">%s</a></p>" % (url, domain, i, n, url, title) for n, (title, url) in enumerate(links))
    html = ("<html><body style=\"font-family:Helvetica,Arial,sans-serif;max-width:600px;margin:auto\">"
            "<h1 style=\"font-size:22px\">%s</h1><p>%s</p>%s"
            "<p style=\"color:#777;font-size:12px\">You're receiving this because you bought from us or signed up. "
            "<a href=\"https://%s/unsubscribe\">Unsubscribe</a></p>"
            "<img src=\"https://%s/open.gif?u=alex&i=%d\" width=\"1\" height=\"1\" alt=\"\"></body></html>"
            % (subject, lead, cards, domain, domain, i))
    return text, html


def newsletters(box):
    for n, (sender, list_id, subjects) in enumerate(NEWSLETTERS):
        for i, subject in enumerate(subjects):
            days = 1 + i * 6 + n * 2
            key = "news-%d-%d" % (n, i)
            unsubscribe = "<https://%s/unsubscribe?u=alex>, <mailto:unsubscribe@%s>" % (sender[1].split("@")[1], sender[1].split("@")[1])
            if subject in SHOP_MAILINGS:
                text, html = shop_mailing(sender, subject, i)
                box.add(key, sender, [ME], subject, box.at(days, 6, 30 + n), text, html=html, seen=days > 3,
                        headers=[("List-Unsubscribe", unsubscribe), ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"),
                                 ("Precedence", "bulk")])
                continue
            text = ("%s\n\n%s\n\nThis week: %s. Plus three short reads we loved, and a reader's letter "
                    "about last issue.\n\nRead online: https://%s/issues/%d\n\nYou're receiving this "
                    "because you subscribed. Unsubscribe: https://%s/unsubscribe"
                    % (sender[0], "=" * len(sender[0]), subject, sender[1].split("@")[1], 100 + i,
                       sender[1].split("@")[1]))
            html = ("<html><body style=\"font-family:Georgia,serif;max-width:600px;margin:auto\">"
                    "<h1 style=\"font-size:22px\">%s</h1><p><b>This week:</b> %s.</p>"
                    "<p>Plus three short reads we loved, and a reader's letter about last issue.</p>"
                    "<p><a href=\"https://%s/issues/%d\">Read it online</a></p>"
                    "<p style=\"color:#777;font-size:12px\">You're receiving this because you subscribed. "
                    "<a href=\"https://%s/unsubscribe\">Unsubscribe</a></p>"
                    "<img src=\"https://%s/open.gif?u=alex&i=%d\" width=\"1\" height=\"1\" alt=\"\">"
                    "</body></html>"
                    % (sender[0], subject, sender[1].split("@")[1], 100 + i, sender[1].split("@")[1],
                       sender[1].split("@")[1], i))
            box.add(key, sender, [ME], subject, box.at(days, 6, 30 + n), text, html=html,
                    seen=days > 3,
                    headers=[("List-Id", "%s <%s>" % (sender[0], list_id)),
                             ("List-Unsubscribe", unsubscribe),
                             ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"),
                             ("Precedence", "bulk")])


def receipts(box):
    orders = [
        ("Larkspur Books", "orders@larkspurbooks.example.com", "LB-48213", [("The Design of Everyday Things", "14.99"), ("Atomic Habits (paperback)", "10.49")], 2),
        ("Fenwick Outdoor", "no-reply@fenwick-outdoor.example.com", "FO-993104", [("Climbing shoes, size 40", "89.00")], 5),
        ("Metro Rail", "tickets@metrorail.example.org", "MR-7J2K9Q", [("Return ticket, Friday 28th", "42.60")], 7),
        ("Larkspur Books", "orders@larkspurbooks.example.com", "LB-47102", [("Braiding Sweetgrass", "12.99")], 16),
        ("Kestrel Coffee", "hello@kestrelcoffee.example.com", "KC-20931", [("Subscription: 2 × 250 g, monthly", "24.00")], 24),
    ]
    for store, address, number, items, days in orders:
        total = sum(float(price) for _, price in items)
        lines = ["  %-40s £%s" % (name, price) for name, price in items]
        body = ("Thank you for your order, Alex.\n\nOrder %s\n\n%s\n\n  %-40s £%.2f\n\nWe'll email you "
                "again when it ships. Questions? Just reply to this email.\n\n%s"
                % (number, "\n".join(lines), "Total", total, store))
        pdf = tiny_pdf("%s - Receipt %s" % (store, number),
                       ["%s  GBP %s" % (name, price) for name, price in items] + ["Total GBP %.2f" % total])
        box.add("order-" + number, (store, address), [ME], "Your %s order %s" % (store, number),
                box.at(days, 13, 7), body, seen=True,
                attachments=[("receipt-%s.pdf" % number, "application", "pdf", pdf)])
        if days > 2:
            box.add("ship-" + number, (store, address), [ME], "Your order %s has shipped" % number,
                    box.at(days - 1, 16, 44),
                    "Good news — order %s is on its way. Tracking number: %s.\nExpected delivery: in 2–3 "
                    "working days.\n\n%s" % (number, "JD0" + hashlib.md5(number.encode()).hexdigest()[:10].upper(), store),
                    seen=True)
    # Bank and utilities: updates.
    box.add("bank-1", ("Harbour Bank", "alerts@harbourbank.example.com"), [ME],
            "Your statement for last month is ready", box.at(4, 5, 0),
            "Your monthly statement is ready to view in online banking. For your security we never "
            "attach statements or ask for your password by email.\n\nHarbour Bank", seen=True)
    box.add("energy-1", ("Brightwater Energy", "billing@brightwater.example.com"), [ME],
            "Your energy bill: £64.20 due on the 15th", box.at(11, 9, 0),
            "Hi Alex, your bill for last month is £64.20 and will be collected by direct debit on the "
            "15th. Your usage was 8% lower than the same month last year.\n\nBrightwater Energy",
            seen=True, attachments=[("bill.pdf", "application", "pdf",
                                     tiny_pdf("Brightwater Energy - Bill", ["Electricity  GBP 41.80", "Gas  GBP 22.40", "Total  GBP 64.20"]))])
    box.add("security-1", ("Northwind IT", "it-noreply@northwind.example.com"), [ME],
            "New sign-in to your Northwind account", box.at(0, 6, 12),
            "We noticed a new sign-in to your account from Firefox on Linux. If this was you, you don't "
            "need to do anything. If not, reset your password from the IT portal.\n\nNorthwind IT",
            seen=False)


LIST = ("hearth-users", "hearth-users@lists.example.org")
LIST_THREADS = [
    ("Importing a 10-year-old mbox: tips?", [
        ("Ravi Patel", "ravi@example.net", "I have a 3 GB mbox from an old Thunderbird profile. Does the importer cope with that, and will it thread the old replies correctly?"),
        ("Hannah Ito", "hannah.ito@example.com", "Did exactly that last month — about four minutes on my laptop. Threading was fine except for a few messages whose clients dropped the References header."),
        ("Ravi Patel", "ravi@example.net", "Thanks Hannah, that's reassuring. Trying it tonight."),
    ]),
    ("Feature idea: snooze until I'm back at my desk", [
        ("Marta Kowalska", "marta.k@example.org", "Would anyone else use a snooze that wakes mail when you next open the app on a particular machine?"),
        ("Oliver Grant", "oliver@grant.example.net", "+1, though I'd settle for plain 'tomorrow morning'."),
    ]),
    ("Which local model for summaries?", [
        ("Hannah Ito", "hannah.ito@example.com", "Curious what people use for thread summaries on older laptops. The small one is quick but a bit terse."),
        ("Tom Becker", "tbecker@example.com", "I stick with the default. Summaries only run for threads of three or more messages anyway."),
        ("Ravi Patel", "ravi@example.net", "Same here. The bigger models were not worth the fan noise for me."),
        ("Hannah Ito", "hannah.ito@example.com", "Fair. Default it is."),
    ]),
]


def mailing_list(box):
    for t, (subject, posts) in enumerate(LIST_THREADS):
        previous = None
        for i, (name, address, text) in enumerate(posts):
            key = "list-%d-%d" % (t, i)
            box.add(key, (name, address), [LIST], ("Re: " if i else "") + subject,
                    box.at(12 - t * 4 - i, 10 + i * 3, 17), text + "\n\n-- \n" + name
                    + "\n\n_______________________________________________\nhearth-users mailing list\n"
                    "https://lists.example.org/listinfo/hearth-users",
                    reply_to_key=previous, seen=(12 - t * 4 - i) > 2,
                    headers=[("List-Id", "Hearth users <hearth-users.lists.example.org>"),
                             ("List-Post", "<mailto:hearth-users@lists.example.org>"),
                             ("List-Unsubscribe", "<https://lists.example.org/options/hearth-users>"),
                             ("Precedence", "list")])
            previous = key


def social(box):
    network = ("Circle", "notify@circle.example.com")
    events = [
        (0, "Claire Dubois tagged you in a photo", "Claire Dubois tagged you in \"New wall, new shoes\"."),
        (1, "Ben Okafor commented on your post", "Ben Okafor: \"That view! Where is this?\""),
        (2, "You have 3 new connection requests", "Hannah Ito, Oliver Grant and 1 other want to connect."),
        (5, "Priya Raman shared an article", "Priya Raman shared \"Onboarding flows people finish\"."),
        (8, "Your weekly summary", "Your posts were seen 214 times this week."),
        (13, "Maya Chen endorsed you for Interaction Design", "Maya Chen endorsed you for Interaction Design."),
    ]
    for days, subject, line in events:
        box.add("circle-%d" % days, network, [ME], subject, box.at(days, 17, 25),
                line + "\n\nSee it on Circle: https://circle.example.com/n/%d\n\nYou can change which "
                "emails you get in your notification settings." % days,
                seen=days > 1,
                headers=[("List-Unsubscribe", "<https://circle.example.com/settings/email>"),
                         ("Precedence", "bulk"), ("X-Auto-Response-Suppress", "All")])
    box.add("photos-1", ("Pixel Pantry", "noreply@pixelpantry.example.net"), [ME],
            "Lena Morgan shared an album with you: “Summer at the lake”", box.at(6, 20, 0),
            "Lena Morgan shared 42 photos with you.\n\nView the album: https://pixelpantry.example.net/a/lake",
            headers=[("Precedence", "bulk")])


TRACKER_ITEMS = [
    ("NW-412", "Account step: hide server fields behind \"Edit settings\"", "Jonas Weber"),
    ("NW-415", "Dark mode: settings header contrast", "Jonas Weber"),
    ("NW-398", "Welcome screen illustrations", "Alex Morgan"),
    ("NW-420", "Usability study: onboarding round 2", "Priya Raman"),
    ("NW-377", "Spec: AI model download step", "Alex Morgan"),
    ("NW-431", "Empty states for category tabs", "Maya Chen"),
]


def tracker(box):
    """Issue-tracker notifications: the kind of automated work mail everyone gets."""
    sender = ("Northwind Tracker", "tracker@northwind.example.com")
    for n, (ticket, title, who) in enumerate(TRACKER_ITEMS):
        for step, (verb, days) in enumerate((("created", 14 - n * 2), ("commented on", 10 - n * 1.5), ("resolved", 7 - n))):
            if days < 0 or (step == 2 and n % 2):
                continue
            actor = who if step != 1 else ("Maya Chen" if who != "Maya Chen" else "Jonas Weber")
            key = "tracker-%s-%d" % (ticket, step)
            previous = "tracker-%s-%d" % (ticket, step - 1)
            box.add(key, sender, [ME], "[%s] %s" % (ticket, title), box.at(days, 11 + step * 2, 5 * n),
                    "%s %s %s.\n\n%s\n\nView: https://tracker.northwind.example.com/%s\n\n"
                    "You are watching this issue." % (actor, verb, ticket,
                                                        {0: "Priority: normal. Assigned to %s." % who,
                                                         1: "\"Looks good to me - one small note on the copy.\"",
                                                         2: "Resolution: done."}[step], ticket),
                    reply_to_key=previous if previous in box.ids else None, seen=days > 1,
                    headers=[("Auto-Submitted", "auto-generated"), ("Precedence", "bulk")])


def travel(box):
    rail = ("Metro Rail", "tickets@metrorail.example.org")
    box.add("travel-1", rail, [ME], "Your e-ticket: London → York, Friday 28th", box.at(7, 13, 20),
            "Your tickets are attached. Show the QR code on your phone or print the PDF.\n\n"
            "Outward: Friday 28th, 17:30 London King's Cross → 19:25 York, coach C seat 42\n"
            "Return: Sunday 30th, 16:05 York → 18:02 London King's Cross, coach B seat 17\n\nMetro Rail",
            attachments=[("e-ticket-MR-7J2K9Q.pdf", "application", "pdf",
                          tiny_pdf("Metro Rail e-ticket MR-7J2K9Q", ["Outward: Fri 28th 17:30 London - York",
                                                                     "Return: Sun 30th 16:05 York - London"]))])
    box.add("travel-2", rail, [ME], "Reminder: your journey to York is coming up", box.at(0, 5, 30),
            "Your train leaves in a few days. Check for engineering works before you travel.\n\nMetro Rail",
            seen=False, headers=[("Auto-Submitted", "auto-generated")])


OLDER = [
    ("ben", "Board game night?", "We've got the new expansion — Tuesday?", "Tuesday's perfect, I'll bring snacks."),
    ("claire", "Route for the Peak District walk", "Sending the GPX in a bit. 14 km, one steep bit.", "Looks great. I'll check the bus times."),
    ("lena", "Photos from the wedding", "Finally sorted them! The album link is in the family chat.", "These are lovely, thank you for doing this."),
    ("priya", "Interview notes from the card sort", "Notes are in the research folder; the patterns are clear.", "Thanks Priya, I'll read them this afternoon."),
    ("jonas", "Pairing on the settings page?", "Free tomorrow after lunch?", "Yes — 2pm in the small room?"),
    ("maya", "Conference talk proposal", "I'd back a talk on the onboarding work. Deadline is the 30th.", "I'll draft an abstract this week."),
    ("dad", "Car insurance renewal", "They want £40 more this year, is that normal?", "Worth comparing — I'll send you the site I used."),
    ("kenji", "Window repair", "The glazier can come Thursday morning.", "Thursday is fine, I'll be working from home."),
]


def older(box):
    """Archived conversations from a few weeks back: each a question and Alex's answer."""
    for n, (who, subject, question, answer) in enumerate(OLDER):
        key = "older-%d" % n
        person = PEOPLE[who]
        box.add(key, person, [ME], subject, box.at(22 + n * 3, 9 + n, 10), question + sign(person[0].split()[0]),
                folder="Archive", answered=True)
        me_reply(box, key + "-reply", key, [person], "Re: " + subject, 22 + n * 3, 12 + n, answer + sign("Alex"))


def build(out, today):
    box = Mailbox(out, today)
    conversations(box)
    newsletters(box)
    receipts(box)
    mailing_list(box)
    social(box)
    tracker(box)
    travel(box)
    older(box)
    return box.count


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True, help="the Maildir to write (created; must be empty or missing)")
    parser.add_argument("--today", help="YYYY-MM-DD: the date the newest mail is from (default: today)")
    args = parser.parse_args()
    today = datetime.date.fromisoformat(args.today) if args.today else datetime.datetime.now(datetime.timezone.utc).date()
    if os.path.isdir(args.out) and any(os.scandir(args.out)):
        parser.error("%s is not empty" % args.out)
    count = build(args.out, today)
    print("demo mailbox: %d messages in %s" % (count, args.out))


if __name__ == "__main__":
    main()
