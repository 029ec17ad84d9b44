#!/usr/bin/env python3
"""Sorts the otdf-python failures into patterns and checks each pattern by calling the SDK directly.

Run with the venv's interpreter (run.sh's venv), from anywhere:

    .build-peers/otdf-python/bin/python Examples/peers/otdf-python/analyze.py [--results DIR/results.jsonl]

It runs every nanotdf/parse/header-* and nanotdf/crypto/decrypt-* case through shim.py's functions in this
process (the same SDK calls the shim makes), judges them as `wirecheck vectors verify --strict` does, and
checks that every status agrees with the harness's results.jsonl (default: reports/peers/otdf-python/). Then it
attributes each failure to the first SDK defect it shows, using the reference's reading of the container
(`wirecheck nanotdf inspect --json`) for the container's properties, and prints the counts with example ids.

Controls (section "checks"): each pattern is tried on containers that have only that property, by calling the
SDK on mutated copies of a container it reads, and the IV-convention and signed-container patterns are
confirmed by opening the same payloads with the SDK's own key derivation (`otdf_python.ecdh`) and the right
nonce or tag size. Section "header model" compares the SDK's Header of every crypto container it can parse
with the reference's reading, member by member: defects that no header vector reaches because the SDK fails
earlier on those vectors.
"""

import argparse
import collections
import copy
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, HERE)

import shim  # noqa: E402  (shim.py of this folder: the same SDK calls as the harness run)

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes  # noqa: E402
from otdf_python import ecdh  # noqa: E402
from otdf_python.config import NanoTDFConfig  # noqa: E402
from otdf_python.header import Header  # noqa: E402
from otdf_python.nanotdf import NanoTDF  # noqa: E402

shim._stderr.setLevel(100)  # the SDK's warnings stay in shim.CAPTURE, not on the terminal

WIRECHECK = os.environ.get("WIRECHECK", os.path.join(REPO, ".build", "release", "wirecheck"))
TAG_BYTES = {64: 8, 96: 12, 104: 13, 112: 14, 120: 15, 128: 16}
SCALAR = {"secp256r1": 32, "secp384r1": 48, "secp521r1": 66, "secp256k1": 32}


# ------------------------------------------------------------------------------------------------ helpers

def load_group(file, op):
    with open(os.path.join(REPO, "Vectors", "nanotdf", file)) as handle:
        data = json.load(handle)
    for group in data["testGroups"]:
        if group["op"] == op:
            return group["tests"]
    raise SystemExit(f"no {op} group in {file}")


def call(function, args):
    """(True, result) or (False, (code, message)) from a shim op, i.e. from the SDK."""
    try:
        return True, function(args)
    except shim.ShimError as error:
        return False, (error.code, error.message)


def same(actual, expected):
    """The harness's comparison: equal JSON, where an absent member and null are the same."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        keys = set(actual) | set(expected)
        return all(same(actual.get(k), expected.get(k)) for k in keys)
    return actual == expected


def first_difference(actual, expected, path=""):
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in list(expected) + [k for k in actual if k not in expected]:
            found = first_difference(actual.get(key), expected.get(key), f"{path}/{key}")
            if found:
                return found
        return None
    return None if actual == expected else f"{path}: expected {json.dumps(expected)}, got {json.dumps(actual)}"


def judge(test, ok, answer):
    if test["result"] == "valid":
        return "PASS" if ok and same(answer, test["expected"]) else "FAIL"
    if test["result"] == "invalid":
        if ok:
            return "FAIL"
        if answer[0] == "unimplemented":
            return "UNIMPLEMENTED"
        return "PASS" if answer[0] == test["error"] else "FAIL"
    # acceptable: a refusal passes (no `acceptable` entry in expect.json), an answer must match
    if not ok:
        return "UNIMPLEMENTED" if answer[0] == "unimplemented" else "PASS"
    return "PASS" if same(answer, test["expected"]) else "FAIL"


REFERENCE_CACHE = {}


def reference(container_hex, header_only=False):
    """The reference's reading of a container (wirecheck nanotdf inspect --json), or None when it refuses."""
    key = (container_hex, header_only)
    if key not in REFERENCE_CACHE:
        command = [WIRECHECK, "nanotdf", "inspect", "-", "--json"] + (["--header-only"] if header_only else [])
        run = subprocess.run(command, input=container_hex.encode(), capture_output=True)
        REFERENCE_CACHE[key] = json.loads(run.stdout) if run.returncode == 0 else None
    return REFERENCE_CACHE[key]


