"""RPM's package builder, rpmbuild, and the tools that run it (mock, tito, fedpkg,
the Open Build Service, the kernel's ``make rpm-pkg``).

rpmbuild runs each section of the spec file (``%prep``, ``%build``, ``%install``,
``%check``) as a shell script (``Executing(%build): /bin/sh -e
/var/tmp/rpm-tmp.AbC123``); where one fails, ``error: Bad exit status from
/var/tmp/rpm-tmp.AbC123 (%build)`` follows the failing command's own output above
it (a compiler's error, a shell's ``line 23: cd: src: No such file or directory``).
Its own errors are ``error: `` lines: the spec's ``%files`` against what
``%install`` put in the build root (``error: Installed (but unpackaged) file(s)
found:`` with the files indented under it, ``error: File not found:
/builddir/build/BUILDROOT/foo-1.0-1.x86_64/usr/bin/foo``, ``error: File not found by
glob: ...``, ``error: File must begin with "/": %{foo}/bar``), a build dependency
missing (``error: Failed build dependencies:`` with ``	foo-devel is needed by
bar-1.0-1.x86_64`` under it), a source it cannot open (``error: Bad source:
/root/rpmbuild/SOURCES/foo.tar.gz: No such file or directory``), the spec's syntax
(``error: line 12: Unknown tag: Foo``). At the end it repeats its errors,
indented, under ``RPM build errors:``: those repeat the errors above.

The Open Build Service prefixes each line of a build's log with the seconds since
it started (``[  158s] error: ...``).
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex, said_in

ORDER = 25  # before rust.py's bare "error: ..." row, which would take rpmbuild's lines
COMMANDS = {"rpmbuild": "rpmbuild", "mock": "rpmbuild", "fedpkg": "rpmbuild"}
BUILDS: dict[str, frozenset[str] | None] = {
    "rpmbuild": None,
    "mock": None,
    "fedpkg": frozenset({"local", "mockbuild"}),
}

_OBS = r"(?:\[ *\d+s\] )?"  # the Open Build Service's time in front of each line
_CATEGORIES = (
    ("dependency", regex(r"^Failed build dependencies")),
    ("filesystem", regex(r"^(?:File not found|Directory not found|Bad source|Bad file)")),
    ("config", regex(r"^(?:Installed \(but unpackaged\)|File must begin|line \d+:)")),
)


class RpmSaid(Reader):
    """An ``error:`` of rpmbuild: the files or packages indented under it (the first
    one joined to a message that ends in ":"), a consequence where it says a section's
    script failed, its category in its words (``_CATEGORIES``)."""

    frames_wanted = False
    _UNDER = regex(_OBS + r"(?:\s+)(?P<item>\S.*)$")

    def accept(self, line: str) -> bool:
        if self.count == 0 and not self.err.message.endswith(":"):
            return False
        if (m := self._UNDER.match(line)) is None:
            return False
        if self.count == 0:
            self.err.message += " " + m.group("item").strip()
        return True

    def finish(self) -> None:
        self.consequence = self.err.message.startswith("Bad exit status from")

    def category(self) -> str | None:
        if self.consequence:
            return "build"
        return said_in(_CATEGORIES, self.err.message)


READERS = {"rpm-said": RpmSaid}

ROWS = (
    Format(  # rpmbuild's own error, or its line after a spec section's script failed
        "rpmbuild-error",
        rf"^{_OBS}error: (?P<msg>Bad exit status from \S+ \(%\w+\)|Installed \(but unpackaged\) "
        r"file\(s\) found:|(?:File|Directory) not found(?: by glob)?: \S.*|File must begin with "
        r'"/": \S.*|Failed build dependencies:|Bad source: \S.*|Bad file: \S.*|line \d+: \S.*)$',
        tool="rpmbuild",
        block="rpm-said",
        rank=2,
        words=("error: ",),
        examples=(
            "error: Bad exit status from /var/tmp/rpm-tmp.AbC123 (%build)",
            "error: Installed (but unpackaged) file(s) found:",
            "[  158s] error: Installed (but unpackaged) file(s) found:",
            "error: File not found: /builddir/build/BUILDROOT/foo-1.0-1.x86_64/usr/bin/foo",
            'error: File must begin with "/": %{foo_dir}/bar.py',
            "error: Failed build dependencies:",
            "error: Bad source: /root/rpmbuild/SOURCES/foo-1.0.tar.gz: No such file or directory",
            "error: line 12: Unknown tag: Foo: bar",
        ),
    ),
)
