"""Ansible: a task that failed on a host.

::

    TASK [Install packages] *****************************************************
    fatal: [web1]: FAILED! => {"changed": false, "msg": "No package matching 'x' is available"}

A failed task is one line: the host, then the module's result as JSON, whose
``msg`` says what went wrong; the task's name is the ``TASK [...]`` line above.
The message is both (``Install packages (web1): No package matching ...``). A
loop's item fails as ``failed: [web1] (item=x) => {...}``. A task that may fail
(``ignore_errors``) is followed by ``...ignoring``: no error.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from ..reader import Reader
from . import Format, regex

COMMANDS = dict.fromkeys(("ansible-playbook", "ansible"), "ansible")  # it deploys: no build

_TASK = regex(r"^TASK \[(?P<task>.+?)\] \**$")
_MSG = regex(r'"msg": "(?P<msg>(?:[^"\\]|\\.)*)"')


def task_and_msg(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """The result's ``msg`` (else the result as printed), after the task's name
    and the host."""
    result = groups.get("msg") or ""
    said = result
    if (m := _MSG.search(result)) is not None:
        try:
            said = json.loads(f'"{m["msg"]}"')
        except ValueError:
            said = m["msg"]
    task = next((t["task"] for line in reversed(before) if (t := _TASK.match(line))), None)
    host = groups.get("host")
    where = f"{task} ({host})" if task else f"[{host}]"
    groups["msg"] = f"{where}: {said}"


class Ignored(Reader):
    """The line after a failed task: ``...ignoring`` makes it no error."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        if self.count == 0 and line.strip() == "...ignoring":
            self.valid = False
            return True
        return False


READERS = {"ansible": Ignored}

ROWS = (
    Format(
        "ansible-failed-task",
        r"^(?:fatal|failed): \[(?P<host>[^\]]+)\](?:: (?:FAILED|UNREACHABLE)!| \(item=.*?\))"
        r" => (?P<msg>.+)$",
        tool="ansible",
        block="ansible",
        rank=2,
        fixup=task_and_msg,
        examples=(
            'fatal: [web1]: FAILED! => {"changed": false, "msg": "No package matching'
            " 'nginxx' is available\"}",
            'fatal: [db]: UNREACHABLE! => {"changed": false, "msg": "Failed to connect to'
            ' the host via ssh", "unreachable": true}',
            'failed: [web1] (item=nginx) => {"ansible_loop_var": "item", "changed": false,'
            ' "item": "nginx", "msg": "No package matching \'nginx\' is available"}',
        ),
    ),
)
