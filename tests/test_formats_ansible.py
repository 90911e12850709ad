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
