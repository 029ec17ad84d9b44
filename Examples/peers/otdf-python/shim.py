#!/usr/bin/env python3
"""WireCheck shim for otdf-python, the "Unofficial OpenTDF SDK for Python" (PyPI `otdf-python`).

One JSON request per line on stdin, one answer per line on stdout (README, "Testing your implementation";
docs/contract/nanotdf.md). Run it with the interpreter of the venv that install.sh makes.

What the SDK offers for NanoTDF, and so what this shim implements:

  nanotdf.parseHeader  `otdf_python.header.Header.from_bytes(container)` (the header parser that the SDK's own
                       reader, `NanoTDF.read_nano_tdf`, uses) and `Header.peek_length(container)` for
                       `headerLength`. The result is the parsed `Header` object translated member by member
                       (see `header_result`); nothing is read from the bytes by the shim itself.
  nanotdf.decrypt      `NanoTDF().read_nanotdf(container, NanoTDFConfig(cipher=<PEM private key>))`: the public,
                       offline path (no KAS service: `services` is None). The SDK takes the recipient key only as
                       PEM text, so the vector's key is re-armoured (see `private_key_pem`), never checked here.

Not offered by the SDK, answered `unimplemented` (and `disabled` in expect.json with the reason):

  nanotdf.parse        the SDK has no parser for a whole container: the payload is sliced only inside
                       `read_nano_tdf`, after key agreement, and the signature section is never read.
  nanotdf.encrypt      `NanoTDF.create_nanotdf` draws the ephemeral key and the IV itself and fixes the cipher
                       (GCM-128), the policy content, the binding and the KAS identifier ("e1"), so a case that
                       gives every parameter and expects exact bytes cannot be expressed (roundtrip.py tests the
                       writer instead).
  decrypt with `ivConvention` `spec-iv24` or `zero-suffix`: the SDK has one convention (zero-prefix, nine zero
                       bytes then the IV: `NanoTDF.K_IV_PADDING`) and no way to ask for another; such a case is
                       answered `unimplemented`. `auto` (or absent) and `zero-prefix` run the SDK as is.

Internals: none are called. One thing is read from the side: when key agreement fails, `read_nano_tdf`
catches the exception, logs it (`logging.warning("Failed to derive key with ECDH: ...")`) and raises a
generic `InvalidNanoTDFConfig("Missing decryption key ...")`. The shim attaches a logging handler and uses
that logged reason to choose the error class (see `classify_decrypt`). The SDK's log lines also go to
stderr, which the report keeps.

Decrypt results: the SDK returns the plaintext only. It does not verify the policy binding or the creator
signature and does not decrypt encrypted policies, so the shim answers `bindingVerified: false`,
`bindingVariant: null` (no binding was verified), `signatureVerified: null` (no signature was looked at) and
`policyPlaintext: null`; `ivConvention` is `zero-prefix`, the only convention the SDK uses.

Error classes. The SDK raises ValueError (header), its own exceptions (decrypt) and lets exceptions of
`cryptography` through. Each is mapped to a vector class only when the SDK's exception (or logged reason)
names the condition; otherwise the code is `unclassified` (not a class of the vectors, so under --strict an
expected refusal with another class fails as "wrong class"), with the SDK's exception in the message:
  - "Invalid magic number and version": the SDK compares the three bytes at once, so bad-magic,
    unsupported-version and (input under 3 bytes) truncated cannot be told apart: `unclassified`.
  - a locator body or identifier that is not UTF-8 (UnicodeDecodeError): no class fits: `unclassified`.
  - a ValueError from `cryptography`'s GCM set-up (a tag shorter than the cipher's): truncated and
    bad-payload-length cannot be told apart: `unclassified`.
The mapped ones are listed in PARSE_MESSAGES and `classify_decrypt`.

Written for WireCheck issue 39 (first peer). Tested with otdf-python 0.11.0 (install.sh pins it).
"""

import base64
import importlib.metadata
import json
import logging
import sys

from cryptography.exceptions import InvalidTag

