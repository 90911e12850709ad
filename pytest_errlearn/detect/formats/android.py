r"""The Android Gradle plugin's own tools: AAPT2's resource errors, the manifest
merger's, R8's and D8's, the check for duplicate classes, and Android Lint's
text report. Gradle prints them as the task runs, before its ``* What went
wrong:`` section says which task failed::

    > Task :app:processDebugResources FAILED
    ERROR: /ci/app/src/main/res/layout/main.xml:12: AAPT: error: resource
    string/title (aka com.example:string/title) not found.

    ERROR: Missing classes detected while running R8. Please add the missing classes
    or apply additional keep rules that are generated in .../missing_rules.txt.
    ERROR: R8: Missing class com.example.Gone (referenced from: void com.example.A.run())

    Manifest merger failed : Attribute application@appComponentFactory value=(...)
    from [androidx.core:core:1.0.0] AndroidManifest.xml:22:18-86
    \tis also present at [com.android.support:support-compat:28.0.0] ...
    \tSuggestion: add 'tools:replace="android:appComponentFactory"' to <application>

    Duplicate class com.example.A found in modules a-1.0.jar (com.example:a:1.0) and
    b-1.0.jar (com.example:b:1.0)

A list (R8's missing classes, the duplicate classes) is one error: its first
entry says what to fix.
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex

ORDER = 44  # before java.py's rows: "RuntimeException: Manifest merger failed" is no stack


class Indented(Reader):
    """The lines indented under a header (the manifest merger's ``is also present
    at`` and ``Suggestion:``); a header that says no more than its place takes
    the first of them for its message."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        return self.count < 10 and line[:1].isspace() and bool(line.strip())

    def finish(self) -> None:
        said = [b.strip() for b in self.err.block[1:]]
        if said and self.err.message in ("Error:", "Warning:"):
            self.err.message = said[0]


class Listed(Reader):
    """The rest of a list under its first entry (R8's missing classes after its
    ``Missing classes detected``, the other duplicate classes); the header's
    message names the first entry where it names none."""

    frames_wanted = False
    _ENTRY = regex(
        r"^\s*(?:ERROR: ?)?(?:R8: )?(?:Missing class (?P<missing>\S+)|Duplicate class \S+ found)"
    )

    def accept(self, line: str) -> bool:
        if (m := self._ENTRY.match(line)) is None:
            return False
        if m["missing"] and self.count == 0:
            self.err.message = f"Missing class {m['missing']} (R8)"
        return True

    def finish(self) -> None:
        pass


READERS = {"androidindented": Indented, "androidlist": Listed}

# AAPT2's place: the file, its line, and a column or a range (``13:5-61``, ``1908:5-1912:13``).
_AAPT_AT = r": AAPT: (?P<sev>error|warning): "
_AAPT = (
    r"^\s*(?:ERROR: ?)?(?P<file>(?:[A-Za-z]:)?[^:]*?\.\w+)"
    r"(?::(?P<line>\d+)(?::(?P<col>\d+)(?:-\d+(?::\d+)?)?)?)?" + _AAPT_AT
)
# The exceptions Gradle wraps a plugin's failure in, before its message.
_WRAPPED = r"^\s*(?:> )?(?:(?:Caused by: )?(?:[\w$]+\.)*[\w$]*(?:Exception|Error): )*"
_LINT_AT = r":(?P<line>\d+): (?P<sev>Error|Warning): "

