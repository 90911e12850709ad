r"""Maven's plugins that check a build rather than make it: the enforcer's
rules, Spotless's format check, the counts of Checkstyle's, PMD's and
SpotBugs's violations on their goal's line. (Maven itself, the compiler
plugin and surefire: maven.py.)

The enforcer names the rule that failed, its reason on the lines under it
(under ``[ERROR]`` since 3.2; before, under no level, the rule's line a
warning)::

    [ERROR] Rule 0: org.apache.maven.enforcer.rules.version.RequireJavaVersion failed with message:
    [ERROR] Detected JDK version 17.0.15 (JAVA_HOME=/usr/lib/jvm/java-17) is not in the allowed
    range [21,).

Its dependency rules print what they found (``Dependency convergence error for
...``, the paths to each version) above the rule, whose reason then says no
more than "See above detailed error message". Spotless lists the files it
would reformat under its goal's line, each with its diff::

    [ERROR] Failed to execute goal com.diffplug.spotless:spotless-maven-plugin:2.43.0:check
    (default-cli) on project calc: The following files had format violations:
    [ERROR]     src/main/java/com/example/Calc.java
    [ERROR]         @@ -3,4 +3,4 @@
    [ERROR] Run 'mvn spotless:apply' to fix these violations.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex
from .maven import ERROR

ORDER = 44  # before maven.py's rows: its goal line would take these goals' lines

# The goal's line, up to what its plugin said.
_GOAL = "^" + ERROR + r"Failed to execute goal \S+ (?:\([\w.-]+\) )?on project [\w.-]+: "


class EnforcerRule(Reader):
    """The reason under an enforcer rule's ``failed with message:`` line: the
    lines up to the next of Maven's own, under ``[ERROR]`` or under no level.
    Its first line is the message (``Detected JDK version 17 is not in the
    allowed range [21,)``); the rule's name is the code."""

    frames_wanted = False
    _OWN = regex(
        r"^\[(?:INFO|WARNING|WARN|DEBUG)\]|^" + ERROR + r"(?:Rule \d+:|Failed to execute goal|->|"
        r"-{10,}|BUILD|\s*$)"
    )
    _LEVEL = regex("^" + ERROR)
    _ABOVE = regex(r"\bSee above\b")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said: list[str] = []

    def accept(self, line: str) -> bool:
        if self.count >= 20 or not line.strip() or self._OWN.match(line):
            return False
        self.said.append(self._LEVEL.sub("", line).strip())
        return True

    def finish(self) -> None:
        if self.said:
            self.err.message = self.said[0]
        # "Failed while enforcing releasability. See above detailed error message.":
        # the dependency rules say what they found above the rule
        self.consequence = self._ABOVE.search(" ".join(self.said)) is not None


class Spotless(Reader):
    """The files Spotless would reformat, under its goal's ``The following files
    had format violations:`` (four spaces after the level's, each with its diff at eight),
    then its ``Run 'mvn spotless:apply'``: the first file is the error's."""

    frames_wanted = False
    _LISTED = regex(r"^\[ERROR\](?P<indent> {4,}|\s*$)(?P<text>.*)$")

    def accept(self, line: str) -> bool:
        if line.startswith("[ERROR] Run 'mvn spotless:apply'"):
            return True
        if (m := self._LISTED.match(line)) is None:
            return False
        if self.err.file is None and len(m["indent"]) == 5 and m["text"].strip():
            self.err.file = m["text"].strip()
        return True

    def finish(self) -> None:
        pass


READERS = {"enforcer": EnforcerRule, "spotless": Spotless}

ROWS = (
    Format(  # an enforcer rule that failed, its reason on the lines under it
        "maven-enforcer",
        r"^(?:\[(?:ERROR|WARNING)\]|(?:Error|Warning): ) Rule \d+: (?:[\w$]+\.)*(?P<code>[\w$]+) "
        r"failed with message:\s*$",
        tool="maven",
        category="config",
        block="enforcer",
        rank=2,
        examples=(
            "[ERROR] Rule 0: org.apache.maven.enforcer.rules.version.RequireJavaVersion failed "
            "with message:",
            "[WARNING] Rule 1: org.apache.maven.plugins.enforcer.RequireMavenVersion failed with "
            "message:",
        ),
    ),
    Format(  # a dependency rule's finding, above the rule that says "see above"
        "maven-enforcer-dependencies",
        r"^(?:\[(?:ERROR|WARNING)\] )?(?P<msg>(?:Dependency convergence|Require upper bound "
        r"dependencies) error for \S+?)(?: paths to dependency are:)?\s*$",
        tool="maven",
        category="dependency",
        rank=2,
        examples=(
            "Dependency convergence error for com.example:util:jar:1.2:compile paths to "
            "dependency are:",
            "[ERROR] Require upper bound dependencies error for com.example:util:1.0 paths to "
            "dependency are:",
        ),
    ),
    Format(  # Spotless's check: the files it would reformat under it
        "maven-spotless",
        "^" + ERROR + r"Failed to execute goal com\.diffplug\.spotless:\S+ (?:\([\w.-]+\) )?on "
        r"project [\w.-]+: (?P<msg>The following files had format violations:)\s*$",
        tool="spotless",
        category="build",
        block="spotless",
        rank=2,
        examples=(
            "[ERROR] Failed to execute goal com.diffplug.spotless:spotless-maven-plugin:2.43.0:"
            "check (default-cli) on project calc: The following files had format violations:",
        ),
    ),
    Format(  # a checker's count of the violations it printed above (or in its report)
        "maven-violations",
        _GOAL + r"(?P<msg>(?:You have \d+ (?:Checkstyle|PMD) violations?|There (?:is|are) "
        r"\d+ errors? reported by Checkstyle|You have \d+ CPD duplications?|PMD Failure|"
        r"failed with \d+ bugs? and \d+ errors?)\b.*?)(?: -> \[Help \d+\])?\s*$",
        tool="maven",
        category="build",
        role="count",
        rank=1,
        examples=(
            "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-checkstyle-plugin:3.3.1:"
            "check (validate) on project calc: You have 2 Checkstyle violations. -> [Help 1]",
        ),
    ),
)
