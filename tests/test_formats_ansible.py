"""Ansible: a failed task on a host, named by its task, its result's msg as the
message; one that may fail (``...ignoring``) is none."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect import classify
from pytest_errlearn.detect.hints import tool_from_command

# ansible-playbook's default callback, as Ansible's docs and CI logs show it.
PLAYBOOK = """
PLAY [webservers] **************************************************************

TASK [Install packages] ********************************************************
fatal: [web1]: FAILED! => {"changed": false, "msg": "No package matching 'nginxx' is available"}

TASK [Copy config] *************************************************************
fatal: [web2]: UNREACHABLE! => {"changed": false, "msg": "Failed to connect to the host via ssh: ssh: connect to host 10.0.0.5 port 22: Connection timed out", "unreachable": true}

TASK [Install tools] ***********************************************************
failed: [web3] (item=htop) => {"ansible_loop_var": "item", "changed": false, "item": "htop", "msg": "No package matching 'htop' is available"}

TASK [Probe the cache] *********************************************************
fatal: [web1]: FAILED! => {"changed": false, "msg": "cache is cold"}
...ignoring

PLAY RECAP *********************************************************************
web1                       : ok=1    changed=0    unreachable=0    failed=1    skipped=0    rescued=0    ignored=1
"""  # noqa: E501


def test_each_failed_task_is_an_error_named_by_its_task_and_host() -> None:
    report = scan(PLAYBOOK)
    assert [(e.message, e.category) for e in report.errors] == [
        ("Install packages (web1): No package matching 'nginxx' is available", "dependency"),
        (
            "Copy config (web2): Failed to connect to the host via ssh: ssh: connect to host"
            " 10.0.0.5 port 22: Connection timed out",
            "network",
        ),
        ("Install tools (web3): No package matching 'htop' is available", "dependency"),
    ]
    assert {e.tool for e in report.errors} == {"ansible"}


def test_ansible_playbook_is_known_by_its_command() -> None:
    assert tool_from_command("ansible-playbook -i hosts site.yml") == "ansible"


def test_helms_failed_release_is_a_config_error_not_a_failed_test() -> None:
    classify.categorize.cache_clear()
    message = 'INSTALLATION FAILED: unable to build kubernetes objects: unknown field "x"'
    assert classify.categorize(message) == "config"


# ansible-core 2.19's default callback (real output, paths made neutral).
TASK_ERROR = """
TASK [Show settings] ***********************************************************
[ERROR]: Task failed: Finalization of task args for 'ansible.builtin.debug' failed: Error while resolving value for 'msg': 'app_user' is undefined

Task failed.
Origin: /home/user/site/site.yml:7:7

5     app_port: 8080
6   tasks:
7     - name: Show settings
        ^ column 7

<<< caused by >>>

Error while resolving value for 'msg': 'app_user' is undefined
Origin: /home/user/site/site.yml:9:14

8       ansible.builtin.debug:
9         msg: "Listening on {{ app_port }} as {{ app_user }}"
               ^ column 14

fatal: [localhost]: FAILED! => {"msg": "Task failed: Finalization of task args for 'ansible.builtin.debug' failed: Error while resolving value for 'msg': 'app_user' is undefined"}

PLAY RECAP *********************************************************************
"""  # noqa: E501

COMMAND_FAILED = """
TASK [Check config exists] *****************************************************
[ERROR]: Task failed: Module failed: non-zero return code
Origin: /home/user/site/site.yml:5:7

5     - name: Check config exists
        ^ column 7

fatal: [localhost]: FAILED! => {"changed": false, "cmd": ["cat", "/nonexistent/app.conf"], "msg": "non-zero return code", "rc": 1, "stderr": "cat: /nonexistent/app.conf: No such file or directory", "stdout": ""}
"""  # noqa: E501

IGNORED_THEN_ASSERT = """
TASK [Tolerated] ***************************************************************
[ERROR]: Task failed: Module failed: non-zero return code
Origin: /home/user/site/site.yml:5:7

5     - name: Tolerated
        ^ column 7

fatal: [localhost]: FAILED! => {"changed": false, "cmd": ["false"], "msg": "non-zero return code", "rc": 1, "stderr": ""}
...ignoring

