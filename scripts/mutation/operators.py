"""The mutation operators: every place in a Swift file where one of them applies, as a text replacement.

Each operator is the mechanical form of a bug class that real decoders have: a boundary off by one
(`<` for `<=`), a test inverted (`==` for `!=`, a negated condition, `true` for `false`), a check dropped (a
`guard` that always passes, an `if … { throw }` that never fires), a constant or a length off by one, `&&` for
`||`, a field name or code misspelt, two arguments swapped. They apply to code only (see swift_source.py), and only where
Swift's own spelling makes the site unambiguous: binary operators are written with a space on each side
(swift-format's rule), so `Array<UInt8>` and `->` are never read as comparisons.
"""

import re
from dataclasses import dataclass

from swift_source import scan


@dataclass(frozen=True)
class Mutation:
    start: int  # offset of the replaced text in the file
    end: int
    replacement: str
    operator: str
    description: str


_SWAPS = {
    "relational-boundary": {"<": "<=", "<=": "<", ">": ">=", ">=": ">"},
    "equality-flip": {"==": "!=", "!=": "=="},
    "logical-flip": {"&&": "||", "||": "&&"},
    "arithmetic-flip": {"+": "-", "-": "+"},
    "bitwise-flip": {"&": "|", "|": "&", "<<": ">>", ">>": "<<"},
}
_BINARY = re.compile(r"(?<= )(<=|>=|==|!=|&&|\|\||<<|>>|<|>|\+|-|&|\|)(?= )")
_INTEGER = re.compile(r"(?<![\w.$#])(0x[0-9A-Fa-f_]+|0b[01_]+|[0-9][0-9_]*)(?![\w.])")
_CONDITION = re.compile(r"^(\s*(?:\}\s*else\s+)?)(if|guard|while) (.+?)( else \{| \{)(.*)$")
_BINDING = re.compile(r"\b(let|var|case|try|await)\b|#available|#unavailable")
_EXIT = re.compile(r"^\s*(throw|return)\b")
# A call: a callee name right before the parenthesis (a tuple after for, case or switch is not a call).
_TWO_ARGUMENTS = re.compile(r"(\w+)\((?:(\w+): )?([a-z_][\w.]*), (?:(\w+): )?([a-z_][\w.]*)\)")
_NOT_CALLEES = {"for", "case", "switch", "if", "guard", "while", "return", "in", "min", "max", "zip", "hypot"}
_BOOLEAN = re.compile(r"(?<![\w.])(true|false)(?![\w])")
_ENUM_RAW_VALUE = re.compile(r"^\s*case \w+ = ")
_NAME_LITERAL = re.compile(r'^"([A-Za-z][A-Za-z0-9_./+-]{0,39})"$')
# Lines whose mutants only change what a person reads or what debug builds check.
_NOT_BEHAVIOUR = re.compile(r"\b(precondition|assert|assertionFailure|fatalError|print|debugPrint)\(|\blogger\.|\blog\.")


def mutations(text: str) -> list[Mutation]:
    """Every mutation of the file, in file order."""
    mask, literals = scan(text)
    found: list[Mutation] = []
    lines = text.split("\n")
    masked = mask.split("\n")
    offset = 0
    for number, (line, code) in enumerate(zip(lines, masked), start=1):
        if _is_declaration_header(code):
            # A declaration's default arguments and generic clause are not behaviour to mutate; a body on the
            # same line is.
            brace = code.find("{")
            code = " " * len(code) if brace < 0 else " " * brace + code[brace:]
        if code.strip() and not _NOT_BEHAVIOUR.search(code):
            found += _binary(line, code, offset)
            if not _ENUM_RAW_VALUE.match(code):  # two cases with one raw value do not compile
                found += _integers(line, code, offset)
            found += _booleans(code, offset)
            found += _conditions(lines, masked, number, offset)
            found += _swapped_arguments(line, code, offset)
        offset += len(line) + 1
    for start, end in literals:
        found += _literal(text, start, end, mask)
    found.sort(key=lambda m: (m.start, m.operator))
    return found


def _is_declaration_header(code: str) -> bool:
    stripped = code.strip()
    return bool(re.match(r"((public|package|private|fileprivate|internal|static|mutating|@\w+) )*(func|init|subscript)\b", stripped))


def _booleans(code: str, offset: int) -> list[Mutation]:
    out = []
    for match in _BOOLEAN.finditer(code):
        flipped = "false" if match.group(1) == "true" else "true"
        out.append(Mutation(offset + match.start(1), offset + match.end(1), flipped, "boolean-flip", f"`{match.group(1)}` → `{flipped}`"))
    return out