ROWS = (
    Format(  # a resource that nothing defines: a reference
        "aapt-not-found",
        _AAPT + r"(?P<msg>(?:resource|style attribute) .+ not found\.?)\s*$",
        seek=_AAPT_AT,
        tool="aapt2",
        category="reference",
        rank=2,
        examples=(
            "ERROR:/ci/app/src/main/res/layout/main.xml:12: AAPT: error: resource string/title "
            "(aka com.example:string/title) not found.",
            "     /ci/app/src/main/res/drawable/bg.xml:8: AAPT: error: resource mipmap/logo (aka "
            "com.example:mipmap/logo) not found.",
        ),
    ),
    Format(
        "aapt",
        _AAPT + r"(?P<msg>.+?)\s*$",
        seek=_AAPT_AT,
        tool="aapt2",
        category="build",
        rank=2,
        examples=(
            "/ci/app/src/main/res/values/strings.xml:13:5-61: AAPT: error: duplicate value for "
            "resource 'string/title' with config ''.",
        ),
    ),
    Format(  # its errors are listed under it, each with its file
        "aapt-linking-failed",
        r"^\s*(?:> )?Android resource (?:linking|compilation) failed\s*$",
        tool="aapt2",
        role="ignore",
        examples=("   > Android resource linking failed",),
    ),
    Format(  # the merger's count of the errors it printed above, each at its manifest
        "manifest-merger-count",
        _WRAPPED + r"(?P<msg>Manifest merger failed with multiple errors, see logs)\s*$",
        tool="manifest-merger",
        category="config",
        role="count",
        rank=1,
        examples=("Manifest merger failed with multiple errors, see logs",),
    ),
    Format(
        "manifest-merger",
        _WRAPPED + r"(?P<msg>Manifest merger failed\b.*?)\s*$",
        tool="manifest-merger",
        category="config",
        block="androidindented",
        rank=2,
        examples=(
            "Manifest merger failed : Attribute application@appComponentFactory value=(androidx."
            "core.app.CoreComponentFactory) from [androidx.core:core:1.0.0] AndroidManifest.xml:"
            "22:18-86",
            "java.lang.RuntimeException: Manifest merger failed : uses-sdk:minSdkVersion 16 "
            "cannot be smaller than version 21 declared in library [com.example:lib:1.0]",
        ),
    ),
    Format(  # one of the merger's errors: its place, the message indented under it
        "manifest-merger-error",
        r"^(?P<file>(?:[A-Za-z]:)?[^\s:]*AndroidManifest\.xml)(?::(?P<line>\d+):(?P<col>\d+)"
        r"(?:-\d+(?::\d+)?)?)? (?P<msg>(?P<sev>Error|Warning):)\s*$",
        tool="manifest-merger",
        category="config",
        block="androidindented",
        rank=2,
        examples=("/ci/app/src/main/AndroidManifest.xml:5:5-7:19 Error:",),
    ),
    Format(  # R8 lists each missing class under it
        "r8-missing-classes",
        r"^(?:ERROR: ?)?(?P<msg>Missing classes detected while running R8\b.*?)\s*$",
        tool="r8",
        category="dependency",
        block="androidlist",
        rank=2,
        examples=(
            "ERROR: Missing classes detected while running R8. Please add the missing classes or "
            "apply additional keep rules that are generated in /ci/app/build/outputs/mapping/"
            "release/missing_rules.txt.",
        ),
    ),
    Format(  # D8's and R8's own errors, the file they read first where they name one
        "d8",
        r"^(?:ERROR: ?)?(?:(?P<file>\S+?): )?(?P<code>D8|R8): (?P<msg>.+?)\s*$",
        tool="d8",
        category="build",
        rank=2,
        examples=(
            "ERROR: R8: Missing class com.example.Gone (referenced from: void com.example.A.go())",
            "ERROR:D8: Cannot fit requested classes in a single dex file (# methods: 66146 > 6553)",
        ),
    ),
    Format(  # two libraries hold one class: the check lists each such class
        "duplicate-class",
        _WRAPPED + r"(?P<msg>Duplicate class \S+ found in modules? .+?)\s*$",
        tool="gradle",
        category="dependency",
        block="androidlist",
        rank=2,
        words=("duplicate class",),
        examples=(
            "  Duplicate class com.example.A found in modules a-1.0.jar (com.example:a:1.0) and "
            "b-1.0.jar (com.example:b:1.0)",
            "  java.lang.RuntimeException: Duplicate class com.example.A found in modules "
            "classes.jar (:a:) and classes.jar (:b:)",
        ),
    ),
    Format(  # Android Lint's text report: ``file:line: Error: message [IssueId]``
        "android-lint",
        rf"^(?P<file>[^\s:][^:]*?){_LINT_AT}(?P<msg>.+?) \[(?P<code>\w+)\]\s*$",
        seek=_LINT_AT,
        tool="lint",
        rank=2,
        examples=(
            'src/main/res/layout/main.xml:12: Error: Hardcoded string "Hi", should use '
            "@string resource [HardcodedText]",
            "src/main/java/com/example/A.java:8: Warning: Field requires API level 26 [NewApi]",
        ),
    ),
    Format(  # the lint task's failure, of the issues above it; of itself where none was read
        "android-lint-failed",
        r"^(?:org\.gradle\.api\.GradleException: )?(?:> )?(?P<msg>Lint found (?:errors in the "
        r"project; aborting build|fatal errors while assembling a release target)\.?)\s*$",
        tool="lint",
        category="build",
        role="count",
        rank=1,
        examples=("Lint found errors in the project; aborting build.",),
    ),
    Format(  # lint's count of what it found, its reports' places
        "android-lint-progress",
        r"^(?:Ran lint on variant \w+: \d+ issues? found|Wrote (?:HTML|XML|SARIF|text) report "
        r"to .*)\s*$",
        tool="lint",
        role="ignore",
        words=("ran lint",),
        examples=("Ran lint on variant release: 359 issues found",),
    ),
)
