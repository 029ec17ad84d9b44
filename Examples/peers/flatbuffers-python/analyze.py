#!/usr/bin/env python3
"""Runs the arkavo/flatbuffers cases in process through shim.py's functions and says, per case, what the runtime
did: for decode cases the reference refuses, the exception the runtime raised (a pass) or the fact that it
returned a table (a FAIL, with what differs from the same buffer's intact form when there is one); for encode cases
the reference refuses, whether the runtime's builder raised (TypeError/struct.error) or shim.py's own JSON check
refused. Run with the venv's python: .build-peers/flatbuffers-python/bin/python Examples/peers/flatbuffers-python/analyze.py
"""
import collections
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import shim  # noqa: E402

REPO = shim.REPO
vectors = json.load(open(os.path.join(REPO, "Vectors", "arkavo", "flatbuffers.json")))
tally = collections.Counter()
for group in vectors["testGroups"]:
    run = shim.OPS[group["op"]]
    for case in group["tests"]:
        name = case["id"].rsplit("/", 1)[1]
        args = dict(group.get("params") or {}, **case["input"])
        try:
            answer = ("ok", run(args))
        except shim.ShimError as err:
            answer = (err.code, err.message)
        if case["result"] == "valid":
            tally[(group["op"], "valid", "accepted" if answer[0] == "ok" else "refused")] += 1
            continue
        if group["op"].startswith("arkavo.decode"):
            if answer[0] == "ok":
                what = "ACCEPTED"
                print(f"{name}: ACCEPTED {json.dumps(answer[1]['table'])[:160]}")
            else:
                what = answer[1].split(":")[0]
                print(f"{name}: {answer[0]} {answer[1][:120]}")
        else:
            if answer[0] == "ok":
                what = "ACCEPTED"
            elif answer[1].startswith(("builtins.", "struct.")):
                what = "runtime builder: " + answer[1].split(":")[0]
            else:
                what = "shim JSON check"
            print(f"{name}: {'runtime builder' if what.startswith('runtime') else what}: {str(answer[1])[:110]}")
        tally[(group["op"], "invalid", what)] += 1
print()
for key, count in sorted(tally.items()):
    print(count, *key)
