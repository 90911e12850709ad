"""Gradle's "What went wrong" of a build that could not start: its place from
"Where", its innermost cause, its category. Real runs of Gradle 4.4 (Debian's,
offline), the paths neutral."""

from __future__ import annotations

from test_detect import scan

SCRIPT = """\
FAILURE: Build failed with an exception.

* Where:
Build file '/home/user/app/build.gradle' line: 4

* What went wrong:
A problem occurred evaluating root project 'app'.
> Could not find method implementaton() for arguments [com.google.guava:guava:31.1-jre] on object of type org.gradle.api.internal.artifacts.dsl.dependencies.DefaultDependencyHandler.

* Try:
Run with --stacktrace option to get the stack trace.
"""  # noqa: E501

PLUGIN = """\
* Where:
Build file '/home/user/app/build.gradle' line: 3

* What went wrong:
Plugin [id: 'org.springframework.boot', version: '2.7.0'] was not found in any of the following sources:

- Gradle Core Plugins (plugin is not in 'org.gradle' namespace)
- Plugin Repositories (could not resolve plugin artifact 'org.springframework.boot:org.springframework.boot.gradle.plugin:2.7.0')
  Searched in the following repositories:
    Gradle Central Plugin Repository

* Try:
"""  # noqa: E501

NESTED = """\
* What went wrong:
Could not determine the dependencies of task ':compileKotlin'.
> Could not resolve all files for configuration ':kotlinCompilerClasspath'.
   > Cannot resolve external dependency org.jetbrains.kotlin:kotlin-compiler-embeddable:1.3.31 because no repositories are defined.
     Required by:
         project :

* Try:
"""  # noqa: E501


def test_a_build_script_that_fails_is_a_config_error_at_its_line() -> None:
    [err] = scan(SCRIPT).errors
    assert (err.file, err.line, err.category) == ("/home/user/app/build.gradle", 4, "config")
    assert "Could not find method implementaton()" in err.message


def test_a_plugin_not_found_is_a_dependency_error_at_its_line() -> None:
    [err] = scan(PLUGIN).errors
    assert (err.file, err.line, err.category) == ("/home/user/app/build.gradle", 3, "dependency")


def test_the_innermost_of_nested_causes_ends_the_message() -> None:
    [err] = scan(NESTED).errors
    assert err.category == "dependency"
    assert err.message == (
        "Could not determine the dependencies of task ':compileKotlin'. > Cannot resolve external"
        " dependency org.jetbrains.kotlin:kotlin-compiler-embeddable:1.3.31 because no"
        " repositories are defined."
    )
