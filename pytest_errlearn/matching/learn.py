"""From a recorded failure to a pattern in the project's patterns.toml.

The trigger is the failure's normalised message with what varies between
runs turned into named placeholders: quoted values (``'{module}'``, named
from the word before them when there is one), and the masks of
``detect.signature.normalize`` (``<n>`` -> ``{n}``, ``<url>`` -> ``{url}``, ...).

A generic failure (an assertion, a bare exception) is learned by its values
instead, and each new pattern is tried on the history first (``learn_scope``).

The new ``[[pattern]]`` table is appended to the file as text, so the
comments and layout around it stay as they were; the whole file is parsed
again before it atomically replaces the old one.
"""

from __future__ import annotations

import os
import re
import secrets
import tomllib
from collections.abc import Collection
from pathlib import Path
from typing import Any

from ..redact import redact
from .patterns import ID, PatternError, load_patterns, placeholders

HEADER = "version = 1\n"
MAX_ID = 48

_MASK_NAMES = {
    "n": "n",
    "time": "time",
    "url": "url",
    "hex": "hex",
    "uuid": "uuid",
    "tmp": "path",
    "redacted": "secret",
}
# A mask of normalize(), or a quoted value: the parts of a message a trigger generalises.
_VARIABLE = re.compile(
    r"<(?P<mask>" + "|".join(_MASK_NAMES) + r")>"
    r"|(?P<open>['\"`‘“])(?P<value>[^'\"`‘’“”\n]*)(?P<close>['\"`’”])"
)
_MASK = re.compile(r"<(" + "|".join(_MASK_NAMES) + r")>")
_CLOSE = {"'": "'", '"': '"', "`": "`", "‘": "’", "“": "”"}  # each opening quote's closing one
# Words that, just before a quoted value, say what it is: "No module named 'x'" -> module.
_NOUNS = frozenset(
    {
        "module",
        "package",
        "name",
        "attribute",
        "file",
        "directory",
        "command",
        "function",
        "variable",
        "type",
        "key",
        "crate",
        "symbol",
        "method",
        "class",
        "property",
        "field",
        "option",
        "argument",
        "import",
        "identifier",
        "path",
        "table",
        "column",
        "host",
        "image",
        "target",
        "feature",
        "fixture",
        "macro",
        "trait",
        "struct",
        "enum",
        "member",
        "export",
        "dependency",
        "version",
        "library",
        "namespace",
        "resource",
        "label",
        "script",
        "task",
    }
)


class LearnError(Exception):
    """A pattern that cannot be written; the message is one line for the user."""


def _quoted_name(before: str) -> str:
    words: list[str] = re.findall(r"[A-Za-z]+", before.lower())
    return next((w for w in reversed(words[-3:]) if w in _NOUNS), "value")


def _literal(text: str) -> str:
    """Text as a trigger's literal part: a brace is written twice (``{{``)."""
    return text.replace("{", "{{").replace("}", "}}")


def _closing(text: str, start: int, close: str) -> int:
    """Where the quote opened before ``start`` closes (-1: nowhere); a quote
    followed by a letter or digit is an apostrophe inside it (``'don't'``)."""
    at = text.find(close, start)
    while at != -1 and at + 1 < len(text) and text[at + 1].isalnum():
        at = text.find(close, at + 1)
    return at


def derive_trigger(normal: str) -> str:
    """The trigger for a normalised message: literal text, ``{placeholders}`` for the rest.

    A quoted value is one placeholder, unless it quotes values of its own
    (``"'Context' object has no attribute 'x'"``, as a ``repr`` nests them):
    those become placeholders inside the outer quotes.
    """
    seen: dict[str, int] = {}

    def name(base: str) -> str:
        seen[base] = seen.get(base, 0) + 1
        return base if seen[base] == 1 else f"{base}{seen[base]}"

    def generalise(text: str, before: str) -> str:
        out: list[str] = []
        i = 0
        while i < len(text):
            if m := _MASK.match(text, i):
                out.append("{" + name(_MASK_NAMES[m.group(1)]) + "}")
                i = m.end()
                continue
            close = _CLOSE.get(text[i], "")
            opens = close and not (i and text[i - 1].isalnum())  # not an apostrophe ("can't")
            end = _closing(text, i + 1, close) if opens else -1
            if end == -1:
                out.append(_literal(text[i]))
                i += 1
                continue
            value, said = text[i + 1 : end], before + text[:i]
            inner = generalise(value, said) if any(q in value for q in _CLOSE) else None
            if inner is None or inner == _literal(value):  # nothing inside varies: one value
                inner = "{" + name(_quoted_name(said)) + "}"
            out.append(text[i] + inner + close)
            i = end + 1
        return "".join(out)

    return redact(generalise(normal, ""))


