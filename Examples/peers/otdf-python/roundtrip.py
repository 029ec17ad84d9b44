#!/usr/bin/env python3
"""Writes NanoTDFs with every mode otdf-python's writer offers and has WireCheck's reference read them.

    .build-peers/otdf-python/bin/python Examples/peers/otdf-python/roundtrip.py [--out DIR] [--json]

Writer: `NanoTDF().create_nanotdf(plaintext, NanoTDFConfig(...))`, the SDK's public offline path (a KAS public
key given as PEM in `KASInfo.public_key`, so no KAS service is asked). Its knobs, and so the modes:

  - `ecc_mode`: "gmac" or "ecdsa" (secp256r1), or a curve name ("secp384r1", ...) for a hash-bound container on that
    curve. ECDSA on another curve is only reachable with an `otdf_python.ecc_mode.ECCMode(curve, True)` object
    in place of the string (the writer accepts one); those modes are marked "ECCMode object".
  - `policy_type`: "EMBEDDED_POLICY_PLAIN_TEXT" (the default) or anything else, which writes an encrypted policy.
  - the KAS URL of `KASInfo.url` (https://, http://, or neither).
  - the KAS key: an EC key (ECDH), an RSA key (the SDK then writes a random payload key and random bytes as the
    "ephemeral key", for KAS rewrap), or none (a random key, optionally given as hex in `cipher`).
  - not offered: the cipher (always GCM-128), a signature (never written), remote and key-access policies,
    the IV convention (always zero-prefix), the KAS identifier (always "e1" for EC, "r1" otherwise).

Each container goes to the output folder (a new temporary folder unless --out) with the KAS private key; then
`wirecheck nanotdf inspect FILE --json`, `wirecheck nanotdf decrypt FILE --key KEY --json` and
`wirecheck nanotdf verify FILE --key KEY --json` run on it, and the SDK's own `read_nanotdf` reads it back.
The summary counts what the reference accepted and refused, by cause.
"""

import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa

from otdf_python.config import KASInfo, NanoTDFConfig
from otdf_python.ecc_mode import ECCMode
from otdf_python.nanotdf import NanoTDF

import importlib.metadata
import logging
import secrets

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
WIRECHECK = os.environ.get("WIRECHECK", os.path.join(REPO, ".build", "release", "wirecheck"))

CURVES = {"secp256r1": ec.SECP256R1(), "secp384r1": ec.SECP384R1(), "secp521r1": ec.SECP521R1(), "secp256k1": ec.SECP256K1()}
CURVE_CODES = {"secp256r1": 0, "secp384r1": 1, "secp521r1": 2, "secp256k1": 3}
PLAINTEXT = b"Keep this message secret"


def private_pem(key):
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption()).decode()


def public_pem(key):
    return key.public_key().public_bytes(serialization.Encoding.PEM,
                                         serialization.PublicFormat.SubjectPublicKeyInfo).decode()


