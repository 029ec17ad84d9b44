"""The runner's summary: summary.json and summary.md in the run's report folder.

The score is what the vectors and the live checks kill, over the mutants that compiled; it is quoted twice,
with the probably-equivalent mutants counted and without them (issue 36), overall and per family.
"""

import collections
import json
import os
import re

import modules

KILLED = ("killed-by-vectors", "killed-by-live")
NOT_COUNTED = ("did-not-build", "does-not-apply", "not-compiled", "fuzz-error")


def family(name: str, module: str | None) -> str:
    """The module's family, or the hand-written patch's folder."""
    return modules.family(module, name.split("/")[0])


EQUIVALENTS = os.path.join(os.path.dirname(__file__), "..", "..", "Mutants", "EQUIVALENTS.md")


def reviewed_equivalents(path: str = EQUIVALENTS) -> dict[str, str]:
    """The mutants reviewed by hand as equivalent: the rows `| `mutant` | reason |` of Mutants/EQUIVALENTS.md."""
    if not os.path.exists(path):
        return {}
    rows = (re.match(r"\|\s*`([^`]+)`\s*\|(.*)\|\s*$", line) for line in open(path))
    return {m.group(1): m.group(2).strip() for m in rows if m}


def is_equivalent(row: dict) -> bool:
    """Probably equivalent (the fuzz engine found no difference) or reviewed as equivalent."""
    return row["verdict"] == "probably-equivalent" or bool(row.get("equivalent"))


def score(rows: list[dict]) -> tuple[str, str]:
    """'killed/counted (p%)' with and without the equivalent mutants (probably or reviewed), over the mutants that
    compiled on lines `wirecheck run` executes (the others no vector or live check can see)."""
    counted = [r for r in rows if r["verdict"] not in NOT_COUNTED and r.get("byOps", True)]
    killed = sum(r["verdict"] in KILLED for r in counted)
    without = [r for r in counted if not is_equivalent(r)]

    def ratio(n: int, d: int) -> str:
        return f"{n}/{d} ({100 * n / d:.0f}%)" if d else "—"

    return ratio(killed, len(counted)), ratio(killed, len(without))


def write(out: str, rows: list[dict], seconds: int, args, earlier: dict[str, dict] | None = None) -> str:
    """Writes summary.json and summary.md; `earlier` (by mutant) is the run that --again continued."""
    reviewed = reviewed_equivalents()
    for r in rows:
        r["equivalent"] = reviewed.get(r["mutant"]) if r["verdict"] not in KILLED else None
    contradicted = [r["mutant"] for r in rows if r["verdict"] in KILLED and r["mutant"] in reviewed]
    verdicts = collections.Counter(r["verdict"] for r in rows)
    json.dump({"mutants": len(rows), "verdicts": verdicts, "seconds": seconds, "rows": rows}, open(f"{out}/summary.json", "w"), indent=1)
    with_eq, without_eq = score(rows)
    auto = all(r["auto"] for r in rows)
    outside = [r for r in rows if not r.get("byOps", True) and r["verdict"] not in NOT_COUNTED]
    lines = [
        "# Automatic mutants: what the vectors and live checks kill" if auto else "# Mutants: is a realistic bug caught by what users run?",
        "",
        f"**{len(rows)} mutants** in {seconds // 60} min {seconds % 60} s. Of those that compiled on lines `wirecheck run` "
        f"executes, the vectors and live checks kill **{with_eq}**, **{without_eq}** without the equivalent ones "
        f"({sum(bool(r.get('equivalent')) for r in rows)} reviewed as equivalent in Mutants/EQUIVALENTS.md, "
        f"{sum(r['verdict'] == 'probably-equivalent' and not r.get('equivalent') for r in rows)} more probably equivalent "
        "as far as the fuzz engine could tell).",
        "",
    ]
    if contradicted:
        lines += [f"Listed in Mutants/EQUIVALENTS.md but killed (take them off the list): {', '.join(contradicted)}.", ""]
    if earlier is not None:
        changed = [r for r in rows if earlier[r["mutant"]]["verdict"] != r["verdict"]]
        again = sum(earlier[r["mutant"]] is not r for r in rows)
        lines += [f"This run took the {again} mutants an earlier run left alive again ({seconds // 60} min); the rest keep that "
                  f"run's verdicts. {len(changed)} changed:", "", "| mutant | change | before | after | by |", "|---|---|---|---|---|"]
        for r in changed:
            by = r["vectors"][:2] + [f"live: {c}" for c in r["live"][:2]] + ([f"unit tests: {r['unit']}"] if r["unit"] else [])
            lines.append(f"| `{r['mutant']}` | {r['description']} | {earlier[r['mutant']]['verdict']} | **{r['verdict']}** | "
                         + ", ".join(f"`{x}`" for x in by) + " |")
        lines.append("")
    if outside:
        unit = sum(r["verdict"] == "killed-by-unit" for r in outside)
        lines += [
            f"{len(outside)} more compiled on lines only the unit tests execute (or in a module `wirecheck` does not link): "
            f"out of every vector's reach, they are left to the unit tests, which kill {unit} of them.",
            "",
        ]
    lines += [
        "| verdict | mutants |", "|---|---|",
    ]
    lines += [f"| {v} | {n} |" for v, n in sorted(verdicts.items())]
    lines += ["", "| family | mutants | did not build | killed by vectors | by live checks | by unit tests | by fuzz only "
              "| equivalent (probably / reviewed) | survived | score (with / without equivalents) |",
              "|---|---|---|---|---|---|---|---|---|---|"]
    for name in sorted({r["family"] for r in rows}):
        mine = [r for r in rows if r["family"] == name]
        c = collections.Counter(r["verdict"] for r in mine)
        a, b = score(mine)
        listed = sum(bool(r.get("equivalent")) for r in mine)
        probably = sum(r["verdict"] == "probably-equivalent" and not r.get("equivalent") for r in mine)
        lines.append(f"| {name} | {len(mine)} | {c['did-not-build']} | {c['killed-by-vectors']} | {c['killed-by-live']} | "
                     f"{c['killed-by-unit']} | {c['found-by-fuzz']} | {probably} / {listed} | "
                     f"{c['survived']} | {a} / {b} |")
    lines += ["", "| mutant | change | verdict | by (vector ids, live checks, fuzz findings) |", "|---|---|---|---|"]
    for r in rows:
        by = r["vectors"][:3] + [f"live: {c}" for c in r["live"][:2]]
        if r["unit"]:
            by.append(f"unit tests: {r['unit']}")
        if isinstance(r["fuzz"], list):
            by += [f"fuzz: {k}" for k in r["fuzz"][:2]] or ["fuzz: nothing"]
        if r.get("outOfReach"):
            by.append(r["outOfReach"])
        if not r.get("byOps", True):
            by.append("no op executes this line")
        if r.get("equivalent"):
            by.append(f"reviewed equivalent: {r['equivalent']}")
        more = len(r["vectors"]) + len(r["live"]) - min(3, len(r["vectors"])) - min(2, len(r["live"]))
        text = ", ".join(f"`{x}`" for x in by) + (f" and {more} more" if more > 0 else "")
        lines.append(f"| `{r['mutant']}` | {r['description']} | **{r['verdict']}** | {text or '—'} |")
    text = "\n".join(lines) + "\n"
    open(f"{out}/summary.md", "w").write(text)
    return text
