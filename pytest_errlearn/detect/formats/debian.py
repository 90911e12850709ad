"""Debian's package builders: dpkg-buildpackage and the dpkg-dev tools it runs
(dpkg-source, dpkg-shlibdeps, dpkg-gencontrol, dpkg-checkbuilddeps), the wrappers
that run it (debuild, pdebuild, sbuild, git-buildpackage), debhelper's ``dh_*``
commands that ``debian/rules`` runs, and lintian, which checks the packages built.

A dpkg-dev tool says an error after its name, in the user's language
(``dpkg-shlibdeps: error: no dependency information found for /usr/lib/libfoo.so.1
(used by debian/foo/usr/bin/foo)``, ``dpkg-source: erreur: ...``), a long one on
lines of its own that repeat the prefix with the words indented (``dpkg-source:
error:   new version is plain file``), and dpkg-shlibdeps a ``Hint: ...`` line
under it. Older dpkg-source printed ``dpkg-source: unrepresentable changes to
source`` with no ``error:``. dpkg-buildpackage's own ``error: debian/rules binary
subprocess returned exit status 2`` (older: ``fakeroot debian/rules binary gave
error exit status 2``) and debuild's ``debuild: fatal error at line N:`` with the
command under it follow from what the build printed above them: a compiler's
error, a debhelper command's.

debhelper prints ``dh_install: error: missing files, aborting`` (before debhelper
11: without ``error: ``, ``dh_install: foo missing files: usr/bin/foo``, ``dh_install:
Cannot find (any matches for) "usr/bin/foo" (tried in ., debian/tmp)``). A command
it ran that failed is ``dh_auto_build: error: make -j4 returned exit code 2`` (or
``dh_shlibdeps: error: dpkg-shlibdeps ... returned exit code 255``) and ``dh_X:
error: Aborting due to earlier error``: those follow from the command's own output
above them. Its warnings are ``dh_X: warning: ...``.

lintian reports one line a finding, ``E: foo: tag detail`` (``W:`` a warning; the
package's name then ``source``, ``changes`` or ``buildinfo`` for the files other than
the binary package), after ``Now running lintian foo_1.0_amd64.changes ...`` when
debuild runs it.
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, Said, regex, said_in

ORDER = 45  # before apt.py's "dpkg-X: error:" row: dpkg-buildpackage's exit line follows
COMMANDS = {
    **dict.fromkeys(
        ("dpkg-buildpackage", "dpkg-source", "dpkg-shlibdeps", "dpkg-gencontrol"), "dpkg"
    ),
    **dict.fromkeys(("debuild", "pdebuild", "sbuild", "gbp", "git-buildpackage"), "dpkg"),
    "lintian": "lintian",
}
BUILDS: dict[str, frozenset[str] | None] = {
    **dict.fromkeys(("dpkg-buildpackage", "debuild", "pdebuild", "sbuild"), None),
    **dict.fromkeys(("gbp",), frozenset({"buildpackage"})),
    "git-buildpackage": None,
    "lintian": None,
}

_ERROR = r"(?:error|erreur|Fehler|errore|fout)"  # dpkg's word in its own and a few locales
# A dpkg-dev tool's message on lines of its own ("dpkg-source: error:   old version is
# ...") and dpkg-shlibdeps' hint under its error (translated as well).
_MORE = regex(rf"^dpkg-[a-z]+: {_ERROR}:  +\S|^(?:Hint|Indication|Tipp|Suggerimento): ")
# The exit of a program it ran: the program's own output above says why.
_RAN = regex(
    r"(?:subprocess returned exit status|gave error exit status|returned exit code) *\d+"
    r"|^Aborting due to earlier error|^missing files, aborting|^fatal error at line \d+"
)
_CATEGORIES = (
    (
        "dependency",
        regex(
            r"no dependency information found|cannot find library|Unmet build dependencies"
            r"|pas d'information de d"
        ),
    ),
    ("filesystem", regex(r"missing files|Cannot find \(any matches for\)|No such file")),
)


class DpkgSaid(Reader):
    """A dpkg-dev tool's, debuild's or a debhelper command's error: the lines of its
    own under it (``_MORE``; debuild's command under its "fatal error at line N:"),
    a consequence where it says a program it ran failed (``_RAN``), its category in
    its words (``_CATEGORIES``)."""

    frames_wanted = False
    _COMMAND = regex(r"^\S+ .* failed$")

    _MISSING = regex(r"^dh_[a-z_]+: \S+ missing files: ")

    def accept(self, line: str) -> bool:
        said = self.err.message
        if said.startswith("fatal error at line"):
            return self.count == 0 and self._COMMAND.match(line) is not None
        if said.startswith("Cannot find (any matches for)"):
            # before debhelper 11, each file it could not find is said twice:
            # "Cannot find ..." then, after a blank line, "pkg missing files: ..."
            return not line.strip() or self._MISSING.match(line) is not None
        return _MORE.match(line) is not None

    def finish(self) -> None:
        self.consequence = _RAN.search(self.err.message) is not None

    def category(self) -> str | None:
        if (said := said_in(_CATEGORIES, self.err.message)) is not None:
            return said
        # a program it ran failed: the build did, whatever the words say ("exit code")
        return "build" if self.consequence else self.said_else("build")


class LintianSaid(Said):
    """One lintian finding: a tag of policy the package breaks, config of its own."""

    def category(self) -> str | None:
        return "config"


READERS = {"dpkg-said": DpkgSaid, "lintian-said": LintianSaid}

ROWS = (
    Format(  # a dpkg-dev tool's error, or debuild's last words (``DpkgSaid``)
        "dpkg-dev-error",
        rf"^(?:dpkg-(?:buildpackage|source|shlibdeps|gencontrol|genchanges|checkbuilddeps"
        rf"|genbuildinfo)|debuild): (?:{_ERROR}: |(?=unrepresentable changes)|(?=fatal error))"
        r"(?P<msg>\S.*)$",
        tool="dpkg",
        block="dpkg-said",
        rank=2,
        words=("dpkg-", "debuild"),
        examples=(
            "dpkg-shlibdeps: error: no dependency information found for /usr/lib/libfoo.so.1"
            " (used by debian/foo/usr/bin/foo)",
            "dpkg-source: error: unrepresentable changes to source",
            "dpkg-source: unrepresentable changes to source",
            "dpkg-buildpackage: error: debian/rules binary subprocess returned exit status 2",
            "dpkg-buildpackage: erreur: debian/rules build subprocess returned exit status 2",
            "debuild: fatal error at line 1182:",
        ),
    ),
    Format(  # a debhelper command's error (``DpkgSaid``: a program it ran failing follows)
        "debhelper-error",
        r"^dh_[a-z_]+: (?:error: |(?=\S+ missing files: |Cannot find \(any matches for\) "
        r"|missing files, aborting$|.+ returned exit code \d+$))(?P<msg>\S.*)$",
        tool="debhelper",
        block="dpkg-said",
        rank=2,
        words=("dh_",),
        examples=(
            "dh_install: error: missing files, aborting",
            "dh_auto_build: error: make -j4 returned exit code 2",
            "dh_shlibdeps: error: Aborting due to earlier error",
            "dh_install: foo-bin missing files: usr/bin/foo",
            'dh_install: Cannot find (any matches for) "usr/bin/foo" (tried in ., debian/tmp)',
            "dh_shlibdeps: dpkg-shlibdeps -Tdebian/foo.substvars debian/foo/usr/bin/foo returned"
            " exit code 2",
        ),
    ),
    Format(  # one lintian finding: "E: pkg[ source]: tag detail" (W: a warning)
        "lintian-tag",
        r"^(?P<sev>[EW]): (?P<msg>[a-z0-9][a-z0-9+.-]+(?: (?:source|changes|buildinfo))?: "
        r"[a-z0-9][a-z0-9_-]+[a-z0-9](?: .*)?)$",
        tool="lintian",
        block="lintian-said",
        rank=2,
        words=("e: ", "w: "),  # without re2: stage 1's own words have no capital "E: "
        examples=(
            "E: foo source: source-is-missing web/app.min.js",
            "E: foo: no-copyright-file",
            "E: foo: copyright-contains-dh_make-todo-boilerplate",
            "W: foo: non-standard-dir-perm etc/ 0775 != 0755",
        ),
    ),
)
