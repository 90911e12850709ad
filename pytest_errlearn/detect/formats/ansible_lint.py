"""ansible-lint: each violation of a playbook or a role, and their count.

ansible-lint writes each violation as its rule and message, its place on the
next line (``name[play]: All plays should be named.`` / ``site.yml:1:3``), or,
with ``--format pep8``, on one line (``site.yml:1:3: name[play]: All plays ...``),
then counts them (``Failed: 11 failure(s), 0 warning(s) in 1 files processed``).
A rule line is known by its rule's id: the rules are ansible-lint's own. A
violation it marks ``(warning)`` may still fail the run (``load-failure`` does,
and is counted among the failures): each listed violation is an error.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..reader import Reader
from . import Format, regex

COMMANDS = {"ansible-lint": "ansible-lint"}
BUILDS: dict[str, frozenset[str] | None] = {"ansible-lint": None}  # it checks, whatever it is given


class LintPlace(Reader):
    """The line under an ansible-lint rule's line: the violation's place and its
    details (the task's name, what to write instead). Without it, the line was
    no violation."""

    frames_wanted = False
    _PLACE = regex(r"^(?P<file>[^\s:]+):(?P<line>\d+)(?::(?P<col>\d+))?(?: (?P<detail>\S.*))?$")

    def accept(self, line: str) -> bool:
        if self.count > 0 or (m := self._PLACE.match(line)) is None:
            return False
        err = self.err
        err.file, err.line = m["file"], int(m["line"])
        err.column = int(m["col"]) if m["col"] else None
        if m["detail"]:
            joint = " " if err.message.endswith((".", ")")) else ": "
            err.message = f"{err.message}{joint}{m['detail'].strip()}"
        return True

    def finish(self) -> None:
        self.valid = self.count > 0

    def category(self) -> str | None:
        code = self.err.code or ""
        if code.startswith(("syntax-check", "load-failure", "parser-error")):
            return "syntax"
        return "config" if code.startswith("schema") else None


READERS = {"ansible-lint": LintPlace}

_YAML_RULE = regex(r"\s*\((?P<code>yaml\[[\w-]+\])\)$")


def _yaml_rule(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """yamllint's rule, which 6.0 to 6.4 wrote after the message (``... (yaml[truthy])``),
    as the code of a violation named "yaml" alone."""
    if groups.get("code") is None and (m := _YAML_RULE.search(groups.get("msg") or "")):
        groups["code"], groups["msg"] = m["code"], (groups.get("msg") or "")[: m.start()]


# ansible-lint's rules (its ``rules/`` folder and its own: load-failure, parser-error...),
# a rule's sub-rule in brackets after it; and the names 5.x and 6.0 to 6.4 gave
# rules since renamed (fqcn-builtins, unnamed-task, no-loop-var-prefix...).
_RULES = (
    "avoid-implicit",
    "command-instead-of-module",
    "command-instead-of-shell",
    "deprecated-bare-vars",
    "deprecated-command-syntax",
    "deprecated-local-action",
    "deprecated-module",
    "empty-string-compare",
    "fqcn-builtins",
    "galaxy-version-incorrect",
    "git-latest",
    "hg-latest",
    "ignore-errors",
    "inline-env-var",
    "internal-error",
    "key-order",
    "literal-compare",
    "load-failure",
    "loop-var-prefix",
    "meta-incorrect",
    "meta-no-info",
    "meta-no-tags",
    "meta-runtime",
    "meta-video-links",
    "no-changed-when",
    "no-free-form",
    "no-handler",
    "no-jinja-nesting",
    "no-jinja-when",
    "no-log-password",
    "no-loop-var-prefix",
    "no-prompting",
    "no-relative-paths",
    "no-same-owner",
    "no-tabs",
    "only-builtins",
    "package-latest",
    "parser-error",
    "partial-become",
    "playbook-extension",
    "risky-file-permissions",
    "risky-octal",
    "risky-shell-pipe",
    "role-argument-spec",
    "role-name",
    "run-once",
    "syntax-check",
    "template-instead-of-copy",
    "unnamed-task",
    "var-naming",
    "var-spacing",
)
# The rules of one word print a sub-rule always (``name[play]``, ``yaml[truthy]``).
_WORDS = ("args", "complexity", "fqcn", "galaxy", "jinja", "latest", "name", "sanity", "schema")
_RULE = (
    r"(?P<code>(?:" + "|".join(_RULES) + r")(?:\[[\w-]+\])?"
    r"|(?:" + "|".join(_WORDS) + r"|warning|yaml)\[[\w-]+\])"
)
# --format pep8: the place first (rich's markup of a sub-rule leaks "[/]" after it);
# 6.0 to 6.4 named yamllint's rule "yaml" alone there, its own rule after the message.
_LINT_AT = r":(?P<line>\d+)(?::(?P<col>\d+))?: (?:" + _RULE + r"(?:\[/\])?|yaml): "

ROWS = (
    Format(
        "ansible-lint",
        r"^" + _RULE + r": (?P<msg>.+?)(?: \(warning\))?$",
        tool="ansible-lint",
        block="ansible-lint",
        rank=2,
        words=(*_RULES, *(f"{word}[" for word in (*_WORDS, "warning", "yaml"))),
        examples=(
            "name[play]: All plays should be named.",
            "no-changed-when: Commands should not change things if nothing needs doing.",
            "load-failure[yaml]: Failed to load YAML file (warning)",
        ),
    ),
    Format(
        "ansible-lint-pep8",
        r"^(?P<file>[^\s:]+\.ya?ml)" + _LINT_AT + r"(?P<msg>.+?)(?: \(warning\))?$",
        seek=_LINT_AT,
        tool="ansible-lint",
        fixup=_yaml_rule,
        rank=2,
        examples=(
            "site.yml:1:3: name[play][/]: All plays should be named.",
            "roles/web/tasks/main.yml:3: no-changed-when: Commands should not change things if"
            " nothing needs doing.",
            "roles/web/tasks/main.yml:5: fqcn-builtins: Use FQCN for builtin actions.",
            "roles/web/tasks/main.yml:9: yaml: truthy value should be one of [false, true]"
            " (yaml[truthy])",
        ),
    ),
    Format(
        "ansible-lint-count",
        r"^(?P<msg>Failed: [1-9]\d* failure\(s\), \d+ warning\(s\)(?: in \d+ files?)?.*)$",
        tool="ansible-lint",
        role="count",
        rank=0,
        words=("failure(s)",),
        examples=(
            "Failed: 11 failure(s), 0 warning(s) in 1 files processed of 1 encountered. Last"
            " profile that met the validation criteria was 'min'.",
        ),
    ),
    Format(  # its heading above the violations
        "ansible-lint-listing",
        r"^WARNING\s+Listing \d+ violation\(s\) (?:that are fatal|marked as warnings)",
        tool="ansible-lint",
        role="ignore",
        words=("violation(s)",),
        examples=("WARNING  Listing 11 violation(s) that are fatal",),
    ),
)
