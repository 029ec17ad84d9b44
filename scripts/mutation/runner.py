#!/usr/bin/env python3
"""The mutant runner (scripts/mutants.sh calls it): plants each patch in a scratch copy of the tree, builds
everything the mutated module reaches, and asks what a user runs whether it notices.

Per mutant, in order, stopping at the first step that kills it:
  1. build: the `wirecheck` product, and the test targets as well when the mutated module is outside
     `wirecheck` or behind a mock server or the client (their unit tests are a step below). A mutant that
     does not compile is "did-not-build"; one whose source file was not recompiled is "not-compiled", an
     error of the runner, never "survived";
  2. `wirecheck vectors verify --strict` (the vectors alone, in process), the `acceptable` cases held to what the
     unmutated reference does with them (the reference reads them as the real code does: a change is a kill);
  3. `wirecheck run` (every vector through the shim, and the live checks against the embedded mock servers);
  4. for a service or client module, the unit tests of the test targets that depend on it;
  5. for a format module, `wirecheck fuzz` (this tree's, unmutated) against the mutant's shim for
     --fuzz-survivors seconds: "found-by-fuzz" (its findings are proposed as vectors) or
     "probably-equivalent" (with the budget: equivalent as far as the engine could tell).
--unit, --fuzz S and --fuzz-only S keep the hand-written catalogue's options (Mutants/README.md).

Verdicts: killed-by-vectors, killed-by-live, killed-by-unit, found-by-fuzz, probably-equivalent, survived,
did-not-build, and the runner's own errors: does-not-apply, not-compiled, fuzz-error (--fuzz-only: found-by-fuzz
or missed). Exit 0 when no mutant survived the vectors and live checks
(the hand-written catalogue's bar), 1 when one did, 2 when a patch did not apply or a hand-written one
did not build, or a mutant was not compiled. A mutant listed in Mutants/EQUIVALENTS.md (reviewed by hand: it cannot
change what anyone observes, with the reason) is scored as equivalent when nothing kills it.

--again SUMMARY_JSON runs the mutants an earlier run left alive once more (after new vectors or live checks), and
writes the earlier run's summary with their new verdicts and a table of what changed: the whole set is then
scored without running the killed ones again.
"""

import argparse
import glob
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import modules  # noqa: E402
import package_graph  # noqa: E402
import summary  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
ENV = dict(os.environ, PATH="/opt/swift/usr/bin:" + os.environ.get("PATH", ""),
           # One hash seed for SwiftPM, so each mutant's incremental build recompiles the mutated module only:
           # with a random one, Hummingbird's trait defines changed order and recompiled it (FINDINGS.md D7).
           SWIFT_DETERMINISTIC_HASHING="1")


def sh(command: list[str], cwd: str, log: str, timeout: float | None = None, stdout: str | None = None) -> int:
    """Runs `command`, its output in `log` (stdout in its own file when `stdout` is given)."""
    with open(log, "w") as out, open(stdout or os.devnull, "w") as result:
        try:
            return subprocess.run(command, cwd=cwd, stdout=result if stdout else out, stderr=out, env=ENV,
                                  timeout=timeout).returncode
        except subprocess.TimeoutExpired:
            out.write(f"\nrunner: timed out after {timeout} s\n")
            return 124


def headers(patch: str) -> dict[str, str]:
    found = {}
    for line in open(patch):
        if line.startswith("diff --git"):
            break
        key, _, value = line.partition(": ")
        found[key.strip()] = value.strip()
    return found


def touched_files(patch: str) -> list[str]:
    return [line.split()[2][2:] for line in open(patch) if line.startswith("diff --git")]


def failed_ids(results: str) -> list[str]:
    """The ids whose status is FAIL or XPASS in a results.jsonl; a line that is not JSON (the mutated reference
    writes the report too) is itself a failure a user would see."""
    if not os.path.exists(results):
        return []
    failed = []
    for number, line in enumerate(open(results, errors="replace"), start=1):
        try:
            row = json.loads(line) if line.strip() else {}
        except ValueError:
            failed.append(f"(results.jsonl line {number} is not JSON)")
            continue
        if row.get("status") in ("FAIL", "XPASS"):
            failed.append(row["id"])
    return failed


