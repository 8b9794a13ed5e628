#!/usr/bin/python3
"""Parse messages with Python's standard `email` package (policy.default) and print what it
read as JSON: one object per file given on the command line, in order.

Hearth's composition tests write messages with HearthMIME's MessageWriter and require that
this independent parser reads back exactly what was composed, without defects.
"""
import base64
import email
import json
import sys
from email import policy


def addresses(msg, name):
    header = msg[name]
    if header is None:
        return []
    return [{"name": a.display_name or None, "address": a.addr_spec} for a in header.addresses]


def all_defects(msg):
    found = [type(d).__name__ for d in msg.defects]
    for part in msg.walk():
        if part is not msg:
            found += [type(d).__name__ for d in part.defects]
    for name, value in msg.items():
        found += [type(d).__name__ for d in getattr(value, "defects", ())]
    return found


def parse(path):
    with open(path, "rb") as f:
        raw = f.read()
    msg = email.message_from_bytes(raw, policy=policy.default)
    plain = msg.get_body(preferencelist=("plain",))
    html = msg.get_body(preferencelist=("html",))
    attachments = []
    for part in msg.iter_attachments():
        if part.get_content_type() == "message/rfc822":
            payload = part.get_payload(0).as_bytes(policy=policy.SMTP)
            inner = part.get_payload(0)
            extra = {"inner_subject": str(inner["subject"] or ""), "inner_message_id": str(inner["message-id"] or "")}
        else:
            payload = part.get_content()
            if isinstance(payload, str):
                payload = payload.encode("utf-8")
            extra = {}
        attachments.append(dict({
            "filename": part.get_filename(),
            "content_type": part.get_content_type(),
            "content_b64": base64.b64encode(payload).decode("ascii"),
            "content_id": (part["content-id"] or "").strip("<>") or None,
        }, **extra))
    date = msg["date"]
    return {
        "subject": str(msg["subject"]) if msg["subject"] is not None else None,
        "from": addresses(msg, "from"),
        "to": addresses(msg, "to"),
        "cc": addresses(msg, "cc"),
        "bcc_present": msg["bcc"] is not None,
        "reply_to": addresses(msg, "reply-to"),
        "message_id": str(msg["message-id"] or "").strip().strip("<>") or None,
        "in_reply_to": str(msg["in-reply-to"] or "").strip().strip("<>") or None,
        "references": [r.strip("<>") for r in str(msg["references"] or "").split()],
        "date": date.datetime.timestamp() if date is not None and date.datetime is not None else None,
        "text": plain.get_content() if plain is not None else None,
        "html": html.get_content() if html is not None else None,
        "content_type": msg.get_content_type(),
        "attachments": attachments,
        "defects": all_defects(msg),
        "max_line": max(len(line) for line in raw.split(b"\r\n")),
        "bare_lf": b"\n" in raw.replace(b"\r\n", b""),
        "eight_bit": any(b >= 0x80 for b in raw),
    }


if __name__ == "__main__":
    print(json.dumps([parse(p) for p in sys.argv[1:]]))
