#!/usr/bin/env python3
"""Builds Hearth's local tracker blocklist from the open-source lists in ../shared/corpora/trackers.

Writes two files of our own, both committed:
  Sources/HearthSafety/Trackers/TrackerRules+Generated.swift   the rules as Swift data
  third_party/tracker-lists/NOTICE.md                        attribution + licence texts

Usage: python3 scripts/build-tracker-rules.py [--corpora PATH]

Every rule is classified so it can be matched precisely (docs/safety.md, "Tracker blocklist"):
  host      whole host or any subdomain of it          (hosts list, host-only entries)
  hostPath  a host (label boundary) followed by a path  (regex literal starting with a host name)
  path      regex searched in path + query only          (entries starting with "/")
  anywhere  regex searched in host + path + query         (everything else, as upstream does)
Anchoring host rules at a label boundary is our change: upstream matches them as substrings of the
whole URL, so `mailtrack.io/trace` would also block `notmailtrack.io/trace` or a URL that merely
mentions it in a query string.
"""
import argparse
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
OUT_SWIFT = os.path.join(REPO, "Sources/HearthSafety/Trackers/TrackerRules+Generated.swift")
OUT_NOTICE = os.path.join(REPO, "third_party/tracker-lists/NOTICE.md")

SOURCES = [
    # (key, human name, upstream, licence, licence file relative to the trackers folder)
    ("mailtrackerblocker", "MailTrackerBlocker", "github.com/apparition47/MailTrackerBlocker @ 8a8c43c7f9b1e4817d45903374c192ff09b11280",
     "BSD-3-Clause", "mailtrackerblocker/LICENSE"),
    ("simplify", "Simplify Trackers", "github.com/leggett/simplify-trackers @ 56f01d5d96e7f0f09f4a664c5faafba52a2e1fce",
     "BSD-3-Clause", "simplify/LICENSE"),
    ("trocker", "Trocker", "github.com/trockerapp/trocker @ be36adc9fcda822de767dcdf8b608048bf83864d",
     "Apache-2.0", "trocker/LICENSE"),
    ("jannikarndt", "EMailTrackerBlocker (Jannik Arndt)", "github.com/JannikArndt/EMailTrackerBlocker @ 4e61396b30633f1bf9b4ad11012e3ce84ed83a09",
     "Apache-2.0", "jannikarndt-hosts/LICENSE"),
]

FILE_EXTENSIONS = {"php", "asp", "aspx", "jsp", "gif", "png", "jpg", "jpeg", "html", "htm", "cgi", "dll", "ashx", "pl"}
HOST_LITERAL = re.compile(r"^((?:[A-Za-z0-9-]+(?:\\?\.))+[A-Za-z0-9-]+)(?=$|\\?/|:|\(:)")


def unescape_host(literal):
    return literal.replace("\\.", ".").lower()


def classify(regex):
    """Returns (kind, pattern) for one upstream regex string."""
    if regex.startswith("/") or regex.startswith("\\/"):
        return "path", regex
    m = HOST_LITERAL.match(regex)
    if m:
        host = unescape_host(m.group(1))
        last = host.rsplit(".", 1)[-1]
        if "." in host and last not in FILE_EXTENSIONS and not last.isdigit():
            rest = regex[m.end():]
            if rest == "":
                return "host", host
            return "hostPath", json.dumps([host, rest])
    return "anywhere", regex