def modes(keys):
    """(name, NanoTDFConfig factory, the KAS private key that should open it, plaintext)."""
    out = []

    def ec_config(curve, ecdsa, policy, url="https://kas.example.com", kas_curve=None, ecc_object=False):
        def make():
            if ecc_object:
                ecc_mode = ECCMode(CURVE_CODES[curve], ecdsa)
            elif curve == "secp256r1":
                ecc_mode = "ecdsa" if ecdsa else "gmac"
            else:
                ecc_mode = curve  # a curve name: hash binding on that curve
            return NanoTDFConfig(
                ecc_mode=ecc_mode,
                attributes=["https://example.com/attr/classification/value/secret"],
                kas_info_list=[KASInfo(url=url, public_key=public_pem(keys[kas_curve or curve]))],
                policy_type=policy,
            )
        return make

    for curve in CURVES:
        for ecdsa in (False, True):
            if ecdsa and curve != "secp256r1":
                how = "ECCMode object"
            else:
                how = f"ecc_mode={'ecdsa' if ecdsa else ('gmac' if curve == 'secp256r1' else curve)}"
            for policy, policy_name in (("EMBEDDED_POLICY_PLAIN_TEXT", "plaintext policy"),
                                        ("EMBEDDED_POLICY_ENCRYPTED", "encrypted policy")):
                name = f"{curve} {'ecdsa' if ecdsa else 'hash'} binding, {policy_name} ({how})"
                out.append((name, ec_config(curve, ecdsa, policy, ecc_object=(how == 'ECCMode object')), keys[curve], PLAINTEXT))
    out.append(("secp256r1 hash binding, plaintext policy, empty plaintext",
                ec_config("secp256r1", False, "EMBEDDED_POLICY_PLAIN_TEXT"), keys["secp256r1"], b""))
    out.append(("secp256r1 hash binding, KAS url http://",
                ec_config("secp256r1", False, "EMBEDDED_POLICY_PLAIN_TEXT", url="http://kas.example.com"), keys["secp256r1"], PLAINTEXT))
    out.append(("secp256r1 hash binding, KAS url without scheme",
                ec_config("secp256r1", False, "EMBEDDED_POLICY_PLAIN_TEXT", url="kas.example.com"), keys["secp256r1"], PLAINTEXT))
    out.append(("ecc_mode secp384r1 with a secp256r1 KAS key",
                ec_config("secp384r1", False, "EMBEDDED_POLICY_PLAIN_TEXT", kas_curve="secp256r1"), keys["secp256r1"], PLAINTEXT))

    def rsa_config():
        return NanoTDFConfig(kas_info_list=[KASInfo(url="https://kas.example.com", public_key=public_pem(keys["rsa"]))])
    out.append(("RSA KAS key (key wrapped by a KAS, not ECDH)", rsa_config, keys["secp256r1"], PLAINTEXT))

    symmetric_key = secrets.token_hex(32)

    def symmetric_config():
        return NanoTDFConfig(cipher=symmetric_key)
    out.append(("no KAS key, symmetric key (hex) in cipher", symmetric_config, keys["secp256r1"], PLAINTEXT))

    def nothing_config():
        return NanoTDFConfig()
    out.append(("no KAS key and no key at all", nothing_config, keys["secp256r1"], PLAINTEXT))
    return out


class Warnings(logging.Handler):
    """The SDK's logged warnings while it writes (its only report of a fallback)."""

    def __init__(self):
        super().__init__(level=logging.WARNING)
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


def run(command, stdin=None):
    result = subprocess.run(command, capture_output=True, input=stdin)
    try:
        return result.returncode, json.loads(result.stdout)
    except json.JSONDecodeError:
        return result.returncode, {"ok": False, "error": {"code": "no-json", "message": result.stderr.decode()[-300:]}}


