#!/usr/bin/env python3
"""Sorts the atproto (Python) failures into patterns and checks each pattern by calling the SDK directly.

Run with the venv's interpreter (run.sh's venv), from anywhere:

    .build-peers/atproto-python/bin/python Examples/peers/atproto-python/analyze.py [--results FILE]

It runs every atproto/syntax case through shim.py's function in this process (the same SDK call the shim makes),
judges it as `wirecheck vectors verify --strict` does (every expected result is `{}`, one error class), checks
that every status agrees with the harness's results.jsonl (default: reports/peers/atproto-python/), puts each
failure under one pattern by a rule on the case's format and value, and prints the counts with example ids.
Section "checks" then calls the SDK's public types on neighbours of each pattern's values (the same value
without the defect, another character, the bare DID of a refused at-uri) to show the cause.
"""

import argparse
import collections
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, HERE)

import shim  # noqa: E402  (shim.py of this folder: the same SDK calls as the harness run)

WHITESPACE_NOT_SPACE = re.compile(r"[\t\n\v\f\r\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]")


def collection_checked_otherwise(value, result):
    """Whether an at-uri fails on its collection: the SDK's own `Nsid` gives the case's verdict on it, while the
    authority alone passes `AtUri` (otherwise the failure is the authority's, A4 or A5)."""
    parts = value[len("at://"):].split("/")
    if len(parts) < 2 or shim.sdk_check("at-uri", "at://" + parts[0]):
        return False
    return (result == "valid") == (not shim.sdk_check("nsid", parts[1]))


def pattern(fmt, value, result):
    """The pattern of a failing case (the names FINDINGS.md uses)."""
    if fmt == "at-uri" and collection_checked_otherwise(value, result):
        return "A10 at-uri: collection checked by another NSID rule than Nsid's"
    if fmt == "datetime" and result == "invalid" and re.search(r"\.\d{6}[^\d].*Z$", value):
        return "A11 datetime: what follows six fraction digits before the final Z dropped unchecked"
    if fmt == "at-uri" and result == "invalid" and len(value.split("/")) > 4 and len(value.split("/", 4)[4]) > 512:
        return "A12 at-uri: record key over 512 characters accepted"
    if fmt == "datetime" and result == "invalid" and re.match(r"\d{8}T", value):
        return "A13 datetime: ISO 8601 basic format accepted"
    if fmt != "uri" and value.endswith("\n") and result == "invalid":
        return "A1 trailing newline accepted"
    if fmt == "uri" and result == "invalid" and WHITESPACE_NOT_SPACE.search(value):
        return "A2 uri: whitespace other than U+0020 accepted"
    if fmt == "uri" and result == "valid" and len(value.encode()) == 8192:
        return "A3 uri: 8,192 bytes refused"
    if fmt == "at-uri" and result == "valid" and value.startswith("at://did:"):
        return "A4 at-uri: DID authority with _ : % refused"
    if fmt == "at-uri" and result == "invalid" and value.startswith("at://did:"):
        return "A5 at-uri: DID authority over 2,048 bytes accepted"
    if fmt == "cid" and value.startswith("Qmb"):
        return "A6 cid: Qmb… (CIDv0) accepted"
    if fmt == "datetime" and value.startswith("0000-"):
        return "A7 datetime: year 0000 refused"
    if fmt == "language" and result == "valid":
        return "A8 language: valid tag refused (primary subtag)"
    if fmt == "language" and result == "invalid":
        return "A9 language: subtags after the first not checked"
    return "unattributed"


