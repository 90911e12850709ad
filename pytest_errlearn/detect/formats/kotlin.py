"""Kotlin: kotlinc (K1 and K2), the Kotlin Gradle and Maven plugins' ``e:`` and
``[ERROR]`` lines, compiler crashes, ktlint and detekt; and the block reader
of Gradle's failed JVM tests (``gradletest``)."""

from __future__ import annotations

from collections.abc import Sequence

from ..reader import Reader
from . import Format, regex
from .scala import jvm_user_frame

ORDER = 44  # before the JVM's rows: ``file.kt:5:13: error:`` would be gcc's
COMMANDS = {
    "ktlint": "ktlint",
    **dict.fromkeys(("detekt", "detekt-cli"), "detekt"),
    **dict.fromkeys(("kotlinc-jvm", "kotlin"), "java"),
}
BUILDS: dict[str, frozenset[str] | None] = {
    "ktlint": None,
    "detekt": None,
    "detekt-cli": None,
    "kotlinc-jvm": None,
}

_KT = r"(?:[A-Za-z]:)?[^\s:\[]*\.kts?"
# A file the Kotlin compiler reports on, as the JVM family's kotlinc row reads it.
_JVM_SRC = r"(?:file://)?(?:[A-Za-z]:)?[^\s:\[]+\.(?:kts?|java|scala|groovy):"
_CARET = regex(r"^\s*\^+\s*$")
# Lines that are no source line under a diagnostic: another error, Gradle's own.
_OTHER = regex(r"^(?:[ew]: |error: |warning: |exception: |> Task |FAILURE: |BUILD )")
_THROWN = regex(r"^(?:[a-z_$][\w$]*\.)+[A-Z][\w$]*(?:Exception|Error)\b")


class KotlincFrame(Reader):
    """kotlinc's source line and caret under a ``file:l:c: error:`` line (the
    source line as written, at any indent)."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        if self.count == 0:
            return bool(line.strip()) and not _HEADER.match(line) and not _OTHER.match(line)
        return self.count == 1 and _CARET.match(line) is not None

    def finish(self) -> None:
        pass


class GradleTest(Reader):
    """Gradle's ``Class > test() FAILED``: the exception indented under it, in
    full (its message, then the ``at`` frames) or short
    (``AssertionFailedError at CalcTest.kt:8``), at the innermost frame of the
    user's code; JUnit's, kotlin.test's and Gradle's own frames passed over,
    as the ``app//`` class loader names them too."""

    frames_wanted = False
    _SHORT = regex(
        r"^(?P<msg>\S.*?) at (?P<file>[^\s:()]+\.(?:java|kts?|scala|groovy)):(?P<line>\d+)$"
    )

    def accept(self, line: str) -> bool:
        return bool(line[:1].isspace() and line.strip())

    def finish(self) -> None:
        err = self.err
        body = [b.strip() for b in err.block[1:]]
        if not body:
            return
        if m := self._SHORT.match(body[0]):
            err.message, err.file, err.line = m["msg"], m["file"], int(m["line"])
            return
        err.message = body[0]
        if (where := jvm_user_frame(body)) is not None:
            err.file, err.line = where


class KotlinStack(Reader):
    """The JVM's stack under a Kotlin compiler's own error: it points at the
    user's code only through a frame of it, never at the compiler's or the JDK's.
    A crash of its back end says first which file it was compiling (1.3: ``File
    being compiled at position: file:///src/Calc.kt``; later versions put the
    ``(5,13) in`` of its line and column before the path) and where the cause was
    thrown: the error is at that file."""

    frames_wanted = False
    _SAID = regex(r"^(?:Cause: |File being compiled\b.*?: |The root cause\b.*? was thrown at: )")
    _COMPILED = regex(
        r"^File being compiled(?: at position)?: (?:\((?P<line>\d+),(?P<col>\d+)\) in )?"
        r"(?:file://)?(?P<file>\S+)$"
    )

    def accept(self, line: str) -> bool:
        if line[:1].isspace():
            return bool(line.strip())
        return line.startswith("Caused by: ") or self._SAID.match(line) is not None

    def finish(self) -> None:
        err = self.err
        for line in err.block[1:]:
            if (m := self._COMPILED.match(line)) is not None:
                err.file = m["file"]
                err.line = int(m["line"]) if m["line"] else None
                err.column = int(m["col"]) if m["col"] else None
                return
        if (where := jvm_user_frame(err.block[1:])) is not None:
            err.file, err.line = where

    def category(self) -> str | None:
        """A compiler that threw (``e: java.lang.IllegalStateException: Backend Internal
        error``) failed the build; it is no error of the program it compiled."""
        return "build" if _THROWN.match(self.err.message) else None


READERS = {"kotlincframe": KotlincFrame, "gradletest": GradleTest, "kotlinstack": KotlinStack}