def utf8(hex_text):
    try:
        bytes.fromhex(hex_text).decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def sdk_decrypt(container, key_pem):
    """NanoTDF().read_nanotdf with a PEM key: plaintext, or the exception's type and text."""
    try:
        return True, NanoTDF().read_nanotdf(container, NanoTDFConfig(cipher=key_pem))
    except Exception as exc:  # noqa: BLE001
        return False, f"{type(exc).__name__}: {exc}"


def key_pem_for(test, curve):
    return shim.private_key_pem(bytes.fromhex(test["input"]["privateKey"]), curve)


def gcm_open(key, nonce, ciphertext, tag):
    decryptor = Cipher(algorithms.AES(key), modes.GCM(nonce, tag, min_tag_length=len(tag))).decryptor()
    return decryptor.update(ciphertext) + decryptor.finalize()


# ------------------------------------------------------------------------------------------------ patterns

PATTERNS = {
    "P1": "remote policy (type 0) read as a length-prefixed embedded body",
    "P2": "ECDSA binding bit: the whole ECC byte taken as the curve number",
    "P3": "KAS key identifier decoded as UTF-8 text",
    "P4": "policy type 3: key-access locator and key not read",
    "P5": "HAS_SIGNATURE set: the whole config byte taken as the cipher code (tag size 16)",
    "P6": "only the zero-prefix IV convention",
    "P7": "L1M (v13) refused",
    "P8": "binding, signature and encrypted policy never checked (decrypt results)",
    "P9": "magic and version refused with one error (class unknown)",
    "P10": "header checks missing; the case's own defect is never reached (the remote policy fails first)",
    "P11": "empty embedded policy accepted",
    "P12": "decrypt refusal cases: the case's defect is never reached (spec example 1: P1 first)",
    "P13": "a locator byte with both nibbles bad: the identifier nibble checked before the protocol (order only)",
}


def attribute_header(test, ok, answer):
    expected = test.get("expected") or {}
    if test["result"] == "valid":
        if not ok and "Invalid magic number" in answer[1] and expected.get("magic") == "L1M":
            return "P7"
        if not ok and "PolicyInfo" in answer[1] and expected["policy"]["type"] == "remote":
            return "P1"
        return None
    if ok:
        return "P11" if test["error"] == "empty-policy" else None
    if "Invalid magic number" in answer[1]:
        return "P9"
    if "PolicyInfo" in answer[1] and test["error"] != "truncated":
        return "P10"
    if test["error"] == "bad-locator-protocol" and answer[0] == "bad-identifier-size":
        return "P13"
    return None


def attribute_decrypt(test, ok, answer, ref):
    """The first defect the SDK's answer shows; `ref` is the reference's reading of the container."""
    if test["result"] == "invalid":
        return "P12" if not ok and "PolicyInfo" in answer[1] else None
    expected = test["expected"]
    if ok:
        if answer["plaintext"] != expected["plaintext"]:
            return None  # a wrong plaintext: not a known pattern, printed as unattributed
        return "P8"
    message = answer[1]
    if ref is None:
        return None
    if ref["magic"] == "L1M":
        return "P7"
    if "codec can't decode" in message and not utf8(ref["kas"]["identifier"]):
        return "P3"
    if "Unsupported curve type" in message and ref["ecdsaBinding"]:
        return "P2"
    if "PolicyInfo" in message and ref["policy"]["type"] == "remote":
        return "P1"
    if ref["policy"]["type"] == "embedded-encrypted-key-access":
        return "P4"
    if ref["hasSignature"] and ref["cipher"] != 128 and ("InvalidTag" in message or "Authentication tag" in message):
        return "P5"
    if "InvalidTag" in message and expected["ivConvention"] != "zero-prefix":
        return "P6"
    return None


# ------------------------------------------------------------------------------------------------ main

