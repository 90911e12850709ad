"""Stage 2a: lines that matched a row but are not errors at all.

After the detection design's false-positive list, widened by what real logs
show: JSON fields and identifiers that contain "error", counts of zero,
passing tests whose names contain "error" or "fail", comments, and source
lines quoted in a compiler's code frame.
"""

from __future__ import annotations

import re


def _either(*alternatives: str) -> re.Pattern[str]:
    return re.compile("|".join(alternatives))


# Never an error, whatever format the line seems to have. Each check is
# guarded by a cheap test on the text, so a line costs one regex at most.
# "  12 | throw new Error()", not PHP_CodeSniffer's " 12 | ERROR | message"
_CODE_FRAME = re.compile(r"^\s*>?\s*\d+\s*[|│](?! (?:ERROR|WARNING) +\| )")
# npm and yarn echo each script they run ("> eslint src"); Gradle's causes start so
# too ("> Could not resolve all files for ..."), and are read where pasted alone
_ECHOED = re.compile(
    r"^> (?!Could not |Failed to |A problem occurred |Execution failed |Duplicate class "
    r"|Manifest merger failed|Lint found |Android resource )\S"
)
_JSON_FIELD = _either(  # "error": null, 'errors': [], error_count: 0
    r"""^\s*[{\[,]?\s*["']?\w*(?:error|fail|exception)\w*["']?\s*[:=]\s*"""
    r"""(?:null|None|nil|false|0|\[\]|\{\}|""|''|~)?\s*[,}\]]?\s*$""",
    r"""["'](?:error|errors|error_code|error_message|err|failure|failed)["']\s*:\s*"""
    r"""(?:null|None|false|0|\[\]|\{\}|""|'')""",
)
# Counts of zero: "0 errors", "0 failed", "errors: 0", "no errors found". Three
# regexes, each behind the words it needs: as one alternation, Python's re would
# try every branch at every position of every candidate line.
_ZERO_LEADING = re.compile(  # "0 errors", "no failures" at the start
    r"(?i)^[^a-z]*\b(?:0|no|zero) (?:errors?|failures?|failed|failing|exceptions?)\b"
    r"(?!.*\b[1-9]\d* (?:errors?|failed|failures?)\b)"
)
_FIELD_ZERO = re.compile(r"[:=]\s*0")
_ZERO_FIELD = re.compile(  # "errors: 0", "failed=0", unless another count is not zero
    r"(?i)\b(?:errors?|failures?|failed|failing)\s*[:=]\s*0\b(?!.*\b(?:errors?|failures?|"
    r"failed)\s*[:=]\s*[1-9])(?!.*\b[1-9]\d* (?:errors?|failed|failures?)\b)"
)
_ZERO_PHRASE = re.compile(
    r"(?i)\bwith 0 errors?\b|\b0 errors?,? 0 warnings?\b|\bno (?:errors|problems) found\b"
)


def _zero(line: str, lowered: str) -> bool:
    """A line that counts zero errors or failures."""
    if ("0 " in lowered or "no " in lowered or "zero " in lowered) and _ZERO_LEADING.search(line):
        return True
    field = "error" in lowered or "fail" in lowered
    if field and _FIELD_ZERO.search(line) and _ZERO_FIELD.search(line):
        return True
    return (
        "0 error" in lowered or "no errors found" in lowered or "no problems found" in lowered
    ) and _ZERO_PHRASE.search(line) is not None


_PASSED = _either(  # "test_error_handling PASSED", "✓ throws", "ok  	pkg", "test x ... ok"
    r"(?:\bPASSED|\bpassed|\bPASS|\bok|✓|✔|√)\s*(?:\[\s*\d+%\])?\s*(?:\(\d[\d.]*\s*m?s\))?\s*$",
    r"^\s*(?:✓|✔|√)\s",
    r"^(?:PASS|ok)\s",
)
_PASS_MARKS = ("PASS", "pass", "ok", "✓", "✔", "√")
_EMPTY = ("null", "None", "nil", "false", "0", "[]", "{}", "''", '""', "~")  # a field's no-value


def _never(line: str) -> bool:
    if _CODE_FRAME.match(line) or _ECHOED.match(line):
        return True
    if (":" in line or "=" in line) and any(v in line for v in _EMPTY) and _JSON_FIELD.search(line):
        return True
    lowered = line.lower()
    if _zero(line, lowered):
        return True
    return any(mark in line for mark in _PASS_MARKS) and _PASSED.search(line) is not None


# Not an error when only a generic row (a bare "error:" or "FAILED") saw one:
# code, comments, echoed commands and names that merely contain the word. Each
# regex with the text it cannot match without (any of; none: it runs on every
# line), and whether it holds only at the line's start (then matched, not
# searched). As one alternation, Python's re would try every branch at every
# position of every candidate line.
_GENERIC: tuple[tuple[re.Pattern[str], tuple[str, ...], bool], ...] = tuple(
    (re.compile(rx), needs, at_start)
    for rx, needs, at_start in (
        (r"^\s*(?://|/\*|#(?!\d)\s|--\s|;;)", (), True),
        (r"^\s*\*\s*@(?:throws|exception|raises)", ("@",), True),
        (
            r"\b(?:handle|on|is|has|throw|raise|emit|report|set|get|last)_?(?:[Ee]rror|[Ff]ail)",
            ("rror", "ail"),
            False,
        ),
        (
            r"\b(?:console\.(?:log|error|warn)|logger\.\w+|log\.\w+|print|printf|puts|echo)\s*\(",
            ("(",),
            False,
        ),
        (r"^\s*(?:raise|throw|catch|except|rescue|\}\s*catch)\b", (), True),
        (
            r"\b[A-Z][A-Z0-9]*_ERROR\b|\bERROR_[A-Z0-9_]+\b|\b_ERROR=|\bERRORLEVEL\b",
            ("ERROR",),
            False,
        ),
        (
            r"\b(?:errorHandler|errorCode|errorMessage|errorCallback|errorReporter|onError)\b",
            ("rror",),
            False,
        ),
        (r"^\s*\$ |^\s*\+ (?:\w+=\S* )*\w", (), True),
        (
            r"--\w*(?:error|fail)[\w-]*|-Werror|-Wno-error|-fmax-errors|errorprone|-Xmaxerrs",
            ("-", "errorprone"),
            False,
        ),
        (
            r"(?i:^\s*(?:Collecting|Downloading|Installing|Requirement already|Building wheel|"
            r"Successfully|Get:\d|Hit:\d|Ign:\d|Setting up|Unpacking|Preparing to unpack|"
            r"Selecting previously|Compiling \w|Downloaded |Installed |Updating |Fetching |"
            r"Resolving |Receiving |remote: ))",
            (),
            True,
        ),
    )
)


def _generic(line: str) -> bool:
    """A line that only fools a generic row (``_GENERIC``)."""
    for rx, needs, at_start in _GENERIC:
        if needs and not any(part in line for part in needs):
            continue
        if (rx.match(line) if at_start else rx.search(line)) is not None:
            return True
    return False


def is_false_positive(line: str, *, generic: bool = True) -> bool:
    """True when a line that matched a row is not an error after all.

    ``generic`` says the row was a fallback (rank 1 or less), which code and
    echoed commands fool easily; a tool's own format is only checked against
    what is never an error.
    """
    if _never(line):
        return True
    return generic and _generic(line)
