"""The package's target graph (`swift package describe`), for the runner: which module a source file belongs
to, whether the `wirecheck` executable links it, and which test targets test it directly."""

import json
import os
import subprocess



def module_of(path: str) -> str | None:
    parts = path.split("/")
    return parts[1] if len(parts) > 2 and parts[0] == "Sources" else None


class Graph:
    def __init__(self, targets: list[dict]):
        self.dependencies = {t["name"]: t.get("target_dependencies", []) for t in targets}
        self.tests = [t["name"] for t in targets if t.get("type") == "test"]
        self.wirecheck = self.closure("WireCheckCLI")

    def closure(self, name: str) -> set[str]:
        seen, stack = set(), [name]
        while stack:
            current = stack.pop()
            if current not in seen:
                seen.add(current)
                stack += self.dependencies.get(current, [])
        return seen

    def in_wirecheck(self, module: str | None) -> bool:
        return module in self.wirecheck

    def tests_of(self, module: str | None) -> list[str]:
        """The test targets that import the module directly (their names are `swift test --filter` prefixes)."""
        return [t for t in self.tests if module in self.dependencies.get(t, [])]



def load(root: str) -> Graph:
    described = subprocess.run(
        ["swift", "package", "describe", "--type", "json"], cwd=root, capture_output=True, check=True,
        env=dict(os.environ, PATH="/opt/swift/usr/bin:" + os.environ.get("PATH", ""), SWIFT_DETERMINISTIC_HASHING="1"),
    ).stdout
    return Graph(json.loads(described)["targets"])