def _binary(line: str, code: str, offset: int) -> list[Mutation]:
    out = []
    for match in _BINARY.finditer(code):
        token = match.group(1)
        if token in ("+", "-") and _joins_values(line, match.start(1), match.end(1)):
            continue
        for operator, table in _SWAPS.items():
            if token in table:
                replacement = table[token]
                out.append(Mutation(offset + match.start(1), offset + match.end(1), replacement, operator,
                                    f"`{token}` → `{replacement}`"))
    return out


def _joins_values(line: str, start: int, end: int) -> bool:
    """Whether a `+` joins strings or arrays (a string literal or a bracket beside it): `-` would not compile."""
    before, after = line[:start].rstrip(), line[end:].lstrip()
    return before.endswith(('"', "]")) or after.startswith(('"', "[", "Array(", "[UInt8]("))


def _integers(line: str, code: str, offset: int) -> list[Mutation]:
    out = []
    for match in _INTEGER.finditer(code):
        literal = match.group(1)
        value = int(literal.replace("_", ""), 0)
        # One direction per site keeps the count down: down from a limit (the common off-by-one), up from 0 and 1.
        new = value + 1 if value <= 1 else value - 1
        spelled = hex(new) if literal.startswith("0x") else bin(new) if literal.startswith("0b") else str(new)
        out.append(Mutation(offset + match.start(1), offset + match.end(1), spelled, "constant-off-by-one",
                            f"`{literal}` → `{spelled}`"))
    return out


def _conditions(lines: list[str], masked: list[str], number: int, offset: int) -> list[Mutation]:
    """`if c {`, `guard c else {`, `while c {` on one line, `c` without a binding: negated, and, where the
    branch exits (throw or return), dropped (the check never fires)."""
    code = masked[number - 1]
    match = _CONDITION.match(code)
    # A binding cannot be negated; a `{` inside is a trailing closure the pattern cut in the middle.
    if not match or _BINDING.search(match.group(3)) or match.group(3).strip().endswith(",") or "{" in match.group(3):
        return []
    start, end = match.start(3), match.end(3)
    condition = lines[number - 1][start:end]
    keyword = match.group(2)
    out = []
    if not _has_top_level_comma(code[start:end]):  # `a, b` is a condition list, which `!( )` cannot wrap
        out.append(Mutation(offset + start, offset + end, f"!({condition})", "negate-condition", f"`{keyword} {condition}` negated"))
    rest = match.group(5)
    body = rest if rest.strip() else (masked[number] if number < len(masked) else "")
    if keyword in ("if", "guard") and _EXIT.match(body) and not match.group(1).strip():
        never = "true" if keyword == "guard" else "false"
        out.append(Mutation(offset + start, offset + end, never, "remove-check", f"`{keyword} {condition}` removed"))
    return out


def _has_top_level_comma(code: str) -> bool:
    depth = 0
    for c in code:
        depth += c in "([{"
        depth -= c in ")]}"
        if c == "," and depth == 0:
            return True
    return False


def _swapped_arguments(line: str, code: str, offset: int) -> list[Mutation]:
    out = []
    for match in _TWO_ARGUMENTS.finditer(code):
        if match.group(1) in _NOT_CALLEES:  # a tuple pattern, or a function of which the order is no matter
            continue
        first, second = match.group(3), match.group(5)
        # One labelled and one not: almost always two types, a mutant that does not compile.
        if (match.group(2) is None) != (match.group(4) is None):
            continue
        if first == second or first in ("self", "nil") or second in ("self", "nil"):
            continue
        original = line[match.start():match.end()]
        swapped = original[: match.start(3) - match.start()] + second + original[match.end(3) - match.start(): match.start(5) - match.start()]
        swapped += first + original[match.end(5) - match.start():]
        out.append(Mutation(offset + match.start(), offset + match.end(), swapped, "swap-arguments",
                            f"`{first}` and `{second}` swapped"))
    return out


def _literal(text: str, start: int, end: int, mask: str) -> list[Mutation]:
    """A name-like string literal (a field name, a code, a content type, a prefix) misspelt by one letter's
    case: the commonest way a table entry or a constant is wrong and still compiles."""
    match = _NAME_LITERAL.match(text[start:end])
    if not match:
        return []
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    code = mask[line_start:line_end]
    if _NOT_BEHAVIOUR.search(code) or _is_declaration_header(code):  # a default argument is not behaviour
        return []
    name = match.group(1)
    first = next(i for i, c in enumerate(name) if c.isalpha())
    changed = name[:first] + name[first].swapcase() + name[first + 1:]
    return [Mutation(start, end, f'"{changed}"', "constant-replaced", f'`"{name}"` → `"{changed}"`')]
