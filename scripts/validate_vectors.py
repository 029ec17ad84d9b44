#!/usr/bin/env python3
"""Validate every vector file against the JSON Schemas in Vectors/schema/.

Each file is checked against the envelope schema named in its "schema" field, and each test group
against Vectors/schema/<group type>.schema.json. Also checks what a schema cannot: ids unique across
the whole tree, tcId running 1..n, numberOfTests equal to the number of cases, every flag explained
in "notes". Prints one line per problem (file, JSON path, message); exits 1 if there is any.

Usage: scripts/validate_vectors.py [VECTORS_DIR]
"""
import json
import pathlib
import sys

try:
    from jsonschema import Draft202012Validator
except ImportError:
    sys.exit("validate_vectors: python3 module 'jsonschema' is missing; run `make deps`")


def main() -> int:
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "Vectors")
    schema_dir = root / "schema"
    problems = []
    seen_ids = {}
    files = sorted(p for p in root.glob("*/*.json") if p.parent.name != "schema")
    if not files:
        problems.append(f"{root}: no vector files found")
    cases = 0
    for path in files:
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            problems.append(f"{path}: not JSON: {error}")
            continue
        envelope_path = schema_dir / str(doc.get("schema", ""))
        if not envelope_path.is_file():
            problems.append(f"{path}: schema {doc.get('schema')!r} not found in {schema_dir}")
            continue
        envelope = json.loads(envelope_path.read_text(encoding="utf-8"))
        for error in Draft202012Validator(envelope).iter_errors(doc):
            problems.append(f"{path}: /{'/'.join(map(str, error.absolute_path))}: {error.message}")
        tc_id = 0
        for index, group in enumerate(doc.get("testGroups") or []):
            group_schema_path = schema_dir / f"{group.get('type')}.schema.json"
            if not group_schema_path.is_file():
                problems.append(f"{path}: /testGroups/{index}: no schema for group type {group.get('type')!r}")
            else:
                group_schema = json.loads(group_schema_path.read_text(encoding="utf-8"))
                for error in Draft202012Validator(group_schema).iter_errors(group):
                    location = "/".join(map(str, error.absolute_path))
                    problems.append(f"{path}: /testGroups/{index}/{location}: {error.message}")
            for test in group.get("tests") or []:
                tc_id += 1
                cases += 1
                case_id = test.get("id")
                if test.get("tcId") != tc_id:
                    problems.append(f"{path}: {case_id}: tcId {test.get('tcId')} should be {tc_id}")
                if case_id in seen_ids:
                    problems.append(f"{path}: {case_id}: id also used in {seen_ids[case_id]}")
                seen_ids[case_id] = path
                for flag in test.get("flags") or []:
                    if flag not in (doc.get("notes") or {}):
                        problems.append(f"{path}: {case_id}: flag {flag!r} has no entry in notes")
        if doc.get("numberOfTests") != tc_id:
            problems.append(f"{path}: numberOfTests {doc.get('numberOfTests')} but {tc_id} cases")
    for problem in problems:
        print(problem)
    print(f"validate_vectors: {len(files)} files, {cases} cases, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
