"""The one form an error's message and a pattern's trigger are compared in.

``canonical`` brings both sides to it: the detector's ``normalize`` masks
what varies between runs (paths, numbers, quoted values...), the severity word
heading a line is dropped, the exception type becomes its family's root, case
is folded and a few synonyms become one word. Each step is there so that
``rapidfuzz.fuzz.ratio`` compares what the two texts *say*.
"""

from __future__ import annotations

import re

from ..detect.signature import normalize

# A placeholder while a trigger is parsed and normalised: it survives both,
# and its number says which placeholder it was.
TOKEN = "zzph{}zz"
TOKEN_RX = re.compile(r"zzph(\d+)zz")
_MASKS = re.compile(r"<(?:q|n|hex|url|tmp|uuid|time)>|zzph\d+zz")
EXCEPTION = re.compile(
    r"^(?:Uncaught |Caused by: |Unhandled exception: )?(?:[A-Za-z_]\w*\.)*"
    r"([A-Z]\w*(?:Error|Exception|Exit|Interrupt))\b(?=:|\s|$)"
)
# The severity word heading a line is not part of its message ("error: ", "npm ERR! ").
SEVERITY = re.compile(
    r"^(?:(?:npm\s+)?(?:err!|(?:fatal\s+)?error(?:\[[\w-]+\])?:|fatal:)\s+)+", re.IGNORECASE
)

# Python's builtin hierarchy, child -> parent, where the failure is the same one
# under two names. SyntaxError's subclasses are left out on purpose: an
# IndentationError is fixed with whitespace, not grammar (the matching rules'
# table keeps the two apart).
_PARENT = {
    "ModuleNotFoundError": "ImportError",
    **dict.fromkeys(
        (
            "FileNotFoundError",
            "FileExistsError",
            "PermissionError",
            "IsADirectoryError",
            "NotADirectoryError",
            "TimeoutError",
            "ConnectionError",
            "BlockingIOError",
            "ChildProcessError",
            "InterruptedError",
            "ProcessLookupError",
        ),
        "OSError",
    ),
    **dict.fromkeys(
        (
            "ConnectionRefusedError",
            "ConnectionResetError",
            "ConnectionAbortedError",
            "BrokenPipeError",
        ),
        "ConnectionError",
    ),
    "KeyError": "LookupError",
    "IndexError": "LookupError",
    **dict.fromkeys(
        ("ZeroDivisionError", "OverflowError", "FloatingPointError"), "ArithmeticError"
    ),
    **dict.fromkeys(
        ("UnicodeDecodeError", "UnicodeEncodeError", "UnicodeTranslateError"), "UnicodeError"
    ),
    "UnicodeError": "ValueError",
    "RecursionError": "RuntimeError",
    "NotImplementedError": "RuntimeError",
    "UnboundLocalError": "NameError",
    "TabError": "IndentationError",
}
_ALIAS = {"IOError": "OSError", "EnvironmentError": "OSError", "WindowsError": "OSError"}

# Words that say the same thing in a test run's or a checker's vocabulary.
_SYNONYMS = (
    (
        re.compile(
            r"\b(?:no tests? (?:ran|run|were run|collected|found|to run)|collected 0 items"
            r"|(?:test )?collection failed|errors? (?:during|while) collect(?:ing|ion)"
            r"|error collecting)\b"
        ),
        "no tests ran",
    ),
    (re.compile(r"\b(?:check failed|violations?|violated|failures?|failing)\b"), "failed"),
)


def _chain(exc: str) -> list[str]:
    out = [_ALIAS.get(exc, exc)]
    while out[-1] in _PARENT:
        out.append(_PARENT[out[-1]])
    return out


def related(a: str, b: str) -> bool:
    """Whether one exception type is the other or one of its ancestors."""
    a, b = _ALIAS.get(a, a), _ALIAS.get(b, b)
    return a in _chain(b) or b in _chain(a)


def canonical(text: str) -> tuple[str, str | None]:
    """The form both sides are compared in, and the exception type it names.

    Masked values (``normalize(quotes=True)``) and placeholders become ``<v>``;
    the exception type becomes its family's root (``ModuleNotFoundError`` ->
    ``ImportError``); case is folded; synonyms become one word.
    """
    exc = None
    text = SEVERITY.sub("", text.strip())
    if m := EXCEPTION.match(text):
        exc = _ALIAS.get(m.group(1), m.group(1))
        text = _chain(exc)[-1] + text[m.end() :]
    text = _MASKS.sub("<v>", normalize(text, quotes=True).lower())
    for rx, word in _SYNONYMS:
        text = rx.sub(word, text)
    return text, exc
