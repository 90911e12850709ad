"""snapcraft, which builds a snap from the parts of ``snapcraft.yaml``.

Each part's build runs a script whose output snapcraft 7 and later prints with
``:: `` in front; where it fails snapcraft says ``Failed to run the build script for
part 'foo'.``, or for a part's own scriptlet
``'override-build' in part 'foo' failed with code 1.``, then ``Recommended
resolution: ...`` and where the full log is. Those follow from the script's own
output above them.
"""

from __future__ import annotations

from . import Format

COMMANDS = {"snapcraft": "snapcraft"}
BUILDS: dict[str, frozenset[str] | None] = {
    "snapcraft": frozenset({"pack", "build", "prime", "stage", "remote-build"})
}

ROWS = (
    Format(  # a part's build failed: the script's own output above says why
        "snapcraft-part",
        r"^(?P<msg>Failed to run the build script for part '[^']+'\.?"
        r"|'override-[a-z]+' in part '[^']+' failed with code \d+\.)$",
        tool="snapcraft",
        role="consequence",
        category="build",
        rank=2,
        words=("failed to", "failed with code"),
        examples=(
            "Failed to run the build script for part 'app'.",
            "'override-build' in part 'app' failed with code 1.",
        ),
    ),
)
