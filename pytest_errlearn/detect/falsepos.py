"""Stage 2a: lines the prefilter flagged that are not errors at all.

After the seed ``003``'s false-positive list, widened by what real logs
show: JSON fields and identifiers that contain "error", counts of zero,
passing tests whose names contain "error" or "fail", comments, and source
lines quoted in a compiler's code frame.
"""

from __future__ import annotations

import re

_FALSE_POSITIVE = re.compile(
    "|".join(
        (
            # JSON / YAML / dict fields: "error": null, 'errors': [], error_count: 0
            r"""^\s*[{\[,]?\s*["']?\w*(?:error|fail|exception)\w*["']?\s*[:=]\s*"""
            r"""(?:null|None|nil|false|0|\[\]|\{\}|""|''|~)?\s*[,}\]]?\s*$""",
            r"""["'](?:error|errors|error_code|error_message|err|failure|failed)["']\s*:\s*"""
            r"""(?:null|None|false|0|\[\]|\{\}|""|'')""",
            # Counts of zero: "0 errors", "0 failed", "errors: 0", "no errors found"
            r"(?i:^(?:[^a-z]*\b(?:0|no|zero) (?:errors?|failures?|failed|failing|exceptions?)\b"
            r"(?!.*\b[1-9]\d* (?:errors?|failed|failures?)\b)))",
            r"(?i:\b(?:errors?|failures?|failed|failing)\s*[:=]\s*0\b(?!.*\b(?:errors?|failures?|"
            r"failed)\s*[:=]\s*[1-9])(?!.*\b[1-9]\d* (?:errors?|failed|failures?)\b))",
            r"(?i:\bwith 0 errors?\b|\b0 errors?,? 0 warnings?\b|\bno (?:errors|problems) found\b)",
            # Passing tests whose names mention errors: "test_error_handling PASSED", "✓ throws"
            r"(?:\bPASSED|\bpassed|\bPASS|\bok|✓|✔|√)\s*(?:\[\s*\d+%\])?\s*(?:\(\d[\d.]*\s*m?s\))?\s*$",
            r"^\s*(?:✓|✔|√)\s",
            r"^(?:PASS|ok)\s",
            r"^=== (?:RUN|PAUSE|CONT|NAME)\s",
            r"^\s*test \S+ \.\.\. ok$",
            # Comments and doc text: # error, // error, /* error, * @throws
            r"^\s*(?://|/\*|#(?!\d)\s|--\s|;;)",
            r"^\s*\*\s*@(?:throws|exception|raises)",
            # Code: identifiers and logging calls that mention errors.
            r"\b(?:handle|on|is|has|log|throw|raise|new|emit|report|set|get|last|print|"
            r"console\.)(?:_?[Ee]rror|_?[Ff]ail)",
            r"\b(?:console\.(?:log|error|warn)|logger\.\w+|log\.\w+|print|printf|puts|echo|"
            r"raise|throw new|throw|catch|except|rescue)\s*\(?\s*.*\b(?:error|fail)",
            r"\b[A-Z][A-Z0-9]*_ERROR\b|\bERROR_[A-Z0-9_]+\b|\b_ERROR=|\bERRORLEVEL\b",
            r"\b(?:errorHandler|errorCode|errorMessage|errorCallback|errorReporter|onError)\b",
            # Commands echoed by CI, option flags and package names with "error" in them.
            r"^\s*\$ |^\s*\+ (?:\w+=\S* )*\w",
            r"--\w*(?:error|fail)[\w-]*|-Werror|-Wno-error|-fmax-errors|errorprone|-Xmaxerrs",
            r"\b(?:error|fail)[\w-]*\.(?:js|ts|py|java|rb|go|rs|c|h|cc|cpp|o|class|html|css|json)\b"
            r"(?!:\d)",
            r"(?i:^\s*(?:Collecting|Downloading|Installing|Requirement already|Building wheel|"
            r"Successfully|Get:\d|Hit:\d|Ign:\d|Setting up|Unpacking|Preparing to unpack|"
            r"Selecting previously|Compiling \w|Downloaded |Installed |Updating |Fetching |"
            r"Resolving |Receiving |remote: ))",
        )
    )
)

# A source line quoted in a code frame: "  12 | throw new Error()", "> 12 |".
_CODE_FRAME = re.compile(r"^\s*>?\s*\d+\s*[|│]")


def is_false_positive(line: str) -> bool:
    """True when a prefilter hit is not an error (see the module docstring)."""
    return bool(_CODE_FRAME.match(line) or _FALSE_POSITIVE.search(line))
