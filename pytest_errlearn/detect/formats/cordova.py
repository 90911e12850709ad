"""Apache Cordova's CLI (``cordova build android``, ``cordova run ios``; the
Ionic CLI's ``ionic cordova build``): its words that a platform's build
script it spawned failed.

The platform's build (Gradle, xcodebuild; Ant in old cordova-android) prints
its own errors, which the rows of those tools read; Cordova then says which
program failed, with its exit code (cordova-common's ``superspawn``)::

    ERROR building one of the platforms: Error: cmd: Command failed with exit code 1
    Error: /home/user/app/platforms/android/gradlew: Command failed with exit code 1 Error output:
    Error code 1 for command: cmd with args: /s /c "...\\gradlew cdvBuildDebug ..."

Where the build's errors were read, these lines follow from them; where they
were not kept, the line is the error. ``Error output:`` ends the line when
the program's error output follows it (Gradle's ``FAILURE: Build failed``,
read by its own rows). ``You may not have the required environment or OS to
build this project`` under the first shape is Cordova's hint, part of it.
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex

COMMANDS = {"cordova": "cordova", "ionic": "ionic", "phonegap": "cordova"}


class Hint(Reader):
    """Cordova's hint under its word that a build failed."""

    frames_wanted = False
    _HINT = regex(r"^You may not have the required environment or OS to build this project")

    def accept(self, line: str) -> bool:
        return self.count == 0 and self._HINT.match(line) is not None


READERS = {"cordovahint": Hint}

ROWS = (
    Format(  # a program Cordova spawned failed (its errors are its own lines)
        "cordova-command-failed",
        r"^(?:ERROR building one of the platforms: )?(?:Error: )?"
        r"(?P<msg>\S.*?: Command failed with exit c(?:ode (?P<code>\d+))?)(?: Error output:)?\s*$",
        seek=": Command failed with exit c",
        tool="cordova",
        role="consequence",
        category="build",
        block="cordovahint",
        rank=0,
        examples=(
            "ERROR building one of the platforms: Error: cmd: Command failed with exit code 1",
            "Error: /home/user/app/platforms/android/gradlew: Command failed with exit code 1 "
            "Error output:",
        ),
    ),
    Format(  # the older CLI's shape of the same
        "cordova-error-code",
        r"^(?P<msg>Error code (?P<code>\d+) for command: .+)$",
        tool="cordova",
        role="consequence",
        category="build",
        rank=0,
        examples=(
            "Error code 1 for command: /home/user/app/platforms/android/gradlew with args: "
            "cdvBuildDebug,-b,/home/user/app/platforms/android/build.gradle",
        ),
    ),
)
