"""The runner's summary: summary.json and summary.md in the run's report folder.

The score is what the vectors and the live checks kill, over the mutants that compiled; it is quoted twice,
with the probably-equivalent mutants counted and without them (issue 36), overall and per family.
"""

import collections
import json

import modules

KILLED = ("killed-by-vectors", "killed-by-live")
NOT_COUNTED = ("did-not-build", "does-not-apply", "not-compiled", "fuzz-error")


def family(name: str, module: str | None) -> str:
    """The module's family, or the hand-written patch's folder."""
    return modules.family(module, name.split("/")[0])


def score(rows: list[dict]) -> tuple[str, str]:
    """'killed/counted (p%)' with and without the probably-equivalent mutants, over the mutants that compiled on
    lines `wirecheck run` executes (the others no vector or live check can see)."""
    counted = [r for r in rows if r["verdict"] not in NOT_COUNTED and r.get("byOps", True)]
    killed = sum(r["verdict"] in KILLED for r in counted)
    without = [r for r in counted if r["verdict"] != "probably-equivalent"]

    def ratio(n: int, d: int) -> str:
        return f"{n}/{d} ({100 * n / d:.0f}%)" if d else "—"

    return ratio(killed, len(counted)), ratio(killed, len(without))


def write(out: str, rows: list[dict], seconds: int, args) -> str:
    verdicts = collections.Counter(r["verdict"] for r in rows)
    json.dump({"mutants": len(rows), "verdicts": verdicts, "seconds": seconds, "rows": rows}, open(f"{out}/summary.json", "w"), indent=1)
    with_eq, without_eq = score(rows)
    auto = all(r["auto"] for r in rows)
    outside = [r for r in rows if not r.get("byOps", True) and r["verdict"] not in NOT_COUNTED]
    lines = [
        "# Automatic mutants: what the vectors and live checks kill" if auto else "# Mutants: is a realistic bug caught by what users run?",
        "",
        f"**{len(rows)} mutants** in {seconds // 60} min {seconds % 60} s. Of those that compiled on lines `wirecheck run` "
        f"executes, the vectors and live checks kill **{with_eq}**, **{without_eq}** without the probably-equivalent ones.",
        "",
    ]
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
              "| probably equivalent | survived | score (with / without equivalents) |", "|---|---|---|---|---|---|---|---|---|---|"]
    for name in sorted({r["family"] for r in rows}):
        mine = [r for r in rows if r["family"] == name]
        c = collections.Counter(r["verdict"] for r in mine)
        a, b = score(mine)
        lines.append(f"| {name} | {len(mine)} | {c['did-not-build']} | {c['killed-by-vectors']} | {c['killed-by-live']} | "
                     f"{c['killed-by-unit']} | {c['found-by-fuzz']} | {c['probably-equivalent']} | {c['survived']} | {a} / {b} |")
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
        more = len(r["vectors"]) + len(r["live"]) - min(3, len(r["vectors"])) - min(2, len(r["live"]))
        text = ", ".join(f"`{x}`" for x in by) + (f" and {more} more" if more > 0 else "")
        lines.append(f"| `{r['mutant']}` | {r['description']} | **{r['verdict']}** | {text or '—'} |")
    text = "\n".join(lines) + "\n"
    open(f"{out}/summary.md", "w").write(text)
    return text