from otdf_python.config import NanoTDFConfig
from otdf_python.constants import MAGIC_NUMBER_AND_VERSION
from otdf_python.ecc_constants import ECCConstants
from otdf_python.header import Header
from otdf_python.nanotdf import InvalidNanoTDFConfig, NanoTDF
from otdf_python.sdk_exceptions import SDKException

GENERIC = "unclassified"

# ---------------------------------------------------------------------------------------------------------
# Logging: keep the SDK's warnings (stderr for the report, and a list for classify_decrypt).


class _Capture(logging.Handler):
    def __init__(self):
        super().__init__(level=logging.WARNING)
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


CAPTURE = _Capture()
_root = logging.getLogger()
_root.setLevel(logging.WARNING)
_root.addHandler(CAPTURE)
_stderr = logging.StreamHandler(sys.stderr)
_stderr.setFormatter(logging.Formatter("otdf-python %(levelname)s: %(message)s"))
_root.addHandler(_stderr)


class ShimError(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


def refusal(code, exc, context=""):
    text = f"{type(exc).__module__}.{type(exc).__name__}: {exc}"
    return ShimError(code, f"{context}{text}")


# ---------------------------------------------------------------------------------------------------------
# nanotdf.parseHeader

# Substrings of the SDK's ValueError messages (otdf_python/header.py, resource_locator.py, policy_info.py,
# ecc_constants.py) and the vector class each one names.
PARSE_MESSAGES = [
    ("Buffer too short for ResourceLocator", "truncated"),  # also "... body" and "... identifier"
    ("Invalid identifier length enum", "bad-identifier-size"),
    ("Unsupported curve type", "bad-curve"),
    ("Buffer too short for PolicyInfo", "truncated"),  # "... header" and "... body"
    ("Failed to read policy binding - invalid buffer size", "truncated"),
    ("Failed to read ephemeral key - invalid buffer size", "truncated"),
]


def classify_parse(exc):
    """The vector class of an exception raised by the SDK's header parser, or GENERIC."""
    if isinstance(exc, IndexError):
        # `buffer[offset]` past the end: the ECC-mode or config byte is missing.
        return "truncated"
    if isinstance(exc, ValueError) and not isinstance(exc, UnicodeDecodeError):
        text = str(exc)
        for needle, code in PARSE_MESSAGES:
            if needle in text:
                return code
    return GENERIC


POLICY_TYPES = {0: "remote", 1: "embedded-plaintext", 2: "embedded-encrypted", 3: "embedded-encrypted-key-access"}

# Tag bytes by cipher code, as `NanoTDF.read_nano_tdf` uses them (its local `tag_size_map`, default 16).
SDK_TAG_BYTES = {0: 8, 1: 12, 2: 13, 3: 14, 4: 15, 5: 16}


def locator_result(locator):
    """The SDK's ResourceLocator as the contract's {protocol, body, identifier}.

    The SDK keeps a URL string: "https://" + body for protocol 1, "http://" + body for 0, and the bare body for
    every other nibble. A bare body is reported as the shared resource directory, the one other protocol that
    is valid (the SDK's own writer would turn it into http: ResourceLocator.to_bytes)."""
    url = locator.get_resource_url()
    if url.startswith("https://"):
        protocol, body = "https", url[len("https://"):]
    elif url.startswith("http://"):
        protocol, body = "http", url[len("http://"):]
    else:
        protocol, body = "shared-resource-directory", url
    return {
        "protocol": protocol,
        "body": body.encode("utf-8").hex(),
        # The SDK strips trailing 00 bytes of the identifier and decodes it as UTF-8.
        "identifier": locator.get_identifier().encode("utf-8").hex(),
    }


def header_result(header, header_length):
    ecc = header.ecc_mode
    config = header.payload_config
    policy = header.policy_info
    cipher_code = config.get_cipher_type()
    has_signature = bool(config.has_signature)
    signature_curve = None
    if has_signature:
        try:
            signature_curve = ECCConstants.get_curve_name(config.signature_ecc_mode)
        except ValueError:
            signature_curve = None
    # policy.body as on the wire between the type byte and the binding, from the SDK's own serializer.
    serialized = bytearray(policy.get_total_size())
    policy.write_into_buffer(serialized, 0)
    policy_result = {
        "type": POLICY_TYPES.get(policy.policy_type, policy.policy_type),
        "body": bytes(serialized[1:]).hex(),
    }
    return {
        "headerLength": header_length,
        "magic": MAGIC_NUMBER_AND_VERSION.decode("ascii"),
        "kas": locator_result(header.kas_locator),
        "curve": ecc.get_curve_name(),
        "ecdsaBinding": bool(ecc.is_ecdsa_binding_enabled()),
        "hasSignature": has_signature,
        "signatureCurve": signature_curve,
        "cipher": SDK_TAG_BYTES.get(cipher_code, 16) * 8,
        "policy": policy_result,
        "binding": bytes(header.policy_binding).hex(),
        "ephemeralPublicKey": bytes(header.ephemeral_key).hex(),
    }


def parse_header(args):
    data = bytes.fromhex(args["container"])
    try:
        header = Header.from_bytes(data)
        header_length = Header.peek_length(data)
        return header_result(header, header_length)
    except Exception as exc:  # noqa: BLE001 - every SDK refusal is answered
        raise refusal(classify_parse(exc), exc) from exc


# ---------------------------------------------------------------------------------------------------------
# nanotdf.decrypt

CURVE_OIDS = {  # DER of the named-curve OIDs
    "secp256r1": bytes.fromhex("06082a8648ce3d030107"),
    "secp384r1": bytes.fromhex("06052b81040022"),
    "secp521r1": bytes.fromhex("06052b81040023"),
    "secp256k1": bytes.fromhex("06052b8104000a"),
}
SCALAR_BYTES = {"secp256r1": 32, "secp384r1": 48, "secp521r1": 66, "secp256k1": 32}


def der(tag, content):
    n = len(content)
    if n < 0x80:
        length = bytes([n])
    else:
        raw = n.to_bytes((n.bit_length() + 7) // 8, "big")
        length = bytes([0x80 | len(raw)]) + raw
    return bytes([tag]) + length + content


def pem(label, body):
    text = base64.b64encode(body).decode("ascii")
    lines = [text[i:i + 64] for i in range(0, len(text), 64)]
    return f"-----BEGIN {label}-----\n" + "\n".join(lines) + f"\n-----END {label}-----\n"


def private_key_pem(key, curve):
    """The vector's key as the PEM text the SDK reads (`config.cipher`); the SDK decides whether it is good.

    Up to the curve's scalar size it is a raw scalar (contract 4.2): written, unchecked, into a SEC1
    ECPrivateKey (version 1, the scalar left-padded, the curve's OID). Longer, it is DER already and only
    gets its PEM armour: "PRIVATE KEY" (PKCS#8: version 0) or "EC PRIVATE KEY" (SEC1: version 1)."""
    size = SCALAR_BYTES[curve]
    if len(key) <= size:
        sec1 = der(0x30, der(0x02, b"\x01") + der(0x04, key.rjust(size, b"\x00")) + der(0xA0, CURVE_OIDS[curve]))
        return pem("EC PRIVATE KEY", sec1)
    return pem("EC PRIVATE KEY" if der_version(key) == 1 else "PRIVATE KEY", key)


def der_version(key):
    """The first INTEGER of a DER SEQUENCE (30 <length> 02 01 <version>), or None; nothing else is checked."""
    if len(key) < 2 or key[0] != 0x30:
        return None
    start = 2 if key[1] < 0x80 else 2 + (key[1] & 0x7F)
    if key[start:start + 2] == b"\x02\x01" and len(key) > start + 2:
        return key[start + 2]
    return None


def header_curve(data):
    """The curve the SDK reads from the header, to write a raw scalar on it; secp256r1 when the SDK cannot read
    the header (read_nanotdf then refuses at its header parse, before it looks at the key)."""
    try:
        return Header.from_bytes(data[: Header.peek_length(data)]).ecc_mode.get_curve_name()
    except Exception:  # noqa: BLE001
        return "secp256r1"


ECDH_WARNING = "Failed to derive key with ECDH: "


def classify_decrypt(exc, warnings):
    if isinstance(exc, InvalidTag):
        return "authentication-failed"
    if isinstance(exc, InvalidNanoTDFConfig):
        text = str(exc)
        if text.startswith("Failed to parse NanoTDF header"):
            return classify_parse(exc.__cause__)
        if text.startswith("Missing decryption key"):
            reasons = [w[len(ECDH_WARNING):] for w in warnings if w.startswith(ECDH_WARNING)]
            reason = reasons[-1] if reasons else ""
            if reason.startswith("Failed to load recipient's private key"):
                return "bad-private-key"
            if reason.startswith("Failed to decompress public key") or reason.startswith("Invalid compressed key size"):
                # The SDK's decompression of the header's ephemeral key (cryptography: "Invalid EC key."):
                # the decrypt step of contract 4.1 #3, whose class is off-curve (the SDK's parser does not
                # look at the 02/03 prefix, so bad-point never comes from it).
                return "off-curve"
            if reason.startswith("Failed to derive shared secret"):
                # A loaded key and a decompressed point that OpenSSL cannot combine: the key is on another
                # curve than the header's (cryptography: "Error computing shared key.").
                return "key-curve-mismatch"
            return GENERIC
    if isinstance(exc, SDKException) and "Failed to detect key type" in str(exc):
        # NanoTDF._is_ec_key could not load the PEM private key.
        return "bad-private-key"
    return GENERIC


def decrypt(args):
    convention = args.get("ivConvention") or "auto"
    if convention not in ("auto", "zero-prefix"):
        raise ShimError(
            "unimplemented",
            f"otdf-python reads only the zero-prefix IV convention; it cannot be asked for {convention}")
    data = bytes.fromhex(args["container"])
    key = bytes.fromhex(args["privateKey"])
    config = NanoTDFConfig(cipher=private_key_pem(key, header_curve(data)))
    CAPTURE.messages.clear()
    try:
        plaintext = NanoTDF().read_nanotdf(data, config)
    except Exception as exc:  # noqa: BLE001 - every SDK refusal is answered
        code = classify_decrypt(exc, CAPTURE.messages)
        logged = "; logged: " + " | ".join(CAPTURE.messages) if CAPTURE.messages else ""
        cause = f" (cause: {type(exc.__cause__).__name__}: {exc.__cause__})" if exc.__cause__ else ""
        raise ShimError(code, f"{type(exc).__module__}.{type(exc).__name__}: {exc}{cause}{logged}") from exc
    return {
        "plaintext": plaintext.hex(),
        "ivConvention": "zero-prefix",
        "bindingVerified": False,
        "bindingVariant": None,
        "signatureVerified": None,
        "policyPlaintext": None,
    }


# ---------------------------------------------------------------------------------------------------------

OPS = {"nanotdf.parseHeader": parse_header, "nanotdf.decrypt": decrypt}
NOT_OFFERED = {
    "nanotdf.parse": "otdf-python has no parser for a whole container (payload and signature)",
    "nanotdf.encrypt": "otdf-python's create_nanotdf draws the ephemeral key and IV itself and fixes cipher, "
    "policy, binding and KAS identifier: exact-bytes cases cannot be expressed",
}


def answer(request):
    rid = request.get("id")
    op = request.get("op")
    if op == "hello":
        version = importlib.metadata.version("otdf-python")
        return {"id": rid if rid is not None else 0, "ok": True,
                "result": {"name": "otdf-python", "version": version, "ops": list(OPS)}}
    handler = OPS.get(op)
    if handler is None:
        why = NOT_OFFERED.get(op, f"op {op} is not offered by otdf-python")
        return {"id": rid, "ok": False, "error": {"code": "unimplemented", "message": why}}
    try:
        return {"id": rid, "ok": True, "result": handler(request.get("args") or {})}
    except ShimError as error:
        return {"id": rid, "ok": False, "error": {"code": error.code, "message": error.message}}
    except Exception as exc:  # noqa: BLE001 - a shim fault, not the SDK's: say so
        return {"id": rid, "ok": False,
                "error": {"code": "shim-error", "message": f"{type(exc).__name__}: {exc}"}}


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            if not isinstance(request, dict):
                raise ValueError("not an object")
        except ValueError as exc:
            reply = {"id": None, "ok": False, "error": {"code": "bad-request", "message": str(exc)}}
        else:
            reply = answer(request)
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
