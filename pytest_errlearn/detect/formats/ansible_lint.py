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

# ansible-lint's rules (its ``rules/`` folder and its own: load-failure, parser-error...),
# a rule's sub-rule in brackets after it.
_RULES = (
    "avoid-implicit",
    "command-instead-of-module",
    "command-instead-of-shell",
    "deprecated-bare-vars",
    "deprecated-local-action",
    "deprecated-module",
    "empty-string-compare",
    "galaxy-version-incorrect",
    "ignore-errors",
    "inline-env-var",
    "internal-error",
    "key-order",
    "literal-compare",
    "load-failure",
    "loop-var-prefix",
    "meta-incorrect",
    "meta-no-tags",
    "meta-runtime",
    "meta-video-links",
    "no-changed-when",
    "no-free-form",
    "no-handler",
    "no-jinja-when",
    "no-log-password",
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
    "var-naming",
)
# The rules of one word print a sub-rule always (``name[play]``, ``yaml[truthy]``).
_WORDS = ("args", "complexity", "fqcn", "galaxy", "jinja", "latest", "name", "sanity", "schema")
_RULE = (
    r"(?P<code>(?:" + "|".join(_RULES) + r")(?:\[[\w-]+\])?"
    r"|(?:" + "|".join(_WORDS) + r"|warning|yaml)\[[\w-]+\])"
)
# --format pep8: the place first (rich's markup of a sub-rule leaks "[/]" after it).
_LINT_AT = r":(?P<line>\d+)(?::(?P<col>\d+))?: " + _RULE + r"(?:\[/\])?: "

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
        rank=2,
        examples=(
            "site.yml:1:3: name[play][/]: All plays should be named.",
            "roles/web/tasks/main.yml:3: no-changed-when: Commands should not change things if"
            " nothing needs doing.",
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
