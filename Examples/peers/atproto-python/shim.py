#!/usr/bin/env python3
"""WireCheck shim for atproto, MarshalX's AT Protocol SDK for Python (PyPI `atproto`).

One JSON request per line on stdin, one answer per line on stdout (README, "Testing your implementation";
docs/contract/atproto.md). Run it with the interpreter of the venv that install.sh makes.

What the SDK offers, and so what this shim implements:

  atproto.syntax   the string-format types of `atproto_client.models.string_formats` (`Did`, `Handle`, `Nsid`,
                   `Tid`, `RecordKey`, `AtUri`, `Uri`, `Cid`, `DateTime`, `Language`, `AtIdentifier`): the
                   pydantic types the SDK's generated models declare their lexicon string fields with. Their
                   validators run only when the caller opts in through the validation context
                   (`{"strict_string_format": True}`, the SDK's documented switch; without it every string
                   passes), so each value is checked with
                       pydantic.TypeAdapter(<type>).validate_python(value, context={"strict_string_format": True})
                   which is what `Model.model_validate(data, context=...)` does for one field. `AtIdentifier`
                   is the SDK's `Union[Handle, Did]` (valid when either member accepts). Nothing is checked by
                   the shim itself: a `pydantic.ValidationError` is `invalid-syntax`, a return is `{}`.

Not offered by the SDK, answered `unimplemented` (and `disabled` in expect.json with the reason):

  mls.validate     the SDK has no validator of a JSON value against a lexicon document: `atproto_lexicon` only
                   parses lexicon documents into models (`lexicon_parse`), and value checking exists only in
                   the pydantic models generated ahead of time for the app.bsky/com.atproto lexicons.
  mls.xrpc-error   the SDK's XRPC error handling lives inside its HTTP client (`atproto_client.request`), on
                   an httpx response; there is no function from (status, headers, body) to an error.

Error classes: one class, `invalid-syntax` (contract section 0), for a `pydantic.ValidationError`. Any other
exception out of the SDK's validator is answered `unclassified` with the exception in the message (not a
class of the vectors, so under --strict an invalid case fails as "wrong class" and a valid one as refused),
so that an SDK crash is not mistaken for a refusal. A fault of the shim itself is `shim-error`.

Written for WireCheck issue 39. Tested with atproto 0.0.73 (install.sh pins it).
"""

import importlib.metadata
import json
import sys

from pydantic import TypeAdapter, ValidationError

from atproto_client.models import string_formats

GENERIC = "unclassified"
CONTEXT = {"strict_string_format": True}  # string_formats._OPT_IN_KEY, the SDK's opt-in for format checks

# The contract's format names (the lexicon's) and the SDK type for each.
FORMATS = {
    "did": string_formats.Did,
    "handle": string_formats.Handle,
    "nsid": string_formats.Nsid,
    "tid": string_formats.Tid,
    "record-key": string_formats.RecordKey,
    "at-uri": string_formats.AtUri,
    "uri": string_formats.Uri,
    "cid": string_formats.Cid,
    "datetime": string_formats.DateTime,
    "language": string_formats.Language,
    "at-identifier": string_formats.AtIdentifier,
}
ADAPTERS = {name: TypeAdapter(kind) for name, kind in FORMATS.items()}


class ShimError(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


def sdk_check(fmt, value):
    """None when the SDK accepts `value` in `fmt`, else (code, message) from the SDK's refusal."""
    try:
        ADAPTERS[fmt].validate_python(value, context=CONTEXT)
    except ValidationError as error:
        reasons = "; ".join(e.get("msg", "") for e in error.errors(include_url=False))
        return "invalid-syntax", f"atproto {fmt}: {reasons}"
    except Exception as exc:  # noqa: BLE001 - the SDK's validator raised something other than a refusal
        return GENERIC, f"atproto {fmt}: {type(exc).__module__}.{type(exc).__name__}: {exc}"
    return None


def syntax(args):
    fmt = args.get("format")
    value = args.get("value")
    if fmt not in ADAPTERS:
        raise ShimError("bad-request", f"unknown format {fmt!r}")
    if not isinstance(value, str):
        raise ShimError("bad-request", "value must be a string")
    refused = sdk_check(fmt, value)
    if refused is not None:
        raise ShimError(*refused)
    return {}


# ---------------------------------------------------------------------------------------------------------

OPS = {"atproto.syntax": syntax}
NOT_OFFERED = {
    "mls.validate": "atproto (Python) has no validator of a value against a lexicon document: atproto_lexicon "
    "only parses lexicons; values are checked only by models generated for the bundled lexicons",
    "mls.xrpc-error": "atproto (Python) reads XRPC errors only inside its HTTP client, from an httpx response",
}


def answer(request):
    rid = request.get("id")
    op = request.get("op")
    if op == "hello":
        version = importlib.metadata.version("atproto")
        return {"id": rid if rid is not None else 0, "ok": True,
                "result": {"name": "atproto-python", "version": version, "ops": list(OPS)}}
    handler = OPS.get(op)
    if handler is None:
        why = NOT_OFFERED.get(op, f"op {op} is not offered by atproto (Python)")
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