def judge(test, refused):
    if test["result"] == "valid":
        return "FAIL" if refused else "PASS"
    if test["result"] == "invalid":
        return "PASS" if refused and refused[0] == test["error"] else "FAIL"
    return "PASS"  # acceptable: {} or any refusal (no `acceptable` section in expect.json)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--results", default=os.path.join(REPO, "reports", "peers", "atproto-python", "results.jsonl"))
    options = parser.parse_args()

    harness = {}
    if os.path.exists(options.results):
        with open(options.results) as handle:
            for line in handle:
                row = json.loads(line)
                harness[row["id"]] = row["status"]

    with open(os.path.join(REPO, "Vectors", "atproto", "syntax.json")) as handle:
        data = json.load(handle)

    per_format = collections.defaultdict(collections.Counter)
    patterns = collections.defaultdict(list)
    acceptable = []
    disagree = 0
    for group in data["testGroups"]:
        fmt = group["params"]["format"]
        for test in group["tests"]:
            value = test["input"]["value"]
            refused = shim.sdk_check(fmt, value)
            status = judge(test, refused)
            per_format[fmt][status] += 1
            if harness and harness.get(test["id"]) != status:
                disagree += 1
                print(f"DISAGREES with results.jsonl: {test['id']} here {status}, harness {harness.get(test['id'])}")
            if status == "FAIL":
                patterns[pattern(fmt, value, test["result"])].append((test["id"], value))
            if test["result"] == "acceptable":
                acceptable.append((test["id"], value, "refused" if refused else "accepted"))

    print("== per format (PASS/FAIL)")
    for fmt, counts in per_format.items():
        print(f"  {fmt:14} {counts['PASS']:4} {counts['FAIL']:3}")
    total = collections.Counter()
    for counts in per_format.values():
        total.update(counts)
    print(f"  {'all':14} {total['PASS']:4} {total['FAIL']:3}   (results.jsonl disagreements: "
          f"{disagree if harness else 'no results.jsonl'})")

    print("== failure patterns")
    for name in sorted(patterns):
        cases = patterns[name]
        print(f"  {name}: {len(cases)}")
        for case_id, value in cases:
            shown = value if len(value) <= 60 else f"{value[:40]}…({len(value.encode())} bytes)"
            print(f"      {case_id}  {shown!r}")

    print("== acceptable cases (either answer passes)")
    for case_id, value, verdict in acceptable:
        shown = value if len(value) <= 50 else f"{value[:30]}…({len(value.encode())} bytes)"
        print(f"  {case_id}  {shown!r}: {verdict}")

    print("== checks (the SDK's public types, strict_string_format=True)")
    checks = [
        ("A1", "did", "did:plc:abc123"), ("A1", "did", "did:plc:abc123\n"), ("A1", "did", "did:plc:abc123\r"),
        ("A1", "did", "did:plc:abc123\n\n"), ("A1", "tid", "3jzfcijpj2z2a\n"), ("A1", "datetime",
                                                                               "1985-04-12T23:20:50.123Z\n"),
        ("A2", "uri", "https://example.com/a b"), ("A2", "uri", "https://example.com/a\tb"),
        ("A2", "uri", "https://example.com/\u3000"),
        ("A3", "uri", "https://e.com/" + "o" * (8191 - 14)), ("A3", "uri", "https://e.com/" + "o" * (8192 - 14)),
        ("A4", "did", "did:plc:a_b"), ("A4", "at-uri", "at://did:plc:a_b"), ("A4", "at-uri", "at://did:plc:ab"),
        ("A4", "at-uri", "at://did:example:a:b"), ("A4", "at-uri", "at://did:web:example.com%3A8080"),
        ("A5", "did", "did:plc:" + "o" * 2041), ("A5", "at-uri", "at://did:plc:" + "o" * 2041),
        ("A6", "cid", "QmbWqxBE"), ("A6", "cid", "QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nn"),
        ("A7", "datetime", "0000-01-01T00:00:00Z"), ("A7", "datetime", "0001-01-01T00:00:00Z"),
        ("A8", "language", "x-fr-CH"), ("A8", "language", "X-fr-CH"), ("A8", "language", "EN"),
        ("A8", "language", "en-X-foo"), ("A8", "language", "abcd"),
        ("A9", "language", "en-US-"), ("A9", "language", "en-a"), ("A9", "language", "i-notgrandfathered"),
        ("A10", "nsid", "com.example"), ("A10", "at-uri", "at://did:plc:abc123/com.example"),
        ("A10", "nsid", "com.3example.post"), ("A10", "at-uri", "at://did:plc:abc123/com.3example.post"),
        ("A10", "nsid", "y.N.G"), ("A10", "at-uri", "at://did:p:5/y.N.G"),
        # The fraction is cut to six characters before fromisoformat sees it: what follows is never read, while
        # junk within the six is refused.
        ("A11", "datetime", "1985-04-12T23:20:50.123456!?Z"), ("A11", "datetime", "1985-04-12T23:20:50.12345!Z"),
        # AtUri does not hold its record key to RecordKey's 512 characters.
        ("A12", "record-key", "o" * 513), ("A12", "at-uri", "at://did:plc:abc123/com.example.thing/" + "o" * 513),
        # Python 3.11's fromisoformat reads ISO 8601's basic date; the SDK's own checks look only at the time.
        ("A13", "datetime", "19850412T23:20:50Z"), ("A13", "datetime", "1985-04-12T232050Z"),
        ("beyond", "datetime", "1985-04-12T23:20:50,123Z"), ("beyond", "cid", "bafybeigdyrzt5sfp7udm7hu76uh7y26nf3="),
        ("either", "did", "did:x:%7"), ("either", "did", "did:method:a%zzb"), ("either", "cid", "o" * 257),
    ]
    for tag, fmt, value in checks:
        refused = shim.sdk_check(fmt, value)
        shown = value if len(value) <= 50 else f"{value[:30]}…({len(value.encode())} bytes)"
        print(f"  {tag:6} {fmt:9} {shown!r}: {'refused (' + refused[1][:70] + ')' if refused else 'accepted'}")


if __name__ == "__main__":
    main()
