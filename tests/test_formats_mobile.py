"""Cross-platform mobile builds: Metro (React Native's and Expo's bundler), the
React Native CLI, Expo's CLI, Capacitor's CLI and Cordova.

Their SDKs and devices are not here: the lines are written in the shapes the
tools print (Metro's resolver and Babel's code frame, the CLIs' failure lines,
cordova-common's spawn error), with neutral names.
"""

from __future__ import annotations

from test_detect import scan


def test_an_import_metro_could_not_follow_points_at_the_marked_line_of_its_frame() -> None:
    report = scan(
        """
        Welcome to Metro v0.80.4
        error: Error: Unable to resolve module ./Calc from /home/user/app/src/App.js:

        None of these files exist:
          * src/Calc(.native|.android.js|.native.js|.js)
          * src/Calc/index(.native|.android.js|.native.js|.js)
           1 | import React from 'react';
        >  2 | import Calc from './Calc';
             |                  ^
           3 |
        """,
        "react-native",
    )
    (err,) = report.errors
    assert (err.file, err.line, err.column) == ("/home/user/app/src/App.js", 2, 18)
    assert err.message.startswith("Unable to resolve module ./Calc from ")
    assert err.category == "dependency"


def test_a_babel_syntax_error_under_metro_reads_its_place_from_its_message() -> None:
    report = scan(
        """
        info Starting JS server...
        error SyntaxError: /home/user/app/src/App.js: Unexpected token (12:5)
        BUNDLE FAILED
        """,
        "react-native",
    )
    err = report.primary
    assert err is not None
    assert (err.file, err.line, err.column) == ("/home/user/app/src/App.js", 12, 5)
    assert err.category == "syntax"


def test_expos_bundling_failed_line_is_read_with_the_reason_under_it() -> None:
    report = scan(
        """
        Logs for your project will appear below.
        Android Bundling failed 812ms index.js (1 module)
        Unable to resolve "./Calc" from "src/App.tsx"
          1 | import React from 'react';
          2 |
        > 3 | import Calc from './Calc';
            |                  ^
          4 |
        """,
        "expo",
    )
    (err,) = report.errors
    assert err.message == 'Unable to resolve "./Calc" from "src/App.tsx"'
    assert (err.tool, err.file, err.line, err.category) == ("expo", "src/App.tsx", 3, "dependency")


def test_the_react_native_clis_failed_install_says_the_command_it_ran() -> None:
    report = scan(
        """
        info Running jetifier to migrate libraries to AndroidX.
        error Failed to install the app. Make sure you have the Android development set up.
        Error: Command failed: ./gradlew app:installDebug -PreactNativeDevServerPort=8081
        """,
        "react-native",
    )
    (err,) = report.errors
    assert err.message == (
        "Failed to install the app. "
        "Command failed: ./gradlew app:installDebug -PreactNativeDevServerPort=8081"
    )
    assert (err.tool, err.category) == ("react-native", "build")


def test_the_newer_clis_failed_ios_build_is_react_natives_line_not_pips() -> None:
    report = scan(
        """
        Failed to build iOS project. "xcodebuild" exited with error code 65.
        To view more error logs, try building the app with Xcode directly.
        """
    )
    err = report.primary
    assert err is not None and err.tool == "react-native"


def test_the_old_expo_clis_bundler_exit_follows_from_the_error_above_it() -> None:
    report = scan(
        """
        [12:00:01] Starting project at /home/user/app
        [12:00:05] error Invalid regular expression: /x[/: Unterminated character class.
        [12:00:05] Metro Bundler process exited with code 1
        Error: Metro Bundler process exited with code 1
            at ChildProcess.<anonymous> (/home/user/expo-cli/xdl/build/Project.js:10:16)
            at ChildProcess.emit (node:events:365:28)
        """,
        "expo",
    )
    err = report.primary
    assert err is not None and "Invalid regular expression" in err.message


def test_cordovas_spawn_failure_is_the_error_with_its_hint_under_it() -> None:
    report = scan(
        """
        ERROR building one of the platforms: Error: cmd: Command failed with exit code 1
        You may not have the required environment or OS to build this project
        """,
        "cordova",
    )
    (err,) = report.errors
    assert (err.tool, err.message) == ("cordova", "cmd: Command failed with exit code 1")


def test_capacitors_error_is_its_message_with_the_lines_indented_under_it() -> None:
    report = scan(
        """
        ✔ Copying web assets from dist to android/app/src/main/assets/public in 12.04ms
        [error] Could not find the web assets directory: ./dist.
                Please create it and make sure it has an index.html file.
        """,
        "capacitor",
    )
    (err,) = report.errors
    assert (err.tool, err.category) == ("capacitor", "filesystem")
    assert err.message == "Could not find the web assets directory: ./dist."


def test_a_row_for_one_tools_output_leaves_other_output_to_the_rows_after_it() -> None:
    # Capacitor's "[error] <message>" is sbt's shape too: under sbt, sbt's rows read it.
    line = "[error] /home/user/src/main/scala/Calc.scala:5:12: not found: value total"
    (err,) = scan(line, "sbt").errors
    assert (err.tool, err.file, err.line) == ("sbt", "/home/user/src/main/scala/Calc.scala", 5)
