"""Masking secrets before anything reaches the disk.

Build and test output is full of credentials: tokens in URLs, headers echoed
by curl, keys in environment dumps. Everything errlearn stores (the history's
messages, examples and commands) and every trigger ``errlearn learn`` writes
to patterns.toml goes through ``redact`` first. The rules err on the side of
masking: a masked word costs a little precision, a leaked token costs a key.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

MASK = "<redacted>"

# Keys whose value in ``key=value`` / ``key: value`` is a secret.
_KEY = (
    r"[\w.-]*?(?:password|passwd|passphrase|secret|token|api[_-]?key|apikey|"
    r"access[_-]?key|private[_-]?key|credentials?)[\w.-]*"
)
# A value that is a placeholder or a variable, not a secret: ``{name}``, ``<x>``, ``$VAR``, ``***``.
_NOT_SECRET = re.compile(r"[{<$*]|%\(|\$\{")


def _assignment(m: re.Match[str]) -> str:
    key, sep, quote, value = m.group("key", "sep", "q", "value")
    if _NOT_SECRET.match(value) or value == MASK:
        return m.group(0)
    # "Unexpected token: 'export'" is a message, not a credential: a bare
    # "token" only counts when it is assigned with "=".
    if key.lower() == "token" and "=" not in sep:
        return m.group(0)
    return f"{key}{sep}{quote}{MASK}{quote}"


# The rules as written, each with the words (lower case) that every text it
# masks holds: a rule is compiled the first time a text holds one of its words,
# and runs only on such texts. Compiling all of them, and running all of them
# on every text with a word like "token", would be paid by every failing run
# recorded.
_SOURCES: tuple[tuple[tuple[str, ...], str, int, str | Callable[[re.Match[str]], str]], ...] = (
    # -----BEGIN RSA PRIVATE KEY----- ... -----END RSA PRIVATE KEY----- (or cut off by the log)
    (
        ("private key",),
        r"(-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----).*?"
        r"(?:(-----END [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----)|\Z)",
        re.DOTALL,
        rf"\1{MASK}\3",
    ),
    # scheme://user:password@host
    (
        ("://",),
        r"\b([a-z][a-z0-9+.-]*://[^\s:/@'\"]+):([^\s/@'\"]+)@",
        re.IGNORECASE,
        rf"\1:{MASK}@",
    ),
    # Authorization: Bearer abc / Basic dXNlcjpw / token abc
    (
        ("authorization",),
        r"\b((?:proxy-)?authorization[\"']?\s*[:=]\s*[\"']?)"
        r"(?:(bearer|basic|token|digest|negotiate)\s+)?[^\s\"',]+",
        re.IGNORECASE,
        lambda m: f"{m.group(1)}{m.group(2) + ' ' if m.group(2) else ''}{MASK}",
    ),
    # AWS access key ids, and secret keys assigned to an aws_secret... name
    (
        ("akia", "asia", "abia", "acca", "aida", "aroa"),
        r"\b(?:AKIA|ASIA|ABIA|ACCA|AIDA|AROA)[0-9A-Z]{16}\b",
        0,
        MASK,
    ),
    (
        ("secret",),
        r"\b(aws_?secret_?(?:access_?)?key[\"']?\s*[:=]\s*[\"']?)[A-Za-z0-9/+=]{40}\b",
        re.IGNORECASE,
        rf"\1{MASK}",
    ),
    # GitHub tokens: classic, OAuth, app, refresh, fine-grained
    (
        ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
        r"\b(?:gh[pousr]_[A-Za-z0-9]{30,255}|github_pat_[A-Za-z0-9_]{22,255})\b",
        0,
        MASK,
    ),
    # GitLab personal tokens, Slack tokens and webhooks, npm tokens
    (("glpat-",), r"\bglpat-[A-Za-z0-9_-]{20,}", 0, MASK),
    (("xox",), r"\bxox[abposre]-[A-Za-z0-9-]{10,}", 0, MASK),
    (
        ("hooks.slack",),
        r"\bhooks\.slack\.com/services/[A-Za-z0-9/]+",
        0,
        f"hooks.slack.com/services/{MASK}",
    ),
    (("npm_",), r"\bnpm_[A-Za-z0-9]{36}\b", 0, MASK),
    (("_authtoken",), r"(_authToken\s*=\s*)[^\s\"']+", 0, rf"\1{MASK}"),
    # JSON Web Tokens: header.payload.signature, base64url
    (("eyj",), r"\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}", 0, MASK),
    # password=..., "api_key": "...", SECRET_TOKEN: ...; a value on the key's own line
    # (a label at a line's end, "Password:", is followed by nothing), and the escape
    # of a newline or tab in a repr (``'Password: \\n'``) is no value either
    (
        (
            "passw",
            "passphrase",
            "secret",
            "token",
            "apikey",
            "api_key",
            "api-key",
            "accesskey",
            "access_key",
            "access-key",
            "privatekey",
            "private_key",
            "private-key",
            "credential",
        ),
        rf"\b(?P<key>{_KEY})(?P<sep>[\"']?[ \t]*(?::|=|:=)[ \t]*)(?P<q>[\"']?)"
        r"(?P<value>(?:[^\s\"',;&\\]|\\(?![nrt]))+)(?P=q)",
        re.IGNORECASE,
        _assignment,
    ),
)


@cache
def _rule(i: int) -> re.Pattern[str]:
    _, rx, flags, _ = _SOURCES[i]
    return re.compile(rx, flags)


# Every rule's words in one search: text without any of them (most text: test
# ids, messages) is returned at once, without running any rule.
_MAYBE = re.compile("|".join(re.escape(word) for words, *_ in _SOURCES for word in words))


def redact(text: str) -> str:
    """``text`` with every secret it recognises replaced by ``<redacted>``."""
    low = text.lower()
    if not _MAYBE.search(low):
        return text
    for i, (words, _, _, repl) in enumerate(_SOURCES):
        if any(word in low for word in words):
            text = _rule(i).sub(repl, text)
    return text
