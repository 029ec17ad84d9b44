"""The modules the automatic mutants cover: each one's family (for the summaries) and kind. "format" modules are
what the ops call (vectors, live checks and the fuzz engine reach them); "service" and "client" modules are behind
the mock servers and in the client, where the live checks and the module's unit tests are what can catch a bug."""

MODULES = {
    "WireCore": ("wirecore", "format"),
    "ModelExchange": ("flowdown", "format"),
    "CdevAuth": ("cdev", "format"),
    "CdevService": ("cdev", "service"),
    "NanoTDF": ("nanotdf", "format"),
    "ArkavoWire": ("arkavo", "format"),
    "ATProtoLexicon": ("atproto", "format"),
    "CatbirdMLS": ("mls", "format"),
    "CatbirdMLSService": ("mls", "service"),
    "CatbirdMLSClient": ("mls", "client"),
}
# Behind the mock servers as well, though not mutated by default (a hand-written patch may touch them).
OTHER_SERVICES = {"HTTPExchange": "wirecore", "MockServers": "wirecore"}


def family(module: str | None, fallback: str) -> str:
    if module in MODULES:
        return MODULES[module][0]
    return OTHER_SERVICES.get(module or "", fallback)


def kind(module: str | None) -> str:
    if module in MODULES:
        return MODULES[module][1]
    return "service" if module in OTHER_SERVICES else "format"
