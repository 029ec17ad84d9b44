#!/usr/bin/env python3
"""A test shim that forwards every request to the reference shim, except on three chosen inputs:

  CRASH_ON=<variant>:<text>    the shim kills itself with SIGSEGV
  GARBAGE_ON=<variant>:<text>  the shim prints a line that is not JSON
  HANG_ON=<variant>:<text>     the shim sleeps for an hour

REFERENCE_SHIM is the command of the real shim. Used by ShimRunTests to check that each misbehaviour
fails exactly its own case and that the harness restarts the shim and goes on.
"""
import json
import os
import signal
import subprocess
import sys
import time

reference = subprocess.Popen(os.environ["REFERENCE_SHIM"], shell=True, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
for line in sys.stdin:
    request = json.loads(line)
    args = request.get("args") or {}
    key = f"{args.get('variant')}:{args.get('text')}"
    if key == os.environ.get("CRASH_ON"):
        sys.stderr.write("misbehaving shim: crashing now\n")
        sys.stderr.flush()
        os.kill(os.getpid(), signal.SIGSEGV)
    if key == os.environ.get("GARBAGE_ON"):
        print("this is not JSON", flush=True)
        continue
    if key == os.environ.get("HANG_ON"):
        time.sleep(3600)
    reference.stdin.write(line)
    reference.stdin.flush()
    sys.stdout.write(reference.stdout.readline())
    sys.stdout.flush()