def swift_string(s):
    # A Swift raw string literal with enough '#' that no content can end it.
    hashes = "#"
    while ('"' + hashes) in s:
        hashes += "#"
    return f'{hashes}"{s}"{hashes}'


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpora", default=os.path.join(os.path.dirname(REPO), "shared/corpora"))
    args = parser.parse_args()
    base = os.path.join(args.corpora, "trackers")
    if not os.path.isdir(base):
        sys.exit(f"build-tracker-rules: {base} not found")

    rules = []  # (source, company, kind, pattern)
    seen = set()

    def add(source, company, regex):
        regex = regex.strip()
        if not regex:
            return
        kind, pattern = classify(regex)
        key = (kind, pattern.lower())
        if key in seen:
            return
        if kind in ("path", "anywhere"):
            re.compile(pattern)  # the script refuses a list it cannot compile
        seen.add(key)
        rules.append((source, company, kind, pattern))

    mtb = json.load(open(os.path.join(base, "mailtrackerblocker/mailtrackerblocker-trackers.json")))
    for company, regexes in sorted(mtb.items()):
        for r in regexes:
            add("mailtrackerblocker", company, r)
    simplify = json.load(open(os.path.join(base, "simplify/simplify-tracker-blocklist.json")))
    for company, regexes in sorted(simplify.items()):
        for r in (regexes if isinstance(regexes, list) else [regexes]):
            add("simplify", company, r)
    trocker = json.load(open(os.path.join(base, "trocker/trocker-lists.json")))
    for entry in trocker["open"]:
        for d in entry["domains"]:
            host, _, path = d.partition("/")
            add("trocker", "Trocker " + entry["name"], re.escape(host).replace("\\-", "-") + ("\\/" + re.escape(path) if path else ""))
    for line in open(os.path.join(base, "jannikarndt-hosts/HOSTS.txt")):
        host = line.strip().split("#")[0].strip()
        if host:
            add("jannikarndt", host, re.escape(host).replace("\\-", "-"))

    clicks = []
    for entry in trocker["click"]:
        if entry.get("param"):
            clicks.append((entry["name"], entry["regex"], entry["param"]))

    lines = [
        "// GENERATED by scripts/build-tracker-rules.py from ../shared/corpora/trackers. Do not edit by hand.",
        "//",
        "// Derived from (see third_party/tracker-lists/NOTICE.md for the licences and copyright notices):",
    ]
    for key, name, upstream, licence, _ in SOURCES:
        count = sum(1 for r in rules if r[0] == key)
        lines.append(f"//   {name} — {upstream} — {licence} — {count} rules")
    lines.append("// Changed from upstream: de-duplicated, and host entries anchored at a label boundary.")
    lines += [
        "",
        "extension TrackerBlocklist {",
        "    /// The rules of the bundled list, in source order.",
        "    static let bundledRules: [TrackerRule] = [",
    ]
    for source, company, kind, pattern in rules:
        if kind == "hostPath":
            host, rest = json.loads(pattern)
            lines.append(f"        TrackerRule(source: .{source}, company: {swift_string(company)}, kind: .hostPath(host: {swift_string(host)}, pathPattern: {swift_string(rest)})),")
        elif kind == "host":
            lines.append(f"        TrackerRule(source: .{source}, company: {swift_string(company)}, kind: .host({swift_string(pattern)})),")
        else:
            lines.append(f"        TrackerRule(source: .{source}, company: {swift_string(company)}, kind: .{kind}({swift_string(pattern)})),")
    lines += ["    ]", "", "    /// Click-tracking redirectors whose destination is a query parameter (Trocker's click list).",
              "    static let bundledClickRules: [ClickTrackerRule] = ["]
    for name, regex, param in clicks:
        lines.append(f"        ClickTrackerRule(name: {swift_string('Trocker ' + name)}, pattern: {swift_string(regex)}, parameter: {swift_string(param)}),")
    lines += ["    ]", "}", ""]
    os.makedirs(os.path.dirname(OUT_SWIFT), exist_ok=True)
    open(OUT_SWIFT, "w").write("\n".join(lines))

    notice = ["# Third-party tracker lists",
              "",
              "Hearth's local tracker blocklist (`Sources/HearthSafety/Trackers/TrackerRules+Generated.swift`) is",
              "generated by `scripts/build-tracker-rules.py` from the lists below. The generated file is a modified",
              "derivative: entries were de-duplicated and host entries anchored at a domain-label boundary.",
              "No other part of these projects is included. Their licences require this notice to ship with the product.",
              ""]
    for key, name, upstream, licence, licence_file in SOURCES:
        count = sum(1 for r in rules if r[0] == key)
        notice += [f"## {name}", "", f"- Source: {upstream}", f"- Licence: {licence}", f"- Rules taken: {count}", "",
                   "```", open(os.path.join(base, licence_file)).read().strip(), "```", ""]
    os.makedirs(os.path.dirname(OUT_NOTICE), exist_ok=True)
    open(OUT_NOTICE, "w").write("\n".join(notice))
    kinds = {}
    for r in rules:
        kinds[r[2]] = kinds.get(r[2], 0) + 1
    print(f"build-tracker-rules: {len(rules)} rules {kinds}, {len(clicks)} click rules -> {os.path.relpath(OUT_SWIFT, REPO)}")


if __name__ == "__main__":
    main()