TASK [Assert version] **********************************************************
[ERROR]: Task failed: Action failed: app_version must be at least 2.0
Origin: /home/user/site/site.yml:9:7

9     - name: Assert version
        ^ column 7

fatal: [localhost]: FAILED! => {
    "assertion": "app_version is version('2.0', '>=')",
    "changed": false,
    "evaluated_to": false,
    "msg": "app_version must be at least 2.0"
}
"""  # noqa: E501

# Before 2.19: a playbook that does not load, and a result shown whole.
LEGACY_YAML = """
ERROR! We were unable to read either as JSON nor YAML, these are the errors we got from each:
JSON: Expecting value: line 1 column 1 (char 0)

Syntax Error while loading YAML.
  did not find expected key. while parsing a block mapping
  in "<unicode string>", line 4, column 7

The error appears to be in '/home/user/site/site.yml': line 7, column 8, but may
be elsewhere in the file depending on the exact syntax problem.

The offending line appears to be:

        msg: "hi"
       when: true
       ^ here
"""

LEGACY_ASSERT = """
TASK [Assert version] **********************************************************
fatal: [localhost]: FAILED! => {
    "assertion": "app_version is version('2.0', '>=')",
    "changed": false,
    "evaluated_to": false,
    "msg": "app_version must be at least 2.0"
}

PLAY RECAP *********************************************************************
"""

LEGACY_UNDEFINED = """
TASK [Show settings] ***********************************************************
fatal: [localhost]: FAILED! => {"msg": "The task includes an option with an undefined variable.. 'app_user' is undefined\\n\\nThe error appears to be in '/home/user/site/site.yml': line 7, column 7, but may\\nbe elsewhere in the file depending on the exact syntax problem.\\n\\nThe offending line appears to be:\\n\\n  tasks:\\n    - name: Show settings\\n      ^ here\\n"}
"""  # noqa: E501


def test_a_2_19_task_error_is_one_error_at_its_innermost_origin() -> None:
    (error,) = scan(TASK_ERROR).errors
    assert (error.file, error.line, error.column, error.category) == (
        "/home/user/site/site.yml",
        9,
        14,
        "reference",
    )
    assert error.message == (
        "Show settings (localhost): Task failed: Finalization of task args for"
        " 'ansible.builtin.debug' failed: Error while resolving value for 'msg': 'app_user'"
        " is undefined"
    )


def test_a_failed_command_says_what_the_command_said() -> None:
    (error,) = scan(COMMAND_FAILED).errors
    assert error.message == (
        "Check config exists (localhost): Task failed: Module failed: non-zero return code:"
        " cat: /nonexistent/app.conf: No such file or directory"
    )
    assert (error.line, error.category) == (5, "filesystem")


def test_an_ignored_failure_is_none_and_a_failed_assert_is_an_assertion() -> None:
    (error,) = scan(IGNORED_THEN_ASSERT).errors
    assert (error.message, error.line, error.category) == (
        "Assert version (localhost): Task failed: Action failed: app_version must be at least 2.0",
        9,
        "assertion",
    )


def test_a_legacy_yaml_error_is_a_syntax_error_at_the_place_it_names() -> None:
    (error,) = scan(LEGACY_YAML).errors
    assert (error.file, error.line, error.column, error.category) == (
        "/home/user/site/site.yml",
        7,
        8,
        "syntax",
    )
    assert error.message == (
        "Syntax Error while loading YAML: did not find expected key. while parsing a block mapping"
    )


def test_a_result_written_over_many_lines_gives_its_msg() -> None:
    (error,) = scan(LEGACY_ASSERT).errors
    assert (error.message, error.category) == (
        "Assert version (localhost): app_version must be at least 2.0",
        "assertion",
    )


def test_a_legacy_msg_is_cut_at_its_place_in_words_which_places_it() -> None:
    (error,) = scan(LEGACY_UNDEFINED).errors
    assert error.message == (
        "Show settings (localhost): The task includes an option with an undefined variable.."
        " 'app_user' is undefined"
    )
    assert (error.file, error.line, error.column, error.category) == (
        "/home/user/site/site.yml",
        7,
        7,
        "reference",
    )
