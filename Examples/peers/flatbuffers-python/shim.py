#!/usr/bin/env python3
"""WireCheck shim for the FlatBuffers Python runtime (PyPI `flatbuffers`) with code that Debian's
`flatc --python --gen-object-api` generates from Vectors/arkavo/fbs (install.sh puts it in
$REPO/.build-peers/flatbuffers-python/generated, package `Arkavo`).

One JSON request per line on stdin, one answer per line on stdout (README, "Testing your implementation";
Vectors/README.md, section `arkavo/flatbuffers`; docs/contract/nanotdf.md 6.3.1). Run it with the venv's python.

  arkavo.decodeEvent     `Arkavo.Event.EventT.InitFromObj(Arkavo.Event.Event.GetRootAs(buffer, 0))`: the generated
  arkavo.decodeMetadata  object API, which calls every generated accessor of the table and of its sub-tables (and
                         the union's table through the generated `EventDataCreator`). The object is then written
                         in flatc's JSON form by `to_json` from the schema description `TABLES` below (names,
                         enums by name, absent vectors/strings/tables left out). Nothing is read from the bytes by
                         the shim itself.
  arkavo.encodeEvent     the generated builder functions (`EventStart`, `EventAdd...`, `CreateString`,
  arkavo.encodeMetadata  `Start...Vector`), called in the order flatc's JSON parser serialises a table (see
                         `encode_table`); the JSON is checked against the schema description first (undeclared
                         members, null numbers, integers out of range, union tables under NONE or an undefined
                         type are `invalid-table`): the generated builders take any Python value and check none
                         of this themselves, except `struct.error` on an out-of-range integer.

The Python runtime has no Verifier (FlatBuffers docs, "Use in Python": only the C++, Rust, Swift, ... runtimes
ship one), so `maxDepth` and `maxTables` are ignored: there is nothing to give them to. A buffer is refused only
when reading it raises (in the runtime, or in the shim's decoding of a string). Error classes:
  - `struct.error` (a read past the end of the buffer or at a negative position), `IndexError`, and the
    runtime's own `TypeError("bad number ...")` from `number_types.enforce_number` (a position outside the
    uoffset range): `flatbuffer-invalid`, the only refusal class of these ops: the runtime could not read the
    buffer, which is what the Verifier's refusal protects against.
  - `UnicodeDecodeError` of a string that is not UTF-8 (the shim's strict `decode("utf-8")` of the bytes the
    runtime returns): `flatbuffer-invalid` too, as Vectors/README.md asks (flag `StringUTF8`).
  - anything else (MemoryError, RecursionError): `unclassified`
    (not a vector class, so under --strict such a case fails with the exception in the message).
  - a read that takes longer than CASE_SECONDS is stopped by SIGALRM and answered `timeout` (not a class).
Memory is capped (RLIMIT_AS, MEMORY_BYTES) so that a huge vector length gives MemoryError, not a dead machine.

Written for WireCheck issue 39. Tested with flatbuffers 2.0.7 and flatc 2.0.8 (install.sh pins and makes both).
"""

import importlib.metadata
import json
import math
import os
import resource
import signal
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
GENERATED = os.environ.get("FLATBUFFERS_PYTHON_GENERATED",
                           os.path.join(REPO, ".build-peers", "flatbuffers-python", "generated"))
sys.path.insert(0, GENERATED)

import flatbuffers  # noqa: E402
import Arkavo.Event  # noqa: E402
import Arkavo.Metadata  # noqa: E402
from Arkavo import (Action, ActionStatus, ArchiveType, AttributeType, DataEncoding, EntityType,  # noqa: E402
                    EventData, FormatType, MediaType, RatingLevel)

CASE_SECONDS = 5
MEMORY_BYTES = 2 << 30

# ---------------------------------------------------------------------------------------------------------
# Schema description: (json name, kind, detail) in schema order. Kinds: enum (detail: generated enum class,
# storage type), scalar (detail: storage type), string, vector (detail: element storage type, or enum class),
# table (detail: table name), utype/union (Event.data_type, Event.data).


def enum_names(cls):
    return {v: k for k, v in vars(cls).items() if not k.startswith("_") and isinstance(v, int)}