class Runner:
    def __init__(self, args):
        self.args = args
        # Absolute: git ignores a relative GIT_CEILING_DIRECTORIES (below).
        self.scratch = os.path.abspath(os.environ.get("MUTANTS_SCRATCH", os.path.join(ROOT, ".build-mutants")))
        self.tree = os.path.join(self.scratch, "tree")
        self.out = os.path.join(ROOT, "reports", "mutants", time.strftime("%Y%m%d-%H%M%S", time.gmtime()))
        self.graph = package_graph.load(ROOT)
        self.fuzzer = None
        os.makedirs(self.out, exist_ok=True)
        # The scratch tree lies inside this repository's work tree, and there git apply skips, silently and
        # with exit 0, every path outside the current folder (it takes the tree for a subfolder of the
        # repository): every mutant would "survive" unapplied. The ceiling stops git's search at the tree.
        ENV["GIT_CEILING_DIRECTORIES"] = self.scratch

    def prepare(self) -> None:
        """A fresh copy of the sources (tracked and new files, with their times) beside the tree's own .build,
        so each mutant is an incremental build; then the unmutated tree, tests included, is built once."""
        os.makedirs(self.tree, exist_ok=True)
        for name in os.listdir(self.tree):
            if name != ".build":
                path = os.path.join(self.tree, name)
                shutil.rmtree(path) if os.path.isdir(path) and not os.path.islink(path) else os.remove(path)
        files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, capture_output=True,
                               check=True).stdout
        subprocess.run(["tar", "--null", "-T", "-", "-cf", "-"], cwd=ROOT, input=files, stdout=open(f"{self.out}/tree.tar", "wb"),
                       check=True)
        subprocess.run(["tar", "-xf", f"{self.out}/tree.tar"], cwd=self.tree, check=True)
        os.remove(f"{self.out}/tree.tar")
        os.makedirs(os.path.join(self.tree, "reports"), exist_ok=True)
        print(f"mutants: building the unmutated tree in {self.tree}", file=sys.stderr)
        if sh(["swift", "build", "--build-tests"], self.tree, f"{self.out}/baseline-build.log") != 0:
            sys.exit(f"mutants: the unmutated tree does not build (see {self.out}/baseline-build.log)")
        self.record_choices()
        budget = self.args.fuzz or self.args.fuzz_only or self.args.fuzz_survivors
        if budget:
            # The fuzzer is this tree's (FUZZER=.build/release/wirecheck for a release build), built first and
            # copied: the repository may be rebuilt while a long run goes on.
            if "FUZZER" not in os.environ and sh(["swift", "build", "--product", "wirecheck"], ROOT, f"{self.out}/fuzzer-build.log") != 0:
                sys.exit(f"mutants: the fuzzer does not build (see {self.out}/fuzzer-build.log)")
            self.fuzzer = f"{self.out}/wirecheck-fuzzer"
            shutil.copy(os.environ.get("FUZZER", os.path.join(ROOT, ".build/debug/wirecheck")), self.fuzzer)
            # The unmutated reference against itself first: a finding there is a fault of the engine or the
            # vectors, and would make every survivor look found.
            baseline = os.path.join(self.out, "fuzz-baseline")
            os.makedirs(baseline, exist_ok=True)
            findings = self.fuzz(baseline, budget)
            if findings:
                sys.exit(f"mutants: the unmutated reference disagrees with itself under wirecheck fuzz ({findings}); see {baseline}")

    def run_one(self, patch: str) -> dict:
        info = headers(patch)
        catalogue = os.path.join(ROOT, "Mutants") + os.sep
        # Hand-written: family/name; generated: family/Module/File-Lline-operator.
        name = (os.path.relpath(patch, catalogue) if patch.startswith(catalogue) else "/".join(patch.split(os.sep)[-3:]))
        name = name.removesuffix(".patch")
        origin = info.get("origin", "").split()
        files = touched_files(patch)
        module = package_graph.module_of(files[0]) if files else None
        kind = modules.kind(module)
        row = {"mutant": name, "patch": os.path.relpath(patch, ROOT), "description": info.get("description", ""),
               "class": info.get("class", ""),
               "auto": bool(origin), "module": module, "kind": kind, "family": summary.family(name, module),
               "vectors": [], "live": [], "unit": None, "fuzz": None, "outOfReach": info.get("fuzz"),
               "byOps": info.get("reach", "ops") == "ops" and self.graph.in_wirecheck(module)}
        work = os.path.join(self.out, name.replace("/", "-"))
        os.makedirs(work, exist_ok=True)
        started = time.time()
        print(f"mutants: {name} — {row['description']}", file=sys.stderr)
        before = self.digest(files)
        if subprocess.run(["git", "apply", patch], cwd=self.tree, env=ENV, capture_output=True).returncode != 0:
            row["verdict"] = "does-not-apply"
        elif self.digest(files) == before:
            # git apply can exit 0 having written nothing (a path it took for outside the repository).
            row["verdict"] = "does-not-apply"
            subprocess.run(["git", "apply", "-R", patch], cwd=self.tree, env=ENV, capture_output=True)
        else:
            try:
                row["verdict"] = self.judge(row, info, files, module, kind, work)
            finally:
                if subprocess.run(["git", "apply", "-R", patch], cwd=self.tree, env=ENV).returncode != 0:
                    sys.exit(f"mutants: cannot revert {patch}")
        row["seconds"] = round(time.time() - started)
        print(f"mutants: {name}: {row['verdict']} ({row['seconds']} s)", file=sys.stderr)
        return row

    def digest(self, files: list[str]) -> str:
        """A hash of the touched files in the scratch tree, to see that a patch changed them."""
        sha = hashlib.sha256()
        for path in files:
            full = os.path.join(self.tree, path)
            sha.update(open(full, "rb").read() if os.path.exists(full) else b"(absent)")
        return sha.hexdigest()

    def judge(self, row, info, files, module, kind, work) -> str:
        applied = time.time()
        only_unit = not self.graph.in_wirecheck(module) or info.get("reach") == "unit tests only"
        # The tests are built whenever they are to run, so that `swift test --skip-build` runs this mutant.
        needs_tests = self.args.unit or kind in ("service", "client") or only_unit
        if sh(["swift", "build", "--product", "wirecheck"], self.tree, f"{work}/build.log") != 0:
            return "did-not-build"
        if needs_tests and sh(["swift", "build", "--build-tests"], self.tree, f"{work}/build-tests.log") != 0:
            return "did-not-build"
        for path in files:
            if not self.recompiled(path, module, applied):
                return "not-compiled"
        wirecheck = os.path.join(self.tree, ".build/debug/wirecheck")
        if self.args.fuzz_only:
            row["fuzz"] = self.fuzz(work, self.args.fuzz_only)
            return "fuzz-error" if row["fuzz"] == "error" else "found-by-fuzz" if row["fuzz"] else "missed"
        if only_unit:
            # `wirecheck` does not link the module, or never executes the mutated line: its vectors and live
            # checks cannot see the mutant, only the unit tests can.
            return self.unit_verdict(row, info, module, kind, only_unit=True)
        rc = sh([wirecheck, "vectors", "verify", "--strict", "--expect", self.choices, "--report-dir", f"{work}/vectors"], self.tree,
                f"{work}/vectors.log", timeout=600)
        row["vectors"] = failed_ids(f"{work}/vectors/results.jsonl")
        # Exit 0 and 1 are verdicts; anything else (a trap, a stack overflow: a negative code for the signal)
        # means the mutated reference crashed on a vector, which an implementation's CI would also report.
        if rc == 124:
            row["vectors"].append("(in-process-run-timed-out)")
        elif rc not in (0, 1):
            row["vectors"].append(f"(in-process-run-crashed:exit-{rc})")
        if not row["vectors"] or not row["auto"]:
            rc = sh([wirecheck, "run", "--jobs", "2", "--report-dir", f"{work}/run"], self.tree, f"{work}/run.log", timeout=900)
            row["live"] = [i for i in failed_ids(f"{work}/run/results.jsonl") if "/live" in i]
            # The live checks run inside `run`: a trap or a hang there is the mutant's doing, and what a user sees.
            if rc == 124:
                row["live"].append("(wirecheck-run-timed-out)")
            elif rc not in (0, 1):
                row["live"].append(f"(wirecheck-run-crashed:exit-{rc})")
        if self.args.fuzz:
            row["fuzz"] = self.fuzz(work, self.args.fuzz)
        if row["vectors"]:
            return "killed-by-vectors" if not self.args.unit else self.unit_verdict(row, info, module, kind, "killed-by-vectors")
        if row["live"]:
            return "killed-by-live" if not self.args.unit else self.unit_verdict(row, info, module, kind, "killed-by-live")
        if row["auto"] and kind == "format" and self.args.fuzz_survivors:
            row["fuzz"] = self.fuzz(work, self.args.fuzz_survivors)
            return "fuzz-error" if row["fuzz"] == "error" else "found-by-fuzz" if row["fuzz"] else "probably-equivalent"
        return self.unit_verdict(row, info, module, kind)

    def unit_verdict(self, row, info, module, kind, verdict="survived", only_unit=False) -> str:
        """The unit tests' say, when they are asked: with --unit (the patch's `unit:` filter), and for a
        generated mutant behind a server, in the client or on a line no op executes (the test targets that
        import its module)."""
        filters = info.get("unit") or "|".join(self.graph.tests_of(module))
        if not filters or not (self.args.unit or (row["auto"] and (only_unit or kind in ("service", "client")))):
            return verdict
        work = os.path.join(self.out, row["mutant"].replace("/", "-"))
        passed = sh(["swift", "test", "--skip-build", "--filter", filters], self.tree, f"{work}/unit.log", timeout=900) == 0
        row["unit"] = "survived" if passed else "killed"
        return "killed-by-unit" if verdict == "survived" and not passed and row["auto"] else verdict

    def record_choices(self) -> None:
        """What the unmutated reference does on every `acceptable` case, as an expectations file each mutant's
        `vectors verify` is held to. The contract lets an implementation accept or refuse those cases; the reference
        must keep reading them as the real code does, so a mutant that changes its choice is a changed reference
        (one that refuses every IDNA host, say, is a URL library without IDNA: fine for a user, wrong for FlowDown)."""
        report = f"{self.out}/baseline-vectors"
        if sh([os.path.join(self.tree, ".build/debug/wirecheck"), "vectors", "verify", "--strict", "--report-dir", report], self.tree,
              f"{self.out}/baseline-vectors.log", timeout=600) != 0:
            sys.exit(f"mutants: the unmutated reference fails its own vectors (see {self.out}/baseline-vectors.log)")
        choices = {}
        for line in open(f"{report}/results.jsonl"):
            row = json.loads(line)
            if row["expected"]["result"] == "acceptable":
                choices[row["id"]] = "accept" if row["actual"]["result"] == "valid" else "reject"
        self.choices = f"{self.out}/reference-choices.json"
        json.dump({"acceptable": choices}, open(self.choices, "w"), indent=1, sort_keys=True)

    def recompiled(self, path: str, module: str, since: float) -> bool:
        """Whether the build compiled the mutated file: its object is newer than the patch."""
        obj = os.path.join(self.tree, ".build/debug", f"{module}.build", os.path.basename(path) + ".o")
        return os.path.exists(obj) and os.path.getmtime(obj) >= since - 1

    def fuzz(self, work: str, seconds: int):
        """`wirecheck fuzz` against the scratch tree's shim (the mutant's, or the unmutated one for the baseline):
        its findings' keys (op, reference outcome, shim outcome), [] for none, "error" when the run itself failed.
        Each finding is also a vector file under `work`/fuzz/findings/, the reference's answer included."""
        shim = os.path.join(self.tree, ".build/debug/wirecheck") + " shim"
        sh([self.fuzzer, "fuzz", "--shim", shim, "--seconds", str(seconds), "--seed", "1", "--strict",
            "--vectors", os.path.join(self.tree, "Vectors"), "--report-dir", f"{work}/fuzz", "--json"],
           ROOT, f"{work}/fuzz.log", timeout=seconds * 4 + 120, stdout=f"{work}/fuzz.json")
        try:
            return [f["key"] for f in json.load(open(f"{work}/fuzz.json"))["findings"]]
        except (OSError, ValueError, KeyError):
            return "error"


