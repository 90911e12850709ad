r"""Protocol Buffers: protoc and its plugins (``protoc-gen-go``, ``-php``,
``-grpc-java``...), and buf (``buf build``, ``buf lint``, ``buf generate``).

protoc names each problem at its place, ``file:line:col: message``, the path
as given to ``-I``; a file it cannot read or an import it could not load has
no line (``types.proto: File not found.``, ``api.proto: Import "types.proto"
was not found or had errors.``), and every use of a type from it follows as
``"Money" is not defined.``: the first line is the cause. buf prints the same
place without the space after it (``api/v1/api.proto:5:8:google/type/date.proto:
does not exist``, ``...:12:3:Field name "Bar" should be lower_snake_case.``).
The protobuf Maven plugins repeat protoc's line after ``[ERROR] PROTOC FAILED:``
and again after the file's absolute path and ``[0:0]:``.

A plugin that protoc cannot start is ``protoc-gen-go: program not found or is
not executable``; a plugin that failed (or could not start), protoc's own
``--go_out: protoc-gen-go: Plugin failed with status code 1.``, after what the
plugin printed.
"""

from __future__ import annotations

from . import Format, Said, regex

ORDER = 40  # before the Maven rows that read ``[ERROR]`` lines as any plugin's
COMMANDS = {"protoc": "protoc", "buf": "buf"}
BUILDS: dict[str, frozenset[str] | None] = {
    "protoc": None,
    "buf": frozenset({"build", "lint", "generate", "breaking", "format"}),
}


class ProtoSaid(Said):
    """protoc's and buf's wordings: an import or plugin not found, a name not
    defined, a parse error, a lint rule (``should be``)."""

    SAYS = (
        (
            "dependency",
            regex(r"File not found|was not found or had errors|does not exist|program not found"),
        ),
        (
            "reference",
            regex(r"is (?:not|already) defined|seems to be defined in|is not a \w+ type"),
        ),
        ("syntax", regex(r"^Expected |^Unexpected |should be |should have |must be ")),
        ("build", regex(r"[Pp]lugin failed")),
    )


READERS = {"protobuf": ProtoSaid}

# A place, ``:line:col:``: protoc puts a space after it, buf none.
_AT = r":(?P<line>\d+):(?P<col>\d+): ?"
# ... or none, where protoc names a file alone: one it could not read, an import
# it could not load.
_MISSING = r": (?P<msg>(?:File not found\.|Import \"[^\"]+\" was not found).*)$"
_PROTO = r"(?P<file>(?:[A-Za-z]:)?[^\s:\[\]]+\.proto)"

ROWS = (
    Format(
        "protoc",
        r"^(?:\[ERROR\] (?:PROTOC FAILED: |\S+\.proto \[\d+:\d+\]: ))?"
        + _PROTO
        + _AT
        + r"(?P<msg>\S.*)$",
        seek=_AT,
        tool="protoc",
        shared=("buf",),  # buf's own compiler and linter print protoc's shape
        block="protobuf",
        rank=2,
        examples=(
            'proto/calc.proto:12:5: "Money" is not defined.',
            'api.proto:4:1: Import "types.proto" was not found or had errors.',
            'api/v1/api.proto:5:8:import "google/type/date.proto": file does not exist',
            'api/v1/api.proto:12:3:Field name "userId" should be lower_snake_case.',
            "[ERROR] PROTOC FAILED: api/calc.proto:2:1: Expected top-level statement "
            '(e.g. "message").',
        ),
    ),
    Format(
        "protoc-missing",
        r"^(?:\[ERROR\] PROTOC FAILED: )?" + _PROTO + _MISSING,
        seek=_MISSING,
        tool="protoc",
        shared=("buf",),
        block="protobuf",
        rank=2,
        examples=(
            "types.proto: File not found.",
            'api.proto: Import "types.proto" was not found or had errors.',
        ),
    ),
    Format(  # a plugin protoc could not start, or protoc's word that one failed: what it
        # counts, after the plugin's own error (or its not starting), and else the error
        "protoc-plugin",
        r"^(?P<msg>(?:--[\w-]+_out: )?protoc-gen-[\w.-]+: (?:[Pp]lugin failed with status code "
        r"-?\d+\.|program not found or is not executable))",
        tool="protoc",
        block="protobuf",
        role="count",
        rank=2,
        examples=(
            "protoc-gen-go: program not found or is not executable",
            "--go_out: protoc-gen-go: Plugin failed with status code 1.",
            "--grpc-java_out: protoc-gen-grpc-java: Plugin failed with status code 255.",
        ),
    ),
)
