"""Masking secrets before anything reaches the disk.

Build and test output is full of credentials: tokens in URLs, headers echoed
by curl, keys in environment dumps. Everything errlearn stores (the history's
messages, examples and commands) and every trigger ``errlearn learn`` writes
to patterns.toml goes through ``redact`` first. The rules err on the side of
masking: a masked word costs a little precision, a leaked token costs a key.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

TYPE_CHECKING = False  # mypy reads it as True: typing and re load where they are used
if TYPE_CHECKING:
    import re

MASK = "<redacted>"

# Keys whose value in ``key=value`` / ``key: value`` is a secret.
_KEY = (
    r"[\w.-]*?(?:password|passwd|passphrase|secret|token|api[_-]?key|apikey|"
    r"access[_-]?key|private[_-]?key|credentials?)[\w.-]*"
)
# A value that is a placeholder or a variable, not a secret: ``{name}``, ``<x>``, ``$VAR``, ``***``.
_NOT_SECRET = r"[{<$*]|%\(|\$\{"


def _assignment(m: re.Match[str]) -> str:
    key, sep, quote, value = m.group("key", "sep", "q", "value")
    if value == MASK or _compiled(_NOT_SECRET).match(value):
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
_SOURCES: tuple[tuple[tuple[str, ...], str, str | Callable[[re.Match[str]], str]], ...] = (
    # -----BEGIN RSA PRIVATE KEY----- ... -----END RSA PRIVATE KEY----- (or cut off by the log)
    (
        ("private key",),
        r"(?s)(-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----).*?"
        r"(?:(-----END [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----)|\Z)",
        rf"\1{MASK}\3",
    ),
    # scheme://user:password@host
    (
        ("://",),
        r"(?i)\b([a-z][a-z0-9+.-]*://[^\s:/@'\"]+):([^\s/@'\"]+)@",
        rf"\1:{MASK}@",
    ),
    # Authorization: Bearer abc / Basic dXNlcjpw / token abc
    (
        ("authorization",),
        r"(?i)\b((?:proxy-)?authorization[\"']?\s*[:=]\s*[\"']?)"
        r"(?:(bearer|basic|token|digest|negotiate)\s+)?[^\s\"',]+",
        lambda m: f"{m.group(1)}{m.group(2) + ' ' if m.group(2) else ''}{MASK}",
    ),
    # AWS access key ids, and secret keys assigned to an aws_secret... name
    (
        ("akia", "asia", "abia", "acca", "aida", "aroa"),
        r"\b(?:AKIA|ASIA|ABIA|ACCA|AIDA|AROA)[0-9A-Z]{16}\b",
        MASK,
    ),
    (
        ("secret",),
        r"(?i)\b(aws_?secret_?(?:access_?)?key[\"']?\s*[:=]\s*[\"']?)[A-Za-z0-9/+=]{40}\b",
        rf"\1{MASK}",
    ),
    # GitHub tokens: classic, OAuth, app, refresh, fine-grained
    (
        ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
        r"\b(?:gh[pousr]_[A-Za-z0-9]{30,255}|github_pat_[A-Za-z0-9_]{22,255})\b",
        MASK,
    ),
    # GitLab personal tokens, Slack tokens and webhooks, npm tokens
    (("glpat-",), r"\bglpat-[A-Za-z0-9_-]{20,}", MASK),
    (("xox",), r"\bxox[abposre]-[A-Za-z0-9-]{10,}", MASK),
    (
        ("hooks.slack",),
        r"\bhooks\.slack\.com/services/[A-Za-z0-9/]+",
        f"hooks.slack.com/services/{MASK}",
    ),
    (("npm_",), r"\bnpm_[A-Za-z0-9]{36}\b", MASK),
    (("_authtoken",), r"(_authToken\s*=\s*)[^\s\"']+", rf"\1{MASK}"),
    # JSON Web Tokens: header.payload.signature, base64url
    (("eyj",), r"\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}", MASK),
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
        rf"(?i)\b(?P<key>{_KEY})(?P<sep>[\"']?[ \t]*(?::|=|:=)[ \t]*)(?P<q>[\"']?)"
        r"(?P<value>(?:[^\s\"',;&\\]|\\(?![nrt]))+)(?P=q)",
        _assignment,
    ),
)


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    """``pattern`` compiled, once. ``re`` is loaded only here: a run whose texts
    hold no rule's word (most passing runs) does not pay for it."""
    import re

    return re.compile(pattern)


# Every rule's words: text without any of them (most text: test ids, messages)
# is returned at once, without running any rule. Looked for one by one: quicker
# than one regex of them all, the longer the text the more, and no ``re`` loaded.
_WORDS = tuple(word for words, *_ in _SOURCES for word in words)


def redact(text: str) -> str:
    """``text`` with every secret it recognises replaced by ``<redacted>``."""
    low = text.lower()
    if not any(word in low for word in _WORDS):
        return text
    for words, rule, repl in _SOURCES:
        if any(word in low for word in words):
            text = _compiled(rule).sub(repl, text)
    return text
