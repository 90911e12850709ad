"""Ansible: a task that failed on a host, a playbook that does not load.

::

    TASK [Install packages] *****************************************************
    fatal: [web1]: FAILED! => {"changed": false, "msg": "No package matching 'x' is available"}

A failed task is one line: the host, then the module's result as JSON, whose
``msg`` says what went wrong (a command's ``stderr`` says why); the task's name
is the ``TASK [...]`` line above. The message is all of it (``Install packages
(web1): No package matching ...``). A loop's item fails as ``failed: [web1]
(item=x) => {...}``; a result the module asks to be shown whole (``assert``,
``debug``) is written over many lines, ``{`` to ``}``. A task that may fail
(``ignore_errors``) is followed by ``...ignoring``: no error. Where the YAML
callback writes results (``stdout_callback = yaml``, as many projects set it),
the result is YAML under the line, its keys indented (``msg: |-`` and the
message's lines under it), the line ending at ``=>`` (or ``=> changed=true``).

From ansible-core 2.19 the failure is told first, the place in the playbook
under it (innermost last, each cause under ``<<< caused by >>>``), and the
result's line after it, which is then part of the same error::

    [ERROR]: Task failed: Module failed: non-zero return code
    Origin: /home/user/site/site.yml:5:7

    5     - name: Check config exists
            ^ column 7

    fatal: [localhost]: FAILED! => {"changed": false, "msg": "non-zero return code", ...}

A playbook that does not load is the same ``[ERROR]:`` block, without a
result; before 2.19 it was ``ERROR! ...``, its place in words ("The error
appears to be in 'site.yml': line 7, column 8, but may be elsewhere ...").
(ansible-lint is ``ansible_lint.py``'s.)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from textwrap import dedent
from typing import Any

from ..reader import Reader
from . import Format, regex, said_in

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from ...report import Error

COMMANDS = dict.fromkeys(("ansible-playbook", "ansible"), "ansible")  # it deploys: no build

_TASK = regex(r"^TASK \[(?P<task>.+?)\] \**$")
_MSG = regex(r'"msg": "(?P<msg>(?:[^"\\]|\\.)*)"')
_RESULT = regex(
    r"^(?:fatal|failed): \[(?P<host>[^\]]+)\](?:: (?:FAILED|UNREACHABLE)!| \(item=.*?\))"
    r" =>\s*(?P<result>.*?)\s*$"
)
_APPEARS = regex(  # "have been": before 2.5
    r"The error appears to (?:be|have been) in '(?P<file>[^']+)': line (?P<line>\d+),"
    r" column (?P<col>\d+)"
)
_ORIGIN = regex(r"^Origin: (?P<file>\S.*?):(?P<line>\d+)(?::(?P<col>\d+))?$")
# The quoted playbook under an ``Origin:`` ("5     - name: x", "    ^ column 7", "^ here").
_QUOTED = regex(r"^\d+(?:\s|$)|^\s*\^ (?:column \d+|here)$")
_CAUSED = "<<< caused by >>>"
# A key of a result the YAML callback writes, and a block scalar's mark ("msg: |-").
_YAML_KEY = regex(r"^(?P<indent> *)(?P<key>[\w-]+):(?: (?P<value>.*))?$")
_BLOCK = ("|", "|-", "|+", ">", ">-", ">+")
# curl's progress meter, which a command's stderr holds where it downloads: no reason.
_METER = regex(r"^(?:% Total\b|Dload\b|\d+\s+[\d.]+[kMG]?\s+\d+\s.*(?:--:--:--|\d:\d\d:\d\d))")
_EXCEPTION = regex(r"^(?:\w+\.)*\w*(?:Error|Exception): ")
_CATEGORIES = (
    ("syntax", regex(r"YAML parsing failed|Syntax Error while loading YAML|[Ss]yntax [Ee]rror")),
    ("dependency", regex(r"couldn't resolve module/action|No module named|was not found in")),
    ("network", regex(r"UNREACHABLE|Failed to connect to the host")),
)


def _result(text: str) -> dict[str, Any]:
    """A task's result as printed; where it does not parse (cut, or not JSON),
    its ``msg`` alone."""
    try:
        result = json.loads(text)
    except ValueError:
        result = None
    if isinstance(result, dict):
        return result
    if (m := _MSG.search(text)) is None:
        return {}
    try:
        return {"msg": json.loads(f'"{m["msg"]}"')}
    except ValueError:
        return {"msg": m["msg"]}


def _yaml_result(lines: Sequence[str]) -> dict[str, Any]:
    """A result as the YAML callback writes it: its keys at the first line's
    indent, a value on the key's line (quotes dropped) or, after ``|-``, the
    lines indented under it; what is more nested than that is left out."""
    result: dict[str, Any] = {}
    base: int | None = None
    scalar: list[str] | None = None  # the block scalar's lines being read
    for line in lines:
        m = _YAML_KEY.match(line)
        if m is None or (base is not None and len(m["indent"]) > base):
            if scalar is not None and (not line.strip() or line.startswith(" " * (base or 0))):
                scalar.append(line)
            continue
        if base is None:
            base = len(m["indent"])
        elif len(m["indent"]) < base:
            break
        value = (m["value"] or "").strip()
        if value in _BLOCK:
            scalar = result[m["key"]] = []
        else:
            scalar, result[m["key"]] = None, value.strip("'\"") if value[:1] in "'\"" else value
    return {
        k: dedent("\n".join(v)).strip() if isinstance(v, list) else v for k, v in result.items()
    }


def _why(result: dict[str, Any]) -> str:
    """Why a command or a module failed, where the result says: the command's
    error's first line (curl's progress aside), else the module's exception (its
    last line), else the first line of what its interpreter said; a module of
    the facts that failed, its own reason; a command that said nothing, itself."""
    for key in ("stderr", "module_stderr"):
        said = str(result.get(key) or "").splitlines()
        lines = [x.strip() for x in said if x.strip() and _METER.match(x.strip()) is None]
        if lines:
            last = lines[-1] if key == "module_stderr" else ""
            return last if _EXCEPTION.match(last) is not None else lines[0]
    for module in (result.get("failed_modules") or {}).values():
        if isinstance(module, dict) and (why := _why(module)):
            return why
    cmd = result.get("cmd")
    if result.get("msg") == "non-zero return code" and cmd:
        return " ".join(map(str, cmd)) if isinstance(cmd, list) else str(cmd)
    return ""


def _said(result: dict[str, Any], default: str) -> str:
    """What a result says went wrong: its ``msg``'s first line (the rest is the
    place, in words), then why (``_why``)."""
    msg = result.get("msg")
    said = msg.strip().split("\n", 1)[0] if isinstance(msg, str) and msg.strip() else default
    why = _why(result)
    return f"{said}: {why}" if why and why not in said else said


def _placed(groups: dict[str, str | None], said: str) -> None:
    """The place a message names in words (before 2.19, "The error appears to be in ...")."""
    if (m := _APPEARS.search(said)) is not None:
        groups.update(file=m["file"], line=m["line"], col=m["col"])


def _task(before: Sequence[str]) -> str | None:
    """The name of the task whose lines these end, if they are a task's."""
    for line in reversed(before):
        if (m := _TASK.match(line)) is not None:
            return m["task"]
        if line.startswith("PLAY "):
            return None
    return None