def verdict(status, answer):
    if status == 0:
        return "accepted"
    error = answer.get("error") or {}
    if error:
        return f"refused {error.get('code')}"
    if answer.get("bindingVerified") is False:
        return "refused binding-not-verified"
    if answer.get("signatureVerified") is False:
        return "refused signature-not-verified"
    return f"refused (exit {status})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", help="folder for the containers and keys (default: a new temporary folder)")
    parser.add_argument("--json", action="store_true", help="print every row as JSON lines too")
    options = parser.parse_args()
    out = options.out or tempfile.mkdtemp(prefix="otdf-python-roundtrip-")
    os.makedirs(out, exist_ok=True)

    keys = {name: ec.generate_private_key(curve) for name, curve in CURVES.items()}
    keys["rsa"] = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    key_files = {}
    for name, key in keys.items():
        path = os.path.join(out, f"kas-{name}.pem")
        with open(path, "w") as handle:
            handle.write(private_pem(key))
        key_files[id(key)] = path

    warnings = Warnings()
    logging.getLogger().addHandler(warnings)
    logging.getLogger().setLevel(logging.WARNING)
    rows = []
    for index, (name, make, kas_key, plaintext) in enumerate(modes(keys), start=1):
        config = make()
        warnings.messages.clear()
        container = NanoTDF().create_nanotdf(plaintext, config)
        written_warnings = list(warnings.messages)
        path = os.path.join(out, f"{index:02d}.ntdf")
        with open(path, "wb") as handle:
            handle.write(container)
        key_file = key_files[id(kas_key)]
        inspect_status, inspected = run([WIRECHECK, "nanotdf", "inspect", path, "--json"])
        decrypt_status, decrypted = run([WIRECHECK, "nanotdf", "decrypt", path, "--key", key_file, "--json"])
        verify_status, verified = run([WIRECHECK, "nanotdf", "verify", path, "--key", key_file, "--json"])
        if config.kas_info_list:
            read_config = NanoTDFConfig(cipher=private_pem(kas_key))
        else:
            read_config = NanoTDFConfig(cipher=config.cipher)  # the symmetric key, when one was given
        try:
            own = NanoTDF().read_nanotdf(container, read_config)
            own_result = "plaintext matches" if own == plaintext else "wrong plaintext"
        except Exception as exc:  # noqa: BLE001
            own_result = f"refused ({type(exc).__name__})"
        row = {
            "file": path, "mode": name, "size": len(container),
            "header": container[:24].hex(),
            "inspect": verdict(inspect_status, inspected),
            "decrypt": verdict(decrypt_status, decrypted),
            "verify": verdict(verify_status, verified),
            "sdkReadsBack": own_result,
            "sdkWarnings": written_warnings,
        }
        if inspect_status == 0:
            row["parsed"] = {k: inspected.get(k) for k in ("curve", "ecdsaBinding", "hasSignature", "cipher")}
            row["parsed"]["policy"] = inspected["policy"]["type"]
            row["parsed"]["kas"] = inspected["kas"]
        if "plaintext" in decrypted:
            row["decrypted"] = {k: decrypted.get(k) for k in ("ivConvention", "bindingVerified", "bindingVariant", "signatureVerified", "policyPlaintext")}
            row["decrypted"]["plaintextMatches"] = decrypted["plaintext"] == plaintext.hex()
        else:
            row["decryptError"] = (decrypted.get("error") or {}).get("message")
        if "bindingVerified" in verified:
            row["verified"] = {k: verified.get(k) for k in ("bindingVerified", "bindingVariant", "signatureVerified")}
        else:
            row["verifyError"] = (verified.get("error") or {}).get("message") or {k: verified.get(k) for k in ("bindingVerified", "bindingVariant")}
        if inspect_status != 0:
            row["inspectError"] = (inspected.get("error") or {}).get("message")
        rows.append(row)

    version = importlib.metadata.version("otdf-python")
    print(f"otdf-python {version}: {len(rows)} containers in {out}\n")
    print("| # | mode | bytes | inspect | decrypt | verify | SDK reads back |")
    print("|---|---|---:|---|---|---|---|")
    # inspect's reading (when it parses): curve, binding flag, cipher, policy type, KAS locator; decrypt's policy
    for index, row in enumerate(rows, start=1):
        decrypt = row["decrypt"]
        if "decrypted" in row:
            d = row["decrypted"]
            decrypt += f" ({d['ivConvention']}, binding {d['bindingVariant'] or 'not verified'}, plaintext {'ok' if d['plaintextMatches'] else 'WRONG'})"
        inspect = row["inspect"]
        if "parsed" in row:
            p = row["parsed"]
            kas = p["kas"]
            inspect += (f" ({p['curve']}, {'ecdsa' if p['ecdsaBinding'] else 'hash'}, gcm{p['cipher']}, {p['policy']}, "
                        f"kas {kas['protocol']} {bytes.fromhex(kas['body']).decode('utf-8', 'replace')} id {kas['identifier'] or '-'})")
        if "decrypted" in row and row["parsed"]["policy"] == "embedded-encrypted":
            decrypt += f", policyPlaintext {'opened' if row['decrypted']['policyPlaintext'] else 'null'}"
        verify = row["verify"]
        if "verified" in row:
            verify += f" ({row['verified']['bindingVariant']})"
        elif isinstance(row.get("verifyError"), dict):
            verify += f" (binding {row['verifyError'].get('bindingVariant')})"
        print(f"| {index} | {row['mode']} | {row['size']} | {inspect} | {decrypt} | {verify} | {row['sdkReadsBack']} |")

    print("\nThe SDK's warnings while writing (nothing is raised):")
    for index, row in enumerate(rows, start=1):
        for message in row["sdkWarnings"]:
            print(f"- #{index}: {message}")

    print("\nBy cause:")
    for step in ("inspect", "decrypt", "verify"):
        counts = collections.Counter(row[step] for row in rows)
        print(f"- {step}: " + ", ".join(f"{cause} {n}" for cause, n in counts.most_common()))
    reasons = collections.Counter()
    for row in rows:
        for key in ("inspectError", "decryptError"):
            if isinstance(row.get(key), str):
                reasons[(key, row[key].split(" at byte")[0])] += 1
    if reasons:
        print("\nRefusal messages (reference):")
        for (key, message), n in reasons.most_common():
            print(f"- {key[:-5]}: {message} ({n})")
    if options.json:
        print()
        for row in rows:
            print(json.dumps(row))
    with open(os.path.join(out, "roundtrip.json"), "w") as handle:
        json.dump(rows, handle, indent=1)


if __name__ == "__main__":
    sys.exit(main())
