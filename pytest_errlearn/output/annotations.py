"""GitHub Actions ``::error`` workflow commands for a report's root causes.

The runner turns each ``::error file=F,line=L,col=C,title=T::message`` line
on a step's stdout into an annotation on the pull request's diff. It shows
only the first 10 error annotations of a step, so the root cause goes first,
consequences (``make: *** Error 1``) are left out, and an error repeated with
the same signature is annotated once. A pure function of the report: the
wrapper prints these after a failed command, ``--format github`` can too.
"""

from __future__ import annotations

import os

from ..report import Error, Report

MAX_ANNOTATIONS = 10  # error annotations the runner shows per step; the rest are lost


def escape_data(text: str) -> str:
    """The message part of a workflow command, escaped as the runner unescapes it."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """A property value: the message escapes plus ``:`` and ``,``, which end a property."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def title(err: Error, *, primary: bool = False) -> str:
    """What the annotation's heading says: tool, error code, category, root cause."""
    words = " ".join(w for w in (err.tool, err.code, f"{err.category} error") if w)
    return f"root cause: {words}" if primary else words


def body(err: Error) -> str:
    """The annotation's text: the error's message, its test, and the known fix."""
    lines = [err.message]
    if err.count > 1:
        lines[0] += f" ({err.count} times)"
    if err.test:
        lines.append(f"test: {err.test}")
    if err.match is not None:
        lines.append(f"fix: {err.match.fix}")
    return "\n".join(lines)


def annotation(err: Error, *, primary: bool = False, workspace: str | None = None) -> str:
    """One ``::error`` command for ``err``; properties the error lacks are left out."""
    props: list[tuple[str, str]] = []
    if err.file:
        props.append(("file", _relative(err.file, workspace)))
        if err.line is not None:
            props.append(("line", str(err.line)))
            if err.column is not None:
                props.append(("col", str(err.column)))
    props.append(("title", title(err, primary=primary)))
    head = ",".join(f"{key}={escape_property(value)}" for key, value in props)
    return f"::error {head}::{escape_data(body(err))}"


def github_annotations(
    report: Report, *, limit: int | None = MAX_ANNOTATIONS, workspace: str | None = None
) -> list[str]:
    """The report's root causes as ``::error`` lines: root cause first, each signature once.

    ``workspace`` (``$GITHUB_WORKSPACE``) turns absolute paths inside it into the
    repository-relative paths the runner needs to place an annotation on a file.
    """
    errors = report.ordered()
    roots = [e for e in errors if not e.consequence] or errors
    seen: set[str] = set()
    out: list[str] = []
    for err in roots:
        key = err.signature or err.text
        if key in seen:
            continue
        seen.add(key)
        out.append(annotation(err, primary=err is report.primary, workspace=workspace))
        if limit is not None and len(out) >= limit:
            break
    return out


def _relative(path: str, workspace: str | None) -> str:
    if workspace and os.path.isabs(path):
        rel = os.path.relpath(path, workspace)
        if not rel.startswith(".."):
            return rel
    return path
