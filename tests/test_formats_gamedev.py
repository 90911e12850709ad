"""Game engines: Godot's script errors, Unity's batch mode giving up, Unreal's
AutomationTool and the packaging window's wrapped lines.

The engines cannot be installed here: the lines are written in the shapes
their documentation and their own sources print, with made-up names.
"""

from __future__ import annotations

from test_detect import scan


def test_a_godot_4_parse_error_is_a_syntax_error_at_the_script_named_below_it() -> None:
    report = scan(
        """
        SCRIPT ERROR: Parse Error: Expected end of statement after expression, found "Identifier".
                  at: GDScript::reload (res://player.gd:12)
        ERROR: Failed to load script "res://player.gd" with error "Parse error".
           at: load (modules/gdscript/gdscript.cpp:2936)
        """
    )
    (err,) = report.errors
    assert (err.tool, err.file, err.line, err.category) == ("godot", "player.gd", 12, "syntax")
    assert err.message.startswith("Parse Error: Expected end of statement")
    assert err.related  # the loader's line follows from it


def test_a_godot_3_script_error_names_its_place_on_the_at_line() -> None:
    (err,) = scan(
        """
        SCRIPT ERROR: _ready: Invalid call. Nonexistent function 'jump' in base 'Nil'.
                  At: res://scenes/player.gd:30
        """
    ).errors
    assert (err.file, err.line, err.category) == ("scenes/player.gd", 30, "runtime")


def test_a_script_error_in_a_test_function_names_the_test() -> None:
    (err,) = scan(
        """
        res://test/test_player.gd
        * test_jump
        SCRIPT ERROR: Invalid access to property or key 'speed' on a base object of type 'Nil'.
                  at: test_jump (res://test/test_player.gd:9)
        1/1 passed.
        """
    ).errors
    assert (err.file, err.line, err.test) == ("test/test_player.gd", 9, "test_jump")


def test_godots_one_line_script_errors_are_each_at_their_script() -> None:
    report = scan(
        """
          ERROR: res://player.gd:12 - Invalid call. Nonexistent function 'jump' in base 'Nil'.
          ERROR: res://ui/menu.gd:40 - Invalid get index 'text' (on base: 'null instance').
        """
    )
    assert [(e.file, e.line) for e in report.errors] == [("player.gd", 12), ("ui/menu.gd", 40)]


def test_unity_giving_up_batch_mode_says_its_reason_from_the_next_line() -> None:
    (err,) = scan(
        """
        Aborting batchmode due to failure:
        Scripts have compiler errors.

        /home/user/unity/Baselib_ThreadLocalStorage.inl.h(12): Assertion failed (rc == 0)
        Caught fatal signal - signo:5 code:128 errno:0 addr:(nil)
        Obtained 2 stack frames.
        #0  0x00562bb4b30c46 in AudioManager::EngineThreadStarted(char const*)
        #1  0x007f625f2e588f in clone
        Aborted (core dumped)
        Build failed, with exit code 134
        """
    ).errors
    assert err.message == "Aborting batchmode due to failure: Scripts have compiler errors."
    assert (err.tool, err.category) == ("unity", "build")


def test_unity_giving_up_follows_from_the_compiler_errors_above_it() -> None:
    report = scan(
        """
        Assets/Scripts/Player.cs(12,5): error CS0103: The name 'speed' does not exist
        Aborting batchmode due to failure:
        Scripts have compiler errors.
        """
    )
    assert [(e.file, e.line) for e in report.errors] == [("Assets/Scripts/Player.cs", 12)]
    assert report.errors[0].related == [(2, 3)]  # the editor's giving up, and its reason


def test_a_unity_build_exception_alone_is_the_error_with_no_place_in_the_editor() -> None:
    (err,) = scan(
        """
        UnityEditor.BuildPlayerWindow+BuildMethodException: 2 errors
          at UnityEditor.BuildPlayerWindow.CallBuildMethods () in /home/bokken/Build.cs:193
        UnityEngine.Debug:LogError (object)
        """
    ).errors
    assert (err.message, err.file) == ("BuildMethodException: 2 errors", None)
    assert err.category == "build"


def test_the_packaging_windows_compiler_lines_are_each_an_error_at_their_file() -> None:
    report = scan(
        """
        UATHelper: Packaging (Windows): [1/2] Compile [x64] Player.cpp
        UATHelper: Packaging (Windows): C:\\Game\\Player.cpp(12): error C2065: 'Speed': undeclared
        UATHelper: Packaging (Windows): C:\\Game\\Player.cpp(20): error C3861: 'Jump': not found
        UATHelper: Packaging (Windows): ERROR: UBA: Compile failed.
        """
    )
    first = report.errors[0]
    assert (first.file, first.line, first.code) == ("C:\\Game\\Player.cpp", 12, "C2065")
    assert first.message == "'Speed': undeclared"
    assert [e.line for e in report.errors[:2]] == [12, 20]


def test_the_automation_tools_exception_is_one_build_error_without_its_frames() -> None:
    (err,) = scan(
        """
        Log.WriteException: CommandletException: Editor terminated with exit code 1 while cooking
        Log.WriteException:    at AutomationTool.CommandUtils.Run() in C:\\UE\\Cmd.cs:line 424
        Log.WriteException:    at Project.Cook(ProjectParams Params) in C:\\UE\\Cook.cs:line 200
        """
    ).errors
    assert err.message.startswith("CommandletException: Editor terminated with exit code 1")
    assert (err.tool, err.file, err.category) == ("uat", None, "build")


def test_the_engines_log_errors_are_errors_and_its_warnings_warnings() -> None:
    report = scan(
        """
        [2024.01.02-10.11.12:345][  0]LogInit: Error: Failed to load module 'Game'
        LogLinker: Warning: Unable to load Default__Player_C
        """
    )
    assert [e.message for e in report.errors] == ["Failed to load module 'Game'"]
    assert len(report.warnings) == 1
