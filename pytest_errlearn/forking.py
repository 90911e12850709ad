"""Forking a helper process that holds nothing of its parent's, writing whole
to a descriptor, and the CPUs free for helpers: for the scanning workers
(``detect.forks``, ``detect.ahead``) and for ``errlearn run``'s analyser
(``wrapper/analysis.py``).

Kept apart from ``detect.forks``, which imports the scanner: the process
that passes a command's output on forks its analyser at the output's first
byte, and must not stop there to load the detector (the analyser loads it).
"""

from __future__ import annotations

import os
import signal
import time


def cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # macOS, Windows
        return os.cpu_count() or 1


def free_cpus(samples: int = 3, gap: float = 0.001) -> int:
    """The CPUs this process may run on that no other work is running on now:
    those processes runnable this moment beyond this one are taken (Linux's
    ``/proc/loadavg``; elsewhere all are taken as free).

    One look is one instant: a kernel thread or a process about to exit counts
    as much as a build. So it looks up to ``samples`` times, ``gap`` seconds
    apart, and a CPU free at any of them is free: work that holds a CPU is
    runnable at every look."""
    total, free = cpus(), 1
    for sample in range(samples):
        if sample:
            time.sleep(gap)
        try:
            with open("/proc/loadavg", "rb") as f:
                running = int(f.read().split()[3].split(b"/")[0])  # this process among them
        except (OSError, ValueError, IndexError):
            return total
        free = max(free, total - (running - 1))
        if free >= total:
            return total
    return free


_HELD = {signal.SIGINT, signal.SIGQUIT, signal.SIGTERM, signal.SIGHUP, signal.SIGWINCH}


def fork_alone(*keep: int) -> tuple[int, tuple[int, ...]]:
    """Fork a helper process that holds nothing of the parent's but ``keep``:
    the pid (0 in the child), and the kept descriptors as the child numbers them.

    The parent may hold the user's command's pipes and terminal: the child
    keeps none of them (its standard streams go to /dev/null, every other
    descriptor is closed), so no reader of the command's output lingers in
    it. It ignores the terminal's Ctrl-C (the command's, and the parent's to
    act on) and dies of SIGTERM and SIGHUP. The terminal's signals are held
    over the fork: one in between would run the parent's handler in the child
    too (and reach the command twice).
    """
    held = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        pid = os.fork()
    except BaseException:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        raise
    if pid == 0:
        try:
            keep = _alone(keep)
        except BaseException:  # the child must never go on as the parent
            os._exit(1)
    signal.pthread_sigmask(signal.SIG_SETMASK, held)
    return pid, keep


def _alone(keep: tuple[int, ...]) -> tuple[int, ...]:
    """In a helper just forked: none of the parent's descriptors or signal
    handlers; the descriptors it keeps, moved above the standard streams
    should the parent have started without them."""
    import fcntl

    for signum in (signal.SIGINT, signal.SIGQUIT):
        signal.signal(signum, signal.SIG_IGN)
    for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGWINCH):
        signal.signal(signum, signal.SIG_DFL)
    keep = tuple(fcntl.fcntl(fd, fcntl.F_DUPFD, 3) if fd <= 2 else fd for fd in keep)
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    low = 3
    for fd in sorted(keep):
        os.closerange(low, fd)
        low = fd + 1
    os.closerange(low, os.sysconf("SC_OPEN_MAX"))
    return keep


def write_all(fd: int, data: bytes | memoryview) -> None:
    """Write every byte of ``data`` to ``fd`` (a pipe or a file may take part)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]