def derive_id(message: str, tool: str | None, taken: Collection[str]) -> str:
    """A readable id for a message, unique among ``taken``: ``python-modulenotfounderror-...``."""
    text = _VARIABLE.sub(" ", redact(message)).lower()
    words = [w for w in re.findall(r"[a-z0-9]+", text) if not w.isdigit()]
    slug = "-".join(([tool.lower()] if tool and tool.lower() not in words[:1] else []) + words)
    slug = re.sub(r"[^a-z0-9._-]", "", slug)
    if len(slug) > MAX_ID:  # cut between words, not inside one
        slug = slug[: MAX_ID + 1].rsplit("-", 1)[0] if "-" in slug[:MAX_ID] else slug[:MAX_ID]
    slug = slug.rstrip("-._") or "learned"
    if not slug[0].isalnum():
        slug = "p" + slug
    unique, n = slug, 1
    while unique in taken:
        n += 1
        unique = f"{slug}-{n}"
    return unique


def pattern_ids(data: dict[str, Any]) -> set[str]:
    """The ids of the patterns in a parsed patterns.toml."""
    tables = data.get("pattern", [])
    return {t["id"] for t in tables if isinstance(t, dict) and isinstance(t.get("id"), str)}


def read_file(path: Path) -> tuple[str, dict[str, Any]]:
    """The text of a patterns.toml and its parsed data (a missing file: a new one).

    A file the matcher would refuse is refused here too, with its line: a
    pattern is never added to a broken knowledge base.
    """
    if not path.exists():
        return HEADER, {"version": 1}
    try:
        load_patterns(path)
        text = path.read_text(encoding="utf-8")
        return text, tomllib.loads(text)
    except PatternError as exc:
        raise LearnError(str(exc)) from None
    except (OSError, UnicodeDecodeError) as exc:  # pragma: no cover - load_patterns read it
        raise LearnError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from None


def new_pattern(
    *,
    trigger: str,
    fix: str,
    pattern_id: str,
    taken: Collection[str],
    category: str | None = None,
    regex: str | None = None,
    tools: list[str] | None = None,
    threshold: float | None = None,
) -> dict[str, Any]:
    """A checked ``[[pattern]]`` table: a unique id, a valid regex, known placeholders."""
    if not ID.fullmatch(pattern_id):
        raise LearnError(f"pattern id {pattern_id!r} must match [a-z0-9][a-z0-9._-]*")
    if pattern_id in taken:
        raise LearnError(f"a pattern with id {pattern_id!r} already exists")
    if not fix.strip():
        raise LearnError("the fix is empty")
    names = set(placeholders(trigger))
    if regex is not None:
        try:
            names |= set(re.compile(regex).groupindex)
        except re.error as exc:
            raise LearnError(f"invalid regex {regex!r}: {exc}") from None
    unknown = [n for n in placeholders(fix) if n not in names]
    if unknown:
        known = ", ".join("{" + n + "}" for n in sorted(names)) or "none"
        raise LearnError(
            f"the fix uses {{{unknown[0]}}}, which the trigger does not have (it has: {known})"
        )
    table: dict[str, Any] = {"id": pattern_id, "trigger": redact(trigger)}
    if regex is not None:
        table["match"] = regex
    table["fix"] = redact(fix)
    if category is not None:
        table["category"] = category
    if tools:
        table["tools"] = tools
    if threshold is not None:
        table["threshold"] = threshold
    return table


def append_pattern(path: Path, table: dict[str, Any], *, comment: str | None = None) -> None:
    """Append ``table`` to the patterns file at ``path`` (made with ``version = 1`` if absent).

    The file is checked before and after (with ``patterns.load_patterns``, so
    the matcher will accept it), then replaced atomically.
    """
    text, _ = read_file(path)
    lines = [f"# {line}" for line in (comment or "").splitlines()]
    lines += ["[[pattern]]", *(f"{key} = {_value(v)}" for key, v in table.items())]
    new = text + ("" if text.endswith("\n") else "\n") + "\n" + "\n".join(lines) + "\n"
    try:
        tomllib.loads(new)
    except tomllib.TOMLDecodeError as exc:  # pragma: no cover - tomli_w writes valid TOML
        raise LearnError(f"the new pattern would break {path}: {exc}") from None
    # Opened with "x" (not mkstemp) so a new file gets the umask's mode, like any other.
    tmp = path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "x", encoding="utf-8", newline="") as f:
            f.write(new)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise LearnError(f"cannot write {path}: {exc.strerror or exc}") from None
    try:
        _check_loads(tmp, path)
        if path.exists():
            os.chmod(tmp, path.stat().st_mode & 0o7777)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _value(value: str | list[str] | bool | float) -> str:
    """One TOML value on one line: tomli_w escapes the strings, lists stay inline."""
    import tomli_w

    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return tomli_w.dumps({"v": value}).removeprefix("v = ").rstrip("\n")


def _check_loads(tmp: Path, path: Path) -> None:
    """Load the new file as the matcher will; its complaints name ``path``."""
    try:
        load_patterns(tmp)
    except PatternError as exc:
        raise LearnError(str(exc).replace(tmp.name, path.name)) from None
