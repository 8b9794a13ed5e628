#!/usr/bin/env python3
"""Draws the candidate messages of Hearth's categorisation evaluation set from the SpamAssassin
public corpus (../shared/corpora/bulk-spamassassin-public) and prints what a person needs to
label each one by hand: sender, recipients, subject and the start of the text.

The draw is seeded and stratified so the set is not 90% mailing lists: hard_ham (commercial
bulk), easy_ham, easy_ham_2, plus every message the weak labels call primary or updates (those
categories are rare). The labels themselves are NOT produced here: a person reads the output and
writes Tests/HearthAITests/Resources/category-eval.tsv (see docs/ai.md, "Evaluation set").

usage: sample-eval-candidates.py CORPUS_DIR [LABELS_TSV] > candidates.txt
"""
import email, email.policy, io, random, sys, tarfile

corpus = sys.argv[1]
weak = sys.argv[2] if len(sys.argv) > 2 else None
tar = tarfile.open(f"{corpus}/spamassassin-public-corpus-20030228.tar.xz")
members = {m.name.split("spamassassin-public-corpus/", 1)[-1]: m for m in tar.getmembers() if m.isfile()}
rng = random.Random(7)
pick = []
for folder, n in (("hard_ham", 35), ("easy_ham", 35), ("easy_ham_2", 35)):
    keys = sorted(k for k in members if k.startswith(folder + "/"))
    pick += rng.sample(keys, n)
if weak:
    for line in open(weak, encoding="utf-8"):
        cols = line.rstrip("\n").split("\t")
        if len(cols) > 3 and cols[2] in ("primary", "updates") and cols[1] not in pick:
            pick.append(cols[1])

def text_of(msg):
    part = msg.get_body(preferencelist=("plain", "html"))
    if part is None:
        return ""
    try:
        return part.get_content()
    except Exception:
        return part.get_payload(decode=True).decode("latin-1", "replace")

for key in pick:
    raw = tar.extractfile(members[key]).read()
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    body = " ".join(text_of(msg).split())[:350]
    print(f"### {key}\nFrom: {msg.get('From')}\nTo: {msg.get('To')} | Cc: {msg.get('Cc')}\n"
          f"Subject: {msg.get('Subject')}\nList-Id: {msg.get('List-Id')} | Precedence: {msg.get('Precedence')}\n{body}\n")