def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", default=os.path.join(REPO, "reports", "peers", "otdf-python", "results.jsonl"))
    parser.add_argument("--examples", type=int, default=4)
    options = parser.parse_args()

    harness = {}
    if os.path.exists(options.results):
        with open(options.results) as handle:
            for line in handle:
                row = json.loads(line)
                harness[row["id"]] = row["status"]

    header_cases = load_group("parse.json", "nanotdf.parseHeader")
    decrypt_cases = load_group("crypto.json", "nanotdf.decrypt")

    rows = []  # (id, status, pattern, detail)
    for test in header_cases:
        ok, answer = call(shim.parse_header, test["input"])
        status = judge(test, ok, answer)
        pattern = attribute_header(test, ok, answer) if status == "FAIL" else None
        rows.append((test["id"], status, pattern, answer if not ok else first_difference(answer, test.get("expected"))))
    for test in decrypt_cases:
        ok, answer = call(shim.decrypt, test["input"])
        status = judge(test, ok, answer)
        pattern = None
        if status == "FAIL":
            pattern = attribute_decrypt(test, ok, answer, reference(test["input"]["container"]))
        rows.append((test["id"], status, pattern, answer if not ok else first_difference(answer, test["expected"])))

    print("# otdf-python failure patterns\n")
    version = shim.importlib.metadata.version("otdf-python")
    print(f"otdf-python {version}, cryptography {shim.importlib.metadata.version('cryptography')}\n")

    disagreements = [(i, s, harness[i]) for i, s, _, _ in rows if i in harness and harness[i] != s]
    if harness:
        print(f"statuses checked against {options.results}: {len(rows) - len(disagreements)} agree, "
              f"{len(disagreements)} differ")
        for case_id, local, theirs in disagreements:
            print(f"  DIFFERS {case_id}: here {local}, harness {theirs}")
    else:
        print(f"(no {options.results}: statuses not cross-checked)")

    counts = collections.Counter((i.split("/")[1], s) for i, s, _, _ in rows)
    print("\nstatuses here:", ", ".join(f"{suite} {status} {n}" for (suite, status), n in sorted(counts.items())))

    print("\n## Patterns (each failure under the first defect the SDK's answer shows)\n")
    by_pattern = collections.defaultdict(list)
    for case_id, status, pattern, detail in rows:
        if status == "FAIL":
            by_pattern[pattern].append((case_id, detail))
    for key in list(PATTERNS) + [None]:
        items = by_pattern.get(key)
        if not items:
            continue
        title = PATTERNS.get(key, "UNATTRIBUTED")
        print(f"### {key or '??'} {title}: {len(items)}")
        for case_id, detail in items[: options.examples]:
            shown = detail if isinstance(detail, str) else f"{detail[0]}: {detail[1][:150]}"
            print(f"- {case_id}  [{str(shown).replace(chr(10), ' ')[:200]}]")
        if key is None:
            for case_id, detail in items[options.examples:]:
                print(f"- {case_id}  [{str(detail)[:200]}]")
        print()

    print("per suite:", ", ".join(
        f"{key} {suite} {n}" for (key, suite), n in sorted(collections.Counter(
            (p, i.split("/")[1]) for i, s, p, _ in rows if s == "FAIL").items(), key=lambda x: (int(x[0][0][1:]), x[0][1])))
    )
    passes = [i for i, s, _, _ in rows if s == "PASS" and "/crypto/" in i]
    print(f"\ndecrypt PASS: {', '.join(passes) or 'none'}\n")

    # Every property a valid decrypt container has, not only the first the SDK trips on.
    census = collections.Counter()
    clean = 0
    for test in decrypt_cases:
        if test["result"] != "valid":
            continue
        ref = reference(test["input"]["container"])
        properties = {
            "P1 remote policy": ref["policy"]["type"] == "remote",
            "P2 ECDSA binding": ref["ecdsaBinding"],
            "P3 KAS identifier not UTF-8": not utf8(ref["kas"]["identifier"]),
            "P4 key-access policy": ref["policy"]["type"] == "embedded-encrypted-key-access",
            "P5 signed, cipher not 128": ref["hasSignature"] and ref["cipher"] != 128,
            "P6 IV convention not zero-prefix": test["expected"]["ivConvention"] != "zero-prefix",
            "P7 L1M": ref["magic"] == "L1M",
        }
        for name, present in properties.items():
            census[name] += present
        clean += not any(properties.values())
    total = sum(1 for t in decrypt_cases if t["result"] == "valid")
    print(f"valid decrypt containers ({total}) with each property (a container may have several):")
    for name, count in census.items():
        print(f"- {name}: {count}")
    print(f"- none of them: {clean}\n")

    checks(decrypt_cases, rows)
    header_model(decrypt_cases)


# ------------------------------------------------------------------------------------------------ checks