ENUMS = {c.__name__: (c, enum_names(c)) for c in (
    Action.Action, ActionStatus.ActionStatus, ArchiveType.ArchiveType, AttributeType.AttributeType,
    DataEncoding.DataEncoding, EntityType.EntityType, FormatType.FormatType, MediaType.MediaType,
    RatingLevel.RatingLevel)}

TABLES = {
    "Event": [("action", "enum", "Action", "b"), ("timestamp", "scalar", None, "Q"),
              ("status", "enum", "ActionStatus", "b"), ("data_type", "utype", None, "B"),
              ("data", "union", None, None)],
    "UserEvent": [("source_type", "enum", "EntityType", "b"), ("target_type", "enum", "EntityType", "b"),
                  ("source_id", "vector", None, "B"), ("target_id", "vector", None, "B"),
                  ("attribute_type", "vector", "AttributeType", "b"), ("entity_type", "enum", "EntityType", "b")],
    "CacheEvent": [("target_id", "vector", None, "B"), ("target_payload", "vector", None, "B"),
                   ("ttl", "scalar", None, "I"), ("one_time_access", "scalar", None, "?")],
    "RouteEvent": [("target_type", "enum", "EntityType", "b"), ("target_id", "vector", None, "B"),
                   ("source_type", "enum", "EntityType", "b"), ("source_id", "vector", None, "B"),
                   ("attribute_type", "enum", "AttributeType", "b"), ("entity_type", "enum", "EntityType", "b"),
                   ("payload", "vector", None, "B")],
    "Metadata": [("created", "scalar", None, "q"), ("id", "vector", None, "B"), ("related", "vector", None, "B"),
                 ("creator", "vector", None, "B"), ("rating", "table", "Rating", None),
                 ("purpose", "table", "Purpose", None), ("topics", "vector", None, "I"),
                 ("archive", "table", "ArchiveInfo", None), ("content", "table", "ContentFormat", None)],
    "Rating": [(n, "enum", "RatingLevel", "b") for n in
               ("violent", "sexual", "profane", "substance", "hate", "harm", "mature", "bully")],
    "Purpose": [(n, "scalar", None, "f") for n in
                ("educational", "entertainment", "news", "promotional", "personal", "opinion", "transactional",
                 "harmful", "confidence")],
    "FormatInfo": [("type", "enum", "FormatType", "b"), ("version", "string", None, None),
                   ("profile", "string", None, None)],
    "ArchiveInfo": [("type", "enum", "ArchiveType", "b"), ("version", "string", None, None),
                    ("profile", "string", None, None)],
    "ContentFormat": [("media_type", "enum", "MediaType", "b"), ("data_encoding", "enum", "DataEncoding", "b"),
                      ("format", "table", "FormatInfo", None)],
}
UNION_TABLES = {1: "UserEvent", 2: "CacheEvent", 3: "RouteEvent"}
UNION_NAMES = {0: "NONE", 1: "UserEvent", 2: "CacheEvent", 3: "RouteEvent"}


def attr(json_name):
    """The object API's member name: flatc's camelCase of the schema name (`one_time_access` -> oneTimeAccess)."""
    head, *rest = json_name.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


