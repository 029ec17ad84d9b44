#!/usr/bin/env python3
"""A minimal WireCheck shim: Python's own base64 module under test, one JSON line in, one out."""
import base64, binascii, json, sys

def base64_decode(args):
    alphabet, padding, mode = args["variant"].split("-")
    text = args["text"]
    if padding == "raw":
        text += "=" * (-len(text) % 4)
    altchars = b"-_" if alphabet == "url" else b"+/"
    return {"bytes": base64.b64decode(text, altchars=altchars, validate=True).hex()}

OPS = {"wirecore.base64Decode": base64_decode}

for line in sys.stdin:
    request = json.loads(line)
    if request["op"] == "hello":
        reply = {"id": request.get("id", 0), "ok": True, "result": {"name": "python-base64", "version": sys.version.split()[0], "ops": list(OPS)}}
    else:
        try:
            reply = {"id": request["id"], "ok": True, "result": OPS[request["op"]](request["args"])}
        except (binascii.Error, ValueError) as error:
            reply = {"id": request["id"], "ok": False, "error": {"code": "invalid", "message": str(error)}}
    print(json.dumps(reply), flush=True)