def task_and_msg(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """A result's words (``_said``), after the task's name and the host; the place
    its ``msg`` names."""
    text = groups.get("msg") or ""
    result = _result(text)
    _placed(groups, str(result.get("msg") or ""))
    said = _said(result, text)
    task, host = _task(before), groups.get("host")
    groups["msg"] = f"{task} ({host}): {said}" if task else f"[{host}]: {said}"


def task_named(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """An ``[ERROR]:`` line's words after the name of the task it is in, if any."""
    if (task := _task(before)) is not None:
        groups["msg"] = f"{task}: {groups.get('msg')}"


def _category(err: Error, result: dict[str, Any], said: str) -> str:
    """An ``assert`` that failed is an assertion, a host that could not be
    reached the network's; else Ansible's words, else what the message ``said``
    (the classifier's), but an assertion: only a result says that."""
    if "assertion" in result or result.get("failed_when_result") is True:
        return "assertion"
    if result.get("unreachable"):
        return "network"
    category = said_in(_CATEGORIES, err.message) or said
    return "runtime" if category == "assertion" else category


class Result(Reader):
    """What follows a task's result: the rest of a result written over many lines
    (up to its ``}``; the YAML callback's, its indented lines), then
    ``...ignoring`` (no error, then)."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        said = err.text.split(" =>", 1)[-1].strip()
        self.body: list[str] | None = ["{"] if said == "{" else None
        self.result: dict[str, Any] = _result(said)
        # The YAML callback's result: its first key on the line ("changed=true"), or none.
        self.yaml: list[str] | None = [] if not said or said.startswith("changed=") else None
        self.head = err.message.removesuffix(said).rstrip(": ")

    def accept(self, line: str) -> bool:
        if self.yaml is not None and (not line.strip() or line[:1] == " "):
            self.yaml.append(line)
            return True
        if self.body is not None:
            self.body.append(line)
            if line.rstrip() == "}":
                self.result, self.body = _result("\n".join(self.body)), None
                self.err.message = self.err.message.removesuffix("{") + _said(self.result, "")
            return True
        if line.strip() == "...ignoring":
            self.valid = False
            return True
        return False

    def finish(self) -> None:
        if self.yaml:
            self.result, err = _yaml_result(self.yaml), self.err
            err.message = f"{self.head}: {_said(self.result, 'failed')}"
            groups: dict[str, str | None] = {}
            _placed(groups, str(self.result.get("msg") or ""))
            if groups:
                err.file, err.line = groups["file"], int(groups["line"] or 0) or None
                err.column = int(groups["col"] or 0) or None

    def category(self) -> str | None:
        return _category(self.err, self.result, self.said_else("runtime"))


class TaskError(Reader):
    """An ``[ERROR]:`` block (2.19 on): its causes, each ``Origin:`` (the last
    is the innermost, the error's place) with the playbook quoted under it;
    then, for a task, its result's line (its host, and the command's error; the
    YAML callback's, its lines under it), the result's other items of a loop,
    and ``...ignoring``."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said = err.text.removeprefix("[ERROR]:").strip()
        self.words = True  # a cause's words may come next
        self.host: str | None = None
        self.result: dict[str, Any] = {}
        self.body: list[str] | None = None  # a result written over many lines
        self.yaml: list[str] | None = None  # ... by the YAML callback

    def accept(self, line: str) -> bool:
        if self.body is not None:
            self.body.append(line)
            if line.rstrip() == "}":
                self.result, self.body = _result("\n".join(self.body)), None
            return True
        if self.yaml is not None and (not line.strip() or line[:1] == " "):
            self.yaml.append(line)
            return True
        if (m := _RESULT.match(line)) is not None:
            if self.host not in (None, m["host"]):
                return False  # another host's failure
            if self.host is None:
                self.host, self.result = m["host"], _result(m["result"])
                self.body = ["{"] if m["result"] == "{" else None
                yaml = not m["result"] or m["result"].startswith("changed=")
                self.yaml = [] if yaml else None
            return True
        if self.host is not None:
            if line.strip() == "...ignoring":
                self.valid = False
                return True
            return False
        if (m := _ORIGIN.match(line)) is not None:
            self.err.file, self.err.line = m["file"], int(m["line"])
            self.err.column = int(m["col"]) if m["col"] else None
            self.words = False
            return True
        if not line.strip() or _QUOTED.match(line) is not None:
            return True
        if line.strip() == _CAUSED:
            self.words = True
            return True
        return self.words and not line.startswith(("TASK [", "PLAY ", "[", "ok: ", "changed: "))

    def finish(self) -> None:
        err = self.err
        task = err.message.removesuffix(self.said).removesuffix(": ")
        if self.yaml:
            self.result = _yaml_result(self.yaml)
        why = _why(self.result)
        said = f"{self.said}: {why}" if why and why not in self.said else self.said
        where = f"{task} ({self.host})" if task and self.host else task or f"[{self.host}]"
        err.message = f"{where}: {said}" if task or self.host else said

    def category(self) -> str | None:
        return _category(self.err, self.result, self.said_else("runtime"))


class LegacyError(Reader):
    """An ``ERROR! ...`` of ansible before 2.19 and its paragraphs: the YAML
    error's words, then the place in words and the playbook quoted under it,
    up to its ``^ here``. Without a place, its paragraphs end at two blank lines."""

    frames_wanted = False
    _YAML = "Syntax Error while loading YAML."

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.yaml = err.text.strip() == self._YAML  # the next line says what YAML found wrong
        self.placed = False  # the rest is the quoted playbook, up to "^ here"
        self.done = False

    def accept(self, line: str) -> bool:
        text = line.strip()
        if self.done or (not self.placed and not text and self.blanks > 0):
            return False
        if self.placed:
            self.done = _QUOTED.match(line) is not None and text.startswith("^")
        elif (m := _APPEARS.search(line)) is not None:
            self.err.file, self.err.line, self.err.column = m["file"], int(m["line"]), int(m["col"])
            self.placed = True
        elif self.yaml and text:
            self.err.message, self.yaml = f"{self._YAML[:-1]}: {text}", False
        elif text == self._YAML:
            self.yaml = True
        elif line.startswith(("PLAY ", "TASK [")):
            return False
        return True

    def category(self) -> str | None:
        return said_in(_CATEGORIES, self.err.message) or self.said_else("config")


READERS = {
    "ansible": Result,
    "ansible-error": TaskError,
    "ansible-legacy": LegacyError,
}

ROWS = (
    Format(
        "ansible-failed-task",
        r"^(?:fatal|failed): \[(?P<host>[^\]]+)\](?:: (?:FAILED|UNREACHABLE)!| \(item=.*?\))"
        r" =>\s*(?P<msg>.*?)\s*$",
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
            "fatal: [localhost]: FAILED! => {",
            "fatal: [web1]: FAILED! => changed=false ",
        ),
    ),
    Format(  # 2.19 on: a task's failure (its result's line follows), or a playbook's
        "ansible-error",
        r"^\[ERROR\]: (?P<msg>\S.*)$",
        tool="ansible",
        block="ansible-error",
        rank=2,
        fixup=task_named,
        words=("[error]:",),
        examples=(
            "[ERROR]: Task failed: Module failed: non-zero return code",
            "[ERROR]: YAML parsing failed: While parsing a block mapping did not find expected"
            " key.",
        ),
    ),
    Format(  # before 2.19: a playbook that does not load
        "ansible-legacy-error",
        r"^ERROR! (?P<msg>\S.*)$",
        tool="ansible",
        block="ansible-legacy",
        rank=2,
        words=("error!",),
        examples=(
            "ERROR! couldn't resolve module/action 'community.general.fancy_thing'. This often"
            " indicates a misspelling, missing collection, or incorrect module path.",
            "ERROR! We were unable to read either as JSON nor YAML, these are the errors we got"
            " from each:",
        ),
    ),
    Format(  # its place under it in words; alone where what came before it was cut off
        "ansible-yaml-error",
        r"^(?P<msg>Syntax Error while loading YAML\.)\s*$",
        tool="ansible",
        block="ansible-legacy",
        rank=2,
        examples=("Syntax Error while loading YAML.",),
    ),
)