def readable_base(decrypt_cases):
    """A decrypt case the SDK reads to the right plaintext: secp256r1, embedded plaintext policy, no identifier."""
    for test in decrypt_cases:
        ref = reference(test["input"]["container"])
        if (test["result"] == "valid" and ref and ref["magic"] == "L1L" and ref["curve"] == "secp256r1"
                and not ref["ecdsaBinding"] and not ref["hasSignature"] and ref["kas"]["identifier"] == ""
                and ref["policy"]["type"] == "embedded-plaintext" and test["expected"]["ivConvention"] == "zero-prefix"):
            return test, ref
    raise SystemExit("no readable base container")


def checks(decrypt_cases, rows):
    print("## Checks: the SDK called directly\n")
    base, ref = readable_base(decrypt_cases)
    data = bytearray.fromhex(base["input"]["container"])
    pem = key_pem_for(base, ref["curve"])
    ok, plaintext = sdk_decrypt(bytes(data), pem)
    print(f"base: {base['id']} ({len(data)} bytes): read_nanotdf -> "
          f"{'plaintext ' + plaintext.hex() if ok else plaintext}; expected {base['expected']['plaintext']}\n")

    kas_at = 3
    ecc_at = kas_at + 2 + len(bytes.fromhex(ref["kas"]["body"]))
    config_at = ecc_at + 1
    policy_at = config_at + 1
    eph_at = ref["headerLength"] - len(bytes.fromhex(ref["ephemeralPublicKey"]))
    payload_at = ref["headerLength"]

    def mutated(at, value):
        copy_ = bytearray(data)
        copy_[at] = value
        return bytes(copy_)

    cases = [
        ("KAS protocol nibble 2 (contract: bad-locator-protocol)", mutated(kas_at, 0x02)),
        ("ECC byte 0x08, a reserved bit (reserved-bits)", mutated(ecc_at, 0x08)),
        ("ECC byte 0x04, curve 4 (bad-curve)", mutated(ecc_at, 0x04)),
        ("ECC byte 0x80, ECDSA binding on secp256r1 (valid; binding then unchecked)", mutated(ecc_at, 0x80)),
        ("config cipher code 6 (bad-cipher)", mutated(config_at, (data[config_at] & 0xF0) | 0x06)),
        ("config 0xC0|cipher: signed, signature curve 4 (bad-curve)", mutated(config_at, 0xC0 | (data[config_at] & 0x0F))),
        ("policy type 4 (bad-policy-type)", mutated(policy_at, 0x04)),
        ("ephemeral key prefix 04 (bad-point)", mutated(eph_at, 0x04)),
        ("one byte appended (trailing-bytes)", bytes(data) + b"\x00"),
        ("last byte cut (truncated)", bytes(data[:-1])),
        ("payload length 3 + tag - 1 (bad-payload-length)", bytes(data[:payload_at]) + (3 + TAG_BYTES[ref["cipher"]] - 1).to_bytes(3, "big") + bytes(data[payload_at + 3:])),
    ]
    # A payload under IV 000000 that authenticates, sealed with the SDK's own key derivation.
    key = ecdh.decrypt_key_with_ecdh(pem, bytes.fromhex(ref["ephemeralPublicKey"]), ref["curve"])
    sealed = Cipher(algorithms.AES(key), modes.GCM(b"\x00" * 12)).encryptor()
    ciphertext = sealed.update(bytes.fromhex(base["expected"]["plaintext"])) + sealed.finalize()
    tag = sealed.tag[: TAG_BYTES[ref["cipher"]]]
    body = b"\x00\x00\x00" + ciphertext + tag
    cases.append(("payload IV 000000 that authenticates (reserved-iv)",
                  bytes(data[:payload_at]) + len(body).to_bytes(3, "big") + body))

    # Key and key-agreement refusals on the readable base (the vectors' cases for them are built on spec
    # example 1, which the SDK never gets past: P12).
    p256_n = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
    p256_p = 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    scalar = int(base["input"]["privateKey"], 16)
    pkcs8 = ec.derive_private_key(scalar, ec.SECP256R1()).private_bytes(
        serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    p384 = ec.generate_private_key(ec.SECP384R1()).private_bytes(
        serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    other = ec.generate_private_key(ec.SECP256R1()).private_numbers().private_value.to_bytes(32, "big")
    off_curve = bytearray(data)
    off_curve[eph_at:eph_at + 33] = b"\x02" + p256_p.to_bytes(32, "big")
    key_cases = [
        ("raw scalar 0 (bad-private-key)", bytes(data), b"\x00" * 32),
        ("raw scalar n, the group order (bad-private-key)", bytes(data), p256_n.to_bytes(32, "big")),
        ("the key as PKCS#8 (valid)", bytes(data), pkcs8),
        ("the key as PKCS#8 cut by 10 bytes (bad-private-key)", bytes(data), pkcs8[:-10]),
        ("48-byte raw scalar for P-256 (bad-private-key)", bytes(data), b"\x00" * 16 + scalar.to_bytes(32, "big")),
        ("a P-384 PKCS#8 key (key-curve-mismatch)", bytes(data), p384),
        ("another P-256 key (authentication-failed)", bytes(data), other),
        ("ephemeral key x = p (off-curve)", bytes(off_curve), scalar.to_bytes(32, "big")),
    ]
    print("| key case on the base | read_nanotdf (decrypt) |")
    print("|---|---|")
    for title, container, key_bytes in key_cases:
        ok_d, answer = call(shim.decrypt, {"container": container.hex(), "privateKey": key_bytes.hex()})
        shown_d = f"plaintext {answer['plaintext']}" if ok_d else f"{answer[0]}: {answer[1][:110]}"
        print(f"| {title} | {shown_d.replace(chr(10), ' ')} |")
    print()

    print("| mutation of the base | Header.from_bytes (parseHeader) | read_nanotdf (decrypt) |")
    print("|---|---|---|")
    for title, container in cases:
        ok_h, header = call(shim.parse_header, {"container": container.hex()})
        if ok_h:
            shown_h = "accepted"
            if title.startswith("KAS protocol"):
                shown_h += f" (kas {header['kas']['protocol']})"
            if "cipher code" in title or "signed" in title:
                shown_h += f" (cipher {header['cipher']})"
            if "policy type" in title:
                shown_h += f" (policy type {header['policy']['type']})"
        else:
            shown_h = f"{header[0]}: {header[1][:70]}"
        ok_d, answer = call(shim.decrypt, {"container": container.hex(), "privateKey": base["input"]["privateKey"]})
        shown_d = f"plaintext {answer['plaintext']}" if ok_d else f"{answer[0]}: {answer[1][:90]}"
        print(f"| {title} | {shown_h} | {shown_d.replace(chr(10), ' ')} |")
    print()

    # P6: the same SDK key derivation opens the zero-suffix payloads with IV || 00x9, and the reference says the
    # spec-iv24 payloads do not open under zero-prefix.
    p6 = [i for i, s, p, _ in rows if p == "P6"]
    opened, tried, reference_refuses = 0, 0, 0
    for test in decrypt_cases:
        if test["id"] not in p6:
            continue
        ref6 = reference(test["input"]["container"])
        container = bytes.fromhex(test["input"]["container"])
        payload = container[ref6["headerLength"]:]
        length = int.from_bytes(payload[:3], "big")
        iv, rest = payload[3:6], payload[6:3 + length]
        size = TAG_BYTES[ref6["cipher"]]
        if test["expected"]["ivConvention"] == "zero-suffix":
            tried += 1
            key6 = ecdh.decrypt_key_with_ecdh(key_pem_for(test, ref6["curve"]), bytes.fromhex(ref6["ephemeralPublicKey"]), ref6["curve"])
            try:
                if gcm_open(key6, iv + b"\x00" * 9, rest[:-size], rest[-size:]).hex() == test["expected"]["plaintext"]:
                    opened += 1
            except Exception:  # noqa: BLE001
                pass
        else:
            key_file = os.path.join(REPO, ".build-peers", "analyze-key.pem")
            with open(key_file, "w") as handle:
                handle.write(key_pem_for(test, ref6["curve"]))
            run = subprocess.run([WIRECHECK, "nanotdf", "decrypt", "-", "--key", key_file, "--iv-convention", "zero-prefix", "--json"],
                                 input=test["input"]["container"].encode(), capture_output=True)
            os.unlink(key_file)
            if b"authentication-failed" in run.stdout + run.stderr:
                reference_refuses += 1
    print(f"P6 check: {len(p6)} cases; zero-suffix: {opened}/{tried} open with the SDK's own key "
          f"(otdf_python.ecdh.decrypt_key_with_ecdh) and nonce IV || 00x9; spec-iv24: {reference_refuses}/"
          f"{len(p6) - tried} refused by the reference under --iv-convention zero-prefix too\n")

    # P5: the same containers with bits 7-4 of the config byte cleared and the signature section removed.
    p5 = [i for i, s, p, _ in rows if p == "P5"]
    fixed, zero_prefix = 0, 0
    for test in decrypt_cases:
        if test["id"] not in p5 or test["expected"]["ivConvention"] != "zero-prefix":
            continue
        zero_prefix += 1
        ref5 = reference(test["input"]["container"])
        container = bytearray.fromhex(test["input"]["container"])
        at = 3 + 2 + len(bytes.fromhex(ref5["kas"]["body"])) + len(bytes.fromhex(ref5["kas"]["identifier"])) + 1
        container[at] &= 0x0F
        signature = ref5["signature"]
        cut = len(bytes.fromhex(signature["publicKey"])) + len(bytes.fromhex(signature["signature"]))
        ok5, answer = sdk_decrypt(bytes(container[:-cut]), key_pem_for(test, ref5["curve"]))
        if ok5 and answer.hex() == test["expected"]["plaintext"]:
            fixed += 1
    print(f"P5 check: {len(p5)} cases, {zero_prefix} of them zero-prefix; with config bits 7-4 cleared and the "
          f"signature cut off, read_nanotdf gives the expected plaintext for {fixed}/{zero_prefix}\n")

    # P3: every such container's KAS identifier is not UTF-8; the same header with a UTF-8 identifier parses.
    p3 = [i for i, s, p, _ in rows if p == "P3"]
    sizes = collections.Counter(len(bytes.fromhex(reference(t["input"]["container"])["kas"]["identifier"]))
                                for t in decrypt_cases if t["id"] in p3)
    print(f"P3 check: {len(p3)} cases, KAS identifier sizes {dict(sorted(sizes.items()))}, none valid UTF-8")
    identifier = bytes(range(0x80, 0x82))  # 2 bytes, not UTF-8
    copy_ = bytes(data[:kas_at]) + bytes([0x11]) + bytes(data[kas_at + 1: ecc_at]) + identifier + bytes(data[ecc_at:])
    print(f"  base with protocol byte 0x11 and identifier 8081: parseHeader -> {call(shim.parse_header, {'container': copy_.hex()})[1]}")
    copy_ = bytes(data[:kas_at]) + bytes([0x11]) + bytes(data[kas_at + 1: ecc_at]) + b"e1" + bytes(data[ecc_at:])
    ok3, answer = call(shim.parse_header, {"container": copy_.hex()})
    print(f"  the same with identifier 6531 ('e1'): parseHeader -> {'accepted, identifier ' + answer['kas']['identifier'] if ok3 else answer}")
    copy_ = bytes(data[:kas_at]) + bytes([0x21]) + bytes(data[kas_at + 1: ecc_at]) + b"e1\x00\x00\x00\x00\x00\x00" + bytes(data[ecc_at:])
    ok3, answer = call(shim.parse_header, {"container": copy_.hex()})
    print(f"  8-byte identifier 6531000000000000: parseHeader -> {'accepted, identifier ' + answer['kas']['identifier'] if ok3 else answer}\n")


def header_model(decrypt_cases):
    print("## Header model: the SDK's Header of every decrypt container it parses, against the reference\n")
    members = collections.Counter()
    examples = {}
    parsed = 0
    for test in decrypt_cases:
        if test["result"] != "valid":
            continue
        ok, answer = call(shim.parse_header, {"container": test["input"]["container"]})
        if not ok:
            continue
        parsed += 1
        ref = reference(test["input"]["container"], header_only=True)
        for key in sorted(set(ref) | set(answer)):
            if isinstance(ref.get(key), dict) or isinstance(answer.get(key), dict):
                for sub in sorted(set(ref.get(key) or {}) | set(answer.get(key) or {})):
                    a, r = (answer.get(key) or {}).get(sub), (ref.get(key) or {}).get(sub)
                    if not same(a, r):
                        members[f"{key}.{sub}"] += 1
                        examples.setdefault(f"{key}.{sub}", (test["id"], r, a))
            elif not same(answer.get(key), ref.get(key)):
                members[key] += 1
                examples.setdefault(key, (test["id"], ref.get(key), answer.get(key)))
    print(f"{parsed} valid decrypt containers parse with Header.from_bytes; members that differ from the reference:\n")
    for member, count in members.most_common():
        case_id, want, got = examples[member]
        print(f"- {member}: {count} (e.g. {case_id}: reference {json.dumps(want)[:80]}, SDK {json.dumps(got)[:80]})")
    print()


if __name__ == "__main__":
    main()