def patch_of(row: dict) -> str:
    """The patch an earlier row was run from: recorded since the --again option, else found by its name (a generated
    mutant under reports/automutants/seed-*/, a hand-written one under Mutants/)."""
    if row.get("patch"):
        return os.path.join(ROOT, row["patch"])
    found = sorted(glob.glob(os.path.join(ROOT, "reports", "automutants", "seed-*", row["mutant"] + ".patch")))
    found += glob.glob(os.path.join(ROOT, "Mutants", row["mutant"] + ".patch"))
    if not found:
        sys.exit(f"mutants: no patch for {row['mutant']} (generate the set again with its seed)")
    return found[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--unit", action="store_true", help="also run each patch's unit tests (`unit:` header)")
    parser.add_argument("--fuzz", type=int, default=0, metavar="S", help="also fuzz every mutant for S seconds")
    parser.add_argument("--fuzz-only", type=int, default=0, metavar="S", help="only fuzz (no vectors, no live checks)")
    parser.add_argument("--fuzz-survivors", type=int, default=0, metavar="S",
                        help="fuzz a format-module survivor for S seconds (found-by-fuzz or probably-equivalent)")
    parser.add_argument("--summary", help="copy the summary to this file (repository-relative)")
    parser.add_argument("--again", metavar="SUMMARY_JSON",
                        help="run again the mutants of an earlier run (its summary.json) that the vectors and live checks "
                             "did not kill; the summary is the earlier run's with their new verdicts and a table of what changed")
    parser.add_argument("patches", nargs="*", help="patch files (default: every Mutants/*/*.patch)")
    args = parser.parse_args()
    # A patch path is taken from the working directory, else from the repository root (as the old script did).
    patches = [os.path.abspath(p if os.path.exists(p) else os.path.join(ROOT, p)) for p in args.patches] or sorted(
        os.path.join(ROOT, "Mutants", f, p) for f in os.listdir(os.path.join(ROOT, "Mutants"))
        if os.path.isdir(os.path.join(ROOT, "Mutants", f)) for p in os.listdir(os.path.join(ROOT, "Mutants", f)) if p.endswith(".patch"))
    earlier = None
    if args.again:
        earlier = json.load(open(args.again))["rows"]
        # Only what the score counts: a mutant on a line `wirecheck run` does not execute is left to the unit tests.
        patches = [patch_of(r) for r in earlier if r["verdict"] not in summary.KILLED + summary.NOT_COUNTED and r.get("byOps", True)]
    if not patches:
        sys.exit("mutants: no patches")
    runner = Runner(args)
    started = time.time()
    runner.prepare()
    rows = []
    for patch in patches:
        rows.append(runner.run_one(patch))
        with open(f"{runner.out}/summary.jsonl", "a") as out:
            out.write(json.dumps(rows[-1]) + "\n")
    if earlier is not None:
        again = {r["mutant"]: r for r in rows}
        rows, earlier = [again.get(r["mutant"], r) for r in earlier], {r["mutant"]: r for r in earlier}
    text = summary.write(runner.out, rows, round(time.time() - started), args, earlier)
    print(text)
    if args.summary:
        shutil.copy(f"{runner.out}/summary.md", os.path.join(ROOT, args.summary))
    if any(r["verdict"] in ("does-not-apply", "not-compiled", "fuzz-error") or (r["verdict"] == "did-not-build" and not r["auto"])
           for r in rows):
        return 2
    if args.fuzz_only:  # the verdicts are the engine's, found or missed: neither is a failure of the run
        return 0
    return 1 if any(r["verdict"] in ("survived", "found-by-fuzz", "probably-equivalent", "killed-by-unit") and not r.get("equivalent")
                    for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
