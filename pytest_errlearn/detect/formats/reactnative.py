"""The React Native CLI's (``@react-native-community/cli``) own words of the
native builds it runs (``react-native run-ios`` / ``run-android``).

It says that the build failed in a line of its own, its logger's red
``error`` before it in the older versions::

    error Failed to build iOS project. We ran "xcodebuild" command but it exited with error code 65.
    Failed to build iOS project. "xcodebuild" exited with error code 65.
    error Failed to install the app. Make sure you have the Android development environment ...
    Error: Command failed: ./gradlew app:installDebug -PreactNativeDevServerPort=8081

the command it ran on the line under the last (part of that error).
xcodebuild's and Gradle's own errors, around it (apple_xcode.py's, java.py's
and android.py's rows read them), are what failed: the line counts them,
and is the error where they were not kept. Its bundler's errors are
metro.py's.
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex

ORDER = 8  # before pip.py's "Failed to build X" row

COMMANDS = {"react-native": "react-native"}


class CommandFailed(Reader):
    """The command the CLI ran for a native build that failed, on the line under
    its word that it failed (``Error: Command failed: ./gradlew app:installDebug``):
    part of that error, and said in its message."""

    frames_wanted = False
    _COMMAND = regex(r"^Error: (?P<msg>Command failed: .+)$")

    def accept(self, line: str) -> bool:
        if self.count or (m := self._COMMAND.match(line.strip())) is None:
            return False
        self.err.message = f"{self.err.message} {m['msg']}"
        return True


READERS = {"rncommand": CommandFailed}

ROWS = (
    Format(  # the CLI's word that the native build it ran failed: the errors are around it
        "react-native-build-failed",
        r"^(?:error )?(?P<msg>Failed to (?:build iOS project\. (?:We ran )?\"xcodebuild\" "
        r"(?:command but it )?exited with error code \d+|install the app(?: on the device)?)"
        r"\.?).*$",
        tool="react-native",
        role="count",
        category="build",
        block="rncommand",
        rank=0,
        examples=(
            'error Failed to build iOS project. We ran "xcodebuild" command but it exited with '
            "error code 65. To debug build logs further, consider building your app with "
            "Xcode.app, by opening App.xcworkspace.",
            'Failed to build iOS project. "xcodebuild" exited with error code 65.',
            "error Failed to install the app. Make sure you have the Android development "
            "environment set up: https://reactnative.dev/docs/environment-setup.",
        ),
    ),
)