# What follows the file name on kotlinc's lines, which start with any path.
_KOTLINC_AT = r":(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning|info): "
_HEADER = regex(rf"^{_KT}{_KOTLINC_AT}")
# ktlint's and detekt's lines: ``file:l:c: Message (rule)`` / ``... [Rule]``; their
# messages are sentences. What is sought holds the sentence's first letters: a
# bare ``:l:c `` is on every line with a time of day.
_LINT_AT = r":(?P<line>\d+):(?P<col>\d+): (?P<initial>[A-Z][a-z])"
_GRADLE_LINT_AT = r":(?P<line>\d+):(?P<col>\d+) (?P<initial>[A-Z][a-z])"


def _sentence(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """The message, its first letters sought apart from the rest."""
    groups["msg"] = (groups.get("initial") or "") + (groups.get("rest") or "")


ROWS = (
    Format(  # K1's ``expecting ')'``, K2's ``Syntax error: Expecting ')'.``
        "kotlinc-syntax",
        rf"^(?P<file>{_KT}){_KOTLINC_AT}(?P<msg>(?:[Ee]xpecting |Syntax error: |Unexpected tokens? "
        r"|Unclosed comment|Incorrect template).+)$",
        seek=_KOTLINC_AT,
        tool="kotlinc",
        category="syntax",
        block="kotlincframe",
        rank=2,
        examples=("src/Calc.kt:6:22: error: expecting ')'",),
    ),
    Format(
        "kotlinc-cli",
        rf"^(?P<file>{_KT}){_KOTLINC_AT}(?P<msg>.+)$",
        seek=_KOTLINC_AT,
        tool="kotlinc",
        block="kotlincframe",
        rank=2,
        examples=(
            "src/Calc.kt:5:13: error: unresolved reference: foo",
            "src/Calc.kt:5:13: error: unresolved reference 'foo'.",
            "src/Calc.kt:6:9: warning: variable 'unused' is never used",
        ),
    ),
    Format(  # the Kotlin Maven plugin: ``[ERROR] /src/Calc.kt: (5, 13) msg``, ``file:///...:5:13``
        "kotlin-maven",
        rf"^\[(?P<sev>ERROR|WARNING|WARN|INFO)\] (?:file://)?(?P<file>{_KT}):?\s?\(?"
        r"(?P<line>\d+)[:,]\s?(?P<col>\d+)\)?:? (?P<msg>.+)$",
        tool="kotlinc",
        rank=2,
        examples=(
            "[ERROR] /home/ci/src/main/kotlin/Calc.kt: (5, 13) Unresolved reference: foo",
            "[ERROR] file:///home/ci/src/main/kotlin/Calc.kt:5:13 Unresolved reference: foo",
        ),
    ),
    Format(  # a library built by a newer Kotlin than the one compiling
        "kotlin-incompatible",
        r"^(?:e: |error: |\[ERROR\] )(?:\S+?: )?(?P<msg>(?:Module was compiled with an "
        r"incompatible version of Kotlin|Incompatible classes were found in dependencies)\b.*)$",
        tool="kotlinc",
        category="dependency",
        rank=2,
        examples=(
            "e: /root/.gradle/caches/kotlin-stdlib-1.9.0.jar!/META-INF/kotlin-stdlib.kotlin_module:"
            " Module was compiled with an incompatible version of Kotlin. The binary version of"
            " its metadata is 1.9.0, expected version is 1.7.1.",
        ),
    ),
    Format(  # the Gradle plugin on Windows: ``e: file:///C:/src/Calc.kt:5:13 msg``
        "kotlin-gradle-windows",
        r"^(?P<sev>e|w): file:///(?P<file>[A-Za-z]:/[^\s:]+\.kts?):(?P<line>\d+):(?P<col>\d+) "
        r"(?P<msg>.+)$",
        tool="kotlinc",
        rank=2,
        examples=("e: file:///C:/ci/app/src/main/kotlin/Calc.kt:5:13 Unresolved reference: foo",),
    ),
    Format(  # kapt: javac's errors on the Java stubs it generated from Kotlin
        "kapt",
        r"^(?P<sev>e|w): (?P<file>(?:[A-Za-z]:)?[^\s:]+\.java):(?P<line>\d+): (?:error|warning): "
        r"(?P<msg>.+)$",
        tool="kapt",
        block="codeframe",
        rank=2,
        examples=(
            "e: /home/ci/app/build/tmp/kapt3/stubs/debug/com/example/AppDatabase.java:10: error: "
            "Cannot find getter for field.",
        ),
    ),
    Format(  # ``allWarningsAsErrors`` failed the compilation, on the warnings above: the
        # failure is the build's (kotlinc's own ``error:`` line, printed before its
        # warnings, is left to the run's status, which makes them its errors)
        "kotlin-gradle-werror",
        r"^e: (?P<msg>warnings found and -Werror specified)\s*$",
        tool="kotlinc",
        category="build",
        rank=2,
        examples=("e: warnings found and -Werror specified",),
    ),
    Format(  # the Gradle plugin's ``e: /src/Calc.kt: (5, 13): msg`` at a path with a space
        # (``C:\Users\Jane Doe\...``), which the JVM family's kotlinc row takes without one
        "kotlin-gradle-spaced",
        r"^(?P<sev>e|w): (?P<file>(?:[A-Za-z]:)?[^:\[\]]*? [^:\[\]]*?\.kts?): "
        r"\((?P<line>\d+), (?P<col>\d+)\): (?P<msg>.+)$",
        tool="kotlinc",
        rank=2,
        examples=(
            "e: C:\\Users\\Jane Doe\\app\\src\\main\\kotlin\\Calc.kt: (5, 13): Unresolved "
            "reference: foo",
        ),
    ),
    Format(  # the Gradle plugin's ``e:`` with no source file: the compiler's own failures
        "kotlin-gradle-message",
        rf"^(?P<sev>e|w): (?!{_JVM_SRC})(?P<msg>\S.*)$",
        tool="kotlinc",
        block="kotlinstack",
        rank=2,
        examples=(
            "e: java.lang.OutOfMemoryError: Java heap space",
            "w: Language version 1.6 is deprecated and its support will be removed",
        ),
    ),
    Format(  # kotlinc crashed: an internal error, its stack indented below
        "kotlinc-exception",
        r"^exception: (?P<msg>(?:[\w$]+\.)+[A-Z][\w$]*(?:Exception|Error)\b.*)$",
        tool="kotlinc",
        category="build",
        block="kotlinstack",
        rank=2,
        examples=(
            "exception: org.jetbrains.kotlin.codegen.CompilationException: Back-end (JVM) "
            "Internal error: Couldn't inline method call",
        ),
    ),
    Format(  # ktlint's plain reporter: every finding fails the run
        "ktlint",
        rf"^(?P<file>{_KT}){_LINT_AT}(?P<rest>.*?) \((?P<code>(?:[\w-]+:)?[\w-]+)\)$",
        seek=_LINT_AT,
        fixup=_sentence,
        tool="ktlint",
        rank=2,
        examples=(
            "src/Calc.kt:5:1: Unexpected blank line(s) (standard:no-blank-lines)",
            "src/main/kotlin/Calc.kt:1:1: File must end with a newline (\\n) (final-newline)",
        ),
    ),
    Format(  # the ktlint Gradle plugin: ``file:l:c detail`` (and `` (rule)`` when verbose)
        "ktlint-gradle",
        rf"^(?P<file>{_KT}){_GRADLE_LINT_AT}(?P<rest>.*?)(?: \((?P<code>(?:[\w-]+:)?[\w-]+)\))?$",
        seek=_GRADLE_LINT_AT,
        fixup=_sentence,
        tool="ktlint",
        rank=2,
        examples=("settings.gradle.kts:24:12 Newline expected after opening parenthesis",),
    ),
    Format(  # detekt's lite console report
        "detekt-lite",
        rf"^(?P<file>{_KT}){_LINT_AT}(?P<rest>.*?) \[(?P<code>[A-Z]\w+)\]$",
        seek=_LINT_AT,
        fixup=_sentence,
        tool="detekt",
        rank=2,
        examples=("src/Calc.kt:5:13: This expression contains a magic number. [MagicNumber]",),
    ),
    Format(  # detekt's findings report: ``\tMagicNumber - [adds] at /src/Calc.kt:5:13``
        "detekt-finding",
        r"^\s+(?P<msg>(?P<code>[A-Z]\w+) - (?:[\d/.]+ - )?(?:(?:\d+min|\d+h(?: \d+min)?) - )?"
        rf"\[[^\]]*\]) at (?:file://)?(?P<file>{_KT}):(?P<line>\d+):(?P<col>\d+)\s*$",
        tool="detekt",
        rank=2,
        examples=(
            "\tMagicNumber - [foo] at D:\\projects\\app\\src\\main\\java\\MainActivity.kt:30:9",
            "\tLongParameterList - 9/6 - [Foo] at /home/ci/src/main/kotlin/Foo.kt:12:5",
        ),
    ),
    Format(  # detekt's verdict on the findings above
        "detekt-summary",
        r"^(?:> )?(?:(?:io\.gitlab\.arturbosch\.detekt\.cli\.|dev\.detekt\.\w+\.)?BuildFailure: )?"
        r"(?:Build|Analysis) failed with \d+ (?:weighted )?issues?.*$",
        tool="detekt",
        role="consequence",
        rank=0,
        examples=(
            "Build failed with 17 weighted issues (threshold defined was 0).",
            "io.gitlab.arturbosch.detekt.cli.BuildFailure: Build failed with 3178 weighted issues "
            "(threshold defined was 10).",
        ),
    ),
)
