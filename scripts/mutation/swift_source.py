"""Which characters of a Swift source file are code.

The mutation operators work on text, so they must not touch comments or the inside of string literals: a
`<` in a doc comment or a `1` in an error message is not a mutation site. `code_mask` returns the source with
every comment character and every string-literal character (interpolations included) replaced by a space,
newlines kept, so that offsets and line numbers are the original's and a regular expression over the mask
finds only code.
"""


def code_mask(text: str) -> str:
    return scan(text)[0]


def scan(text: str) -> tuple[str, list[tuple[int, int]]]:
    """The mask, and the spans (start, end) of the string literals outside comments, quotes included."""
    out = list(text)
    literals: list[tuple[int, int]] = []
    i, n = 0, len(text)

    def blank(start: int, end: int) -> None:
        for k in range(start, min(end, n)):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            blank(i, end)
            i = end
        elif text.startswith("/*", i):
            # Swift's block comments nest.
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif c == '"' or (c == "#" and _raw_string_start(text, i)):
            j = _string_end(text, i)
            literals.append((i, j))
            blank(i, j)
            i = j
        else:
            i += 1
    return "".join(out), literals


def _raw_string_start(text: str, i: int) -> bool:
    j = i
    while j < len(text) and text[j] == "#":
        j += 1
    return j < len(text) and text[j] == '"'


def _string_end(text: str, i: int) -> int:
    """The offset just past the string literal that starts at `i` (`"…"`, `\"\"\"…\"\"\"`, `#"…"#`)."""
    hashes = 0
    while text[i] == "#":
        hashes, i = hashes + 1, i + 1
    multiline = text.startswith('"""', i)
    close = ('"""' if multiline else '"') + "#" * hashes
    escape = "\\" + "#" * hashes
    j = i + (3 if multiline else 1)
    n = len(text)
    while j < n:
        if text.startswith(escape, j):
            k = j + len(escape)
            if k < n and text[k] == "(":
                j = _interpolation_end(text, k)
            else:
                j = k + 1
        elif text.startswith(close, j):
            return j + len(close)
        elif text[j] == "\n" and not multiline:
            return j  # an unterminated literal: stop at the line's end rather than swallow the file
        else:
            j += 1
    return n


def _interpolation_end(text: str, i: int) -> int:
    """Past the `)` that closes the interpolation whose `(` is at `i`; strings inside it are skipped whole."""
    depth, j, n = 0, i, len(text)
    while j < n:
        c = text[j]
        if c == '"' or (c == "#" and _raw_string_start(text, j)):
            j = _string_end(text, j)
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return j + 1
        j += 1
    return n
