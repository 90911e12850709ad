"""Debian's and Ubuntu's package tools: apt-get, apt and dpkg, as CI jobs run them
to install what a build needs (``sudo apt-get install -y libxml2-dev``).

apt says an error on a line of its own, ``E: `` first, a warning ``W: ``::

    E: Unable to locate package libfoo-dev
    E: Package 'libgl1-mesa-swx11' has no installation candidate
    W: Failed to fetch http://archive.ubuntu.com/...  Temporary failure resolving ...

dpkg's own: ``dpkg: error processing package foo (--configure):`` and
``dpkg: dependency problems prevent configuration of foo:``, with the reasons
indented under them; apt's ``E: Sub-process /usr/bin/dpkg returned an error code
(1)`` after them follows from them. dpkg and its helpers say what they could not
do themselves as ``dpkg-statoverride: error: ...``.
"""

from __future__ import annotations

from . import Format

COMMANDS = {**dict.fromkeys(("apt-get", "apt"), "apt"), "dpkg": "dpkg"}
BUILDS: dict[str, frozenset[str] | None] = {
    **dict.fromkeys(("apt-get", "apt"), frozenset({"install", "update", "build-dep"})),
    "dpkg": None,
}

ROWS = (
    Format(  # a source apt will not read: its key is missing, it has no Release file
        "apt-repository",
        r"^E: (?P<msg>The repository '[^']+' (?:is not signed|does not have a Release file|"
        r"is no longer signed)\..*)$",
        tool="apt",
        category="config",
        rank=2,
        words=("the repository",),
        examples=(
            "E: The repository 'http://ppa.launchpad.net/o/ppa/ubuntu focal Release' does not "
            "have a Release file.",
            "E: The repository 'https://example.com/debian stable InRelease' is not signed.",
        ),
    ),
    Format(  # dpkg's configure step of a package failed: the packages that need it follow
        "apt-dpkg-exit",
        r"^E: (?P<msg>Sub-process /\S*dpkg returned an error code \(\d+\))$",
        tool="apt",
        role="consequence",
        rank=0,
        words=("sub-process",),
        examples=("E: Sub-process /usr/bin/dpkg returned an error code (1)",),
    ),
    Format(
        "apt-error",
        r"^E: (?P<msg>[A-Z].+)$",
        tool="apt",
        rank=2,
        words=("installation candidate", "unable to locate", "could not get lock"),
        examples=(
            "E: Unable to locate package nosuchpkg-errlearn",
            "E: Package 'libgl1-mesa-swx11' has no installation candidate",
            "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 1234"
            " (unattended-upgr)",
        ),
    ),
    Format(
        "apt-warning",
        r"^W: (?P<msg>[A-Z].+)$",
        tool="apt",
        role="warning",
        rank=1,
        examples=(
            "W: Failed to fetch http://archive.ubuntu.com/ubuntu/dists/bionic/InRelease"
            "  Temporary failure resolving 'archive.ubuntu.com'",
        ),
    ),
    Format(  # dpkg's tools say "error: " after their name ("dpkg: error: dpkg frontend lock
        # is locked by another process", "dpkg-statoverride: error: ...")
        "dpkg-tool-error",
        r"^dpkg(?:-[a-z]+)?: error: (?P<msg>.+)$",
        tool="dpkg",
        rank=2,
        words=("dpkg",),
        examples=(
            "dpkg: error: dpkg frontend lock is locked by another process",
            "dpkg-statoverride: error: error creating new backup file "
            "'/var/lib/dpkg/statoverride-old': Operation not permitted",
        ),
    ),
    Format(
        "dpkg-error",
        r"^dpkg: (?P<msg>(?:error processing (?:package|archive) .+|dependency problems "
        r"prevent (?:configuration|installation) of .+))$",
        tool="dpkg",
        block="indented",
        rank=2,
        words=("dpkg: ",),
        examples=(
            "dpkg: error processing package libfoo (--configure):",
            "dpkg: dependency problems prevent configuration of libfoo:",
        ),
    ),
)
