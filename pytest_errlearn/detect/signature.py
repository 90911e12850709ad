"""Normalising error text, and the stable signature of an error.

The same error in another run or checkout must give the same signature, so
what varies between runs is masked: paths (the file name is kept), numbers,
hex and addresses, times, temp names and URLs. ``normalize`` is shared with
the matcher, which masks quoted values on top (``quotes=True``).
"""

from __future__ import annotations

import re
from functools import lru_cache

try:  # CPython's own SHA-1: the same digest, without loading OpenSSL at every start
    from _sha1 import sha1  # type: ignore[import-not-found,unused-ignore]
except ImportError:  # another Python, or a CPython built without it
    from hashlib import sha1

# Each mask with the text it cannot match without (any of): a substring test
# skips the regex, most of which start with ``\b`` and so try every position.
# The masks still run in order, each over what the one before left.
_MASKS: tuple[tuple[re.Pattern[str], str, tuple[str, ...]], ...] = tuple(
    (re.compile(rx), repl, needs)
    for rx, repl, needs in (
        (
            r"\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?",
            "<time>",
            (":",),
        ),
        (r"\b\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?\b", "<time>", (":",)),
        (r"\b[a-z][a-z0-9+.-]*://[^\s'\"`<>)]+", "<url>", ("://",)),
        (r"\b0x[0-9a-fA-F]+\b", "<hex>", ("0x",)),
        (r"\b[0-9a-f]{12,}\b", "<hex>", ()),
        (
            r"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b",
            "<uuid>",
            ("-",),
        ),
        (
            r"(?:/tmp|/var/folders|\\Temp)[\\/][^\s'\"`:]+|\btmp[\w-]{6,}\b|\bpytest-\d+\b",
            "<tmp>",
            ("tmp", "/var/folders", "\\Temp", "pytest-"),
        ),
        # A path keeps its last part: the file name says which error this is.
        (r"(?:\b[A-Za-z]:)?(?:[\\/]|\b)(?:[\w.@+-]+[\\/])+([\w.@+-]+)", r"\1", ("/", "\\")),
        (r"(?<![\w.])\d+(?:\.\d+)*(?:ms|s|m|h|[kKMG]i?B)?(?!\w)", "<n>", ()),
    )
)
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|‘[^’]*’|“[^”]*”|`[^`]*`")
_SPACE = re.compile(r"\s+")


@lru_cache(maxsize=8192)
def normalize(text: str, *, quotes: bool = False) -> str:
    """Mask what varies between runs; with ``quotes`` mask quoted values too."""
    for rx, repl, needs in _MASKS:
        if not needs or any(part in text for part in needs):
            text = rx.sub(repl, text)
    if quotes:
        text = _QUOTED.sub("<q>", text)
    return _SPACE.sub(" ", text).strip()


@lru_cache(maxsize=4096)  # an error repeats (in a CI log, most are repeats): hashed once
def signature(
    message: str, *, tool: str | None, category: str, code: str | None, file: str | None
) -> str:
    """A 16-hex-digit hash of the normalised error, stable across runs and checkouts."""
    name = re.split(r"[\\/]", file)[-1] if file else ""
    key = "\x1f".join((tool or "", category, code or "", name, normalize(message)))
    digest: str = sha1(key.encode("utf-8", "replace")).hexdigest()
    return digest[:16]