class ShimError(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


# ---------------------------------------------------------------------------------------------------------
# Decoding: the generated object API reads, to_json writes flatc's JSON form.


def float_json(x):
    """A float field as flatc writes it: nan/inf/-inf as strings, else the shortest decimal that gives the same
    float32 (the runtime returns the float32 widened to a Python float)."""
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    target = struct.pack("<f", x)
    for digits in range(1, 10):
        y = float(f"{x:.{digits}g}")
        if struct.pack("<f", y) == target:
            return y
    return x


def scalar_json(value, storage):
    if storage == "f":
        return float_json(value)
    if storage == "?":
        return bool(value)
    if storage == "Q" and value > (1 << 63) - 1:
        return str(value)
    return value


def enum_json(value, enum):
    return ENUMS[enum][1].get(value, value)


def to_json(obj, table):
    out = {}
    for name, kind, detail, storage in TABLES[table]:
        value = getattr(obj, attr(name))
        if kind == "enum":
            out[name] = enum_json(value, detail)
        elif kind == "scalar":
            out[name] = scalar_json(value, storage)
        elif kind == "utype":
            out[name] = UNION_NAMES.get(value, value)
        elif kind == "union":
            if value is not None:
                out[name] = to_json(value, UNION_TABLES[obj.dataType])
        elif value is None:
            continue
        elif kind == "string":
            out[name] = value.decode("utf-8")
        elif kind == "vector":
            out[name] = [enum_json(v, detail) for v in value] if detail else [scalar_json(v, storage) for v in value]
        elif kind == "table":
            out[name] = to_json(value, detail)
    return out


# UnicodeDecodeError: the runtime hands strings over as bytes, and the shim decodes them as any user of the
# runtime must (`bytes.decode("utf-8")`, strict); a string that is not UTF-8 is refused, as the contract asks.
READ_ERRORS = (struct.error, IndexError, UnicodeDecodeError)


def classify_read(exc):
    if isinstance(exc, READ_ERRORS):
        return "flatbuffer-invalid"
    if isinstance(exc, TypeError) and str(exc).startswith("bad number"):
        return "flatbuffer-invalid"  # flatbuffers.number_types.enforce_number
    return "unclassified"


def decode(root_class, object_class, table):
    def run(args):
        buffer = bytes.fromhex(args["buffer"])
        try:
            obj = object_class.InitFromObj(root_class.GetRootAs(buffer, 0))
            return {"table": to_json(obj, table)}
        except ShimError:
            raise
        except Exception as exc:  # noqa: BLE001 - every exception of the runtime is an answer
            raise ShimError(classify_read(exc), f"{type(exc).__module__}.{type(exc).__name__}: {exc}") from exc
    return run



# ---------------------------------------------------------------------------------------------------------
# Encoding: flatc's JSON form to builder calls of the generated code, in the order flatc's parser makes them
# (flatbuffers 2.0.8 src/idl_parser.cpp, Parser::ParseTable): children (strings, vectors, sub-tables, the union's
# table) are serialised as their members come in the JSON, then the table's fields are added from the last member
# to the first, 8-byte values first, then 4 (offsets too), 2 and 1 (`sortbysize`).

SIZES = {"b": 1, "B": 1, "?": 1, "I": 4, "q": 8, "Q": 8, "f": 4}
ELEMENT_FLAGS = {"b": "Int8", "B": "Uint8", "I": "Uint32"}
GENERATED_MODULES = {}


def module(table):
    if table not in GENERATED_MODULES:
        GENERATED_MODULES[table] = __import__(f"Arkavo.{table}", fromlist=[table])
    return GENERATED_MODULES[table]


def camel(json_name):
    a = attr(json_name)
    return a[:1].upper() + a[1:]


def refuse(path, why):
    raise ShimError("invalid-table", f"{path}: {why}")


def integer_value(value, path):
    """A JSON integer, or a decimal string of one (flatc takes both). Its range is left to the runtime's builder."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        try:
            return int(value, 10)
        except ValueError:
            refuse(path, f"{value!r} is not an integer")
    if value is None:
        return None  # given to the builder as it is: what the runtime does with None is the finding
    refuse(path, f"{value!r} is not an integer")


def enum_value(value, enum, path):
    if isinstance(value, str):
        names = {n: v for v, n in ENUMS[enum][1].items()}
        if value in names:
            return names[value]
    return integer_value(value, path)


def scalar_value(value, storage, path):
    if storage == "f":
        if isinstance(value, str) and value in ("nan", "inf", "-inf", "+inf"):
            return float(value)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
        return value  # None and others: to the builder as they are
    if storage == "?":
        return value if value is None or isinstance(value, bool) else integer_value(value, path)
    return integer_value(value, path)


def union_type(value, path):
    if isinstance(value, str):
        names = {n: v for v, n in UNION_NAMES.items()}
        if value in names:
            return names[value]
    return integer_value(value, path)


def encode_table(builder, obj, table, path):
    if not isinstance(obj, dict):
        refuse(path, "not an object")
    fields = {f[0]: f for f in TABLES[table]}
    for key in obj:
        if key not in fields:
            refuse(f"{path}.{key}", "not a field of this table")
    gen = module(table)
    stack = []  # (json name, size, add function, value) in JSON member order
    utype = None
    for key, value in obj.items():
        name, kind, detail, storage = fields[key]
        where = f"{path}.{name}"
        add = getattr(gen, f"{table}Add{camel(name)}")
        if kind in ("enum", "scalar", "utype"):
            if kind == "enum":
                number = enum_value(value, detail, where)
            elif kind == "utype":
                number = union_type(value, where)
                utype = number
            else:
                number = scalar_value(value, storage, where)
            stack.append((name, SIZES[storage], add, number))
            continue
        if value is None:
            continue  # flatc reads null for a string, vector, table or union as absent
        if kind == "string":
            if not isinstance(value, str):
                refuse(where, "not a string")
            offset = builder.CreateString(value)
        elif kind == "vector":
            if not isinstance(value, list):
                refuse(where, "not an array")
            elements = [enum_value(v, detail, f"{where}[{i}]") if detail else integer_value(v, f"{where}[{i}]")
                        for i, v in enumerate(value)]
            getattr(gen, f"{table}Start{camel(name)}Vector")(builder, len(elements))
            prepend = getattr(builder, f"Prepend{ELEMENT_FLAGS[storage]}")
            for element in reversed(elements):
                prepend(element)
            offset = builder.EndVector()
        elif kind == "table":
            offset = encode_table(builder, value, detail, where)
        else:  # union
            if utype is None or utype not in UNION_TABLES:
                refuse(where, f"a table for data_type {utype}, which names no table of EventData")
            offset = encode_table(builder, value, UNION_TABLES[utype], where)
        stack.append((name, 4, add, offset))
    getattr(gen, f"{table}Start")(builder)
    for size in (8, 4, 2, 1):
        for name, field_size, add, value in reversed(stack):
            if field_size == size:
                add(builder, value)
    return getattr(gen, f"{table}End")(builder)


WRITE_ERRORS = (struct.error, TypeError, OverflowError)


def encode(table):
    def run(args):
        builder = flatbuffers.Builder(1024)
        try:
            root = encode_table(builder, args["table"], table, table)
            builder.Finish(root)
        except ShimError:
            raise
        except WRITE_ERRORS as exc:  # the runtime's builder refused a value (enforce_number, struct.pack)
            raise ShimError("invalid-table", f"{type(exc).__module__}.{type(exc).__name__}: {exc}") from exc
        return {"buffer": bytes(builder.Output()).hex()}
    return run


# ---------------------------------------------------------------------------------------------------------
# Protocol

OPS = {
    "arkavo.decodeEvent": decode(Arkavo.Event.Event, Arkavo.Event.EventT, "Event"),
    "arkavo.decodeMetadata": decode(Arkavo.Metadata.Metadata, Arkavo.Metadata.MetadataT, "Metadata"),
    "arkavo.encodeEvent": encode("Event"),
    "arkavo.encodeMetadata": encode("Metadata"),
}


class CaseTimeout(Exception):
    pass


def on_alarm(signum, frame):
    raise CaseTimeout(f"no answer within {CASE_SECONDS} s")


def version_text():
    try:
        flatc = subprocess.run(["flatc", "--version"], capture_output=True, text=True, check=False).stdout.strip()
    except OSError:
        flatc = "flatc ?"
    return f"{importlib.metadata.version('flatbuffers')} ({flatc}, python {sys.version.split()[0]})"


def main():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    signal.signal(signal.SIGALRM, on_alarm)
    for line in sys.stdin:
        request = json.loads(line)
        rid = request.get("id", 0)
        op = request.get("op")
        if op == "hello":
            reply = {"id": rid, "ok": True, "result": {"name": "flatbuffers-python", "version": version_text(),
                                                       "ops": list(OPS)}}
        elif op not in OPS:
            reply = {"id": rid, "ok": False, "error": {"code": "unimplemented", "message": f"{op} not offered"}}
        else:
            signal.alarm(CASE_SECONDS)
            try:
                reply = {"id": rid, "ok": True, "result": OPS[op](request.get("args", {}))}
            except ShimError as err:
                reply = {"id": rid, "ok": False, "error": {"code": err.code, "message": err.message}}
            except CaseTimeout as exc:
                reply = {"id": rid, "ok": False, "error": {"code": "timeout", "message": str(exc)}}
            except MemoryError as exc:
                reply = {"id": rid, "ok": False, "error": {"code": "unclassified", "message": f"MemoryError: {exc}"}}
            finally:
                signal.alarm(0)
        print(json.dumps(reply, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
