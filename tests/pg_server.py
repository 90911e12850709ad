"""A throwaway PostgreSQL server for the history tests, in a temporary folder.

``PgServer.start()`` runs Debian's ``initdb`` and ``pg_ctl`` (found on PATH or
under ``/usr/lib/postgresql/*/bin``) on a free loopback port. initdb refuses
to run as root, so as root the server runs as the ``postgres`` user (Debian's
package makes it), else ``nobody``. Its superuser ``postgres`` logs in over
the socket without a password (the fixture's own set-up) and over TCP with
one; errlearn connects as ``errlearn``, an ordinary role that owns a fresh
database per test. ``missing()`` says why no server can be started.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
import uuid

SUPER_PASSWORD = "super-secret-pw"
ROLE = "errlearn"
ROLE_PASSWORD = "errlearn-pw-1234"


def _bin_dir() -> str | None:
    if found := shutil.which("pg_ctl"):
        return os.path.dirname(found)
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if os.path.isfile(os.path.join(folder, "initdb")):
            return folder
    return None


def _user() -> str | None:
    """Who runs the server: ourselves, or (as root) an unprivileged user."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return name
    return None


def missing() -> str | None:
    """Why no server can be started here, or None when one can."""
    if _bin_dir() is None:
        return "no PostgreSQL server binaries (initdb, pg_ctl): apt-get install postgresql"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed: pip install 'errlearn[postgres]'"
    if os.geteuid() == 0 and _user() is None:
        return "running as root with no unprivileged user to run the server as"
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class PgServer:
    """One server: ``url(db)`` for errlearn's role, ``admin(sql)`` as the superuser."""

    def __init__(self) -> None:
        self.bin = _bin_dir() or ""
        self.user = _user()
        self.folder = tempfile.mkdtemp(prefix="errlearn-pg-")
        self.data = os.path.join(self.folder, "data")
        self.port = free_port()
        self.running = False

    def _run(self, *argv: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        cmd = list(argv)
        if self.user is not None:
            cmd = ["runuser", "-u", self.user, "--", *cmd]
        return subprocess.run(
            cmd, capture_output=True, text=True, check=check, timeout=120, cwd=self.folder
        )

    def start(self) -> PgServer:
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        pwfile = os.path.join(self.folder, "pw")
        with open(pwfile, "w", encoding="utf-8") as f:
            f.write(SUPER_PASSWORD + "\n")
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            os.chown(pwfile, entry.pw_uid, entry.pw_gid)
        self._run(
            f"{self.bin}/initdb",
            "-D",
            self.data,
            "-U",
            "postgres",
            f"--pwfile={pwfile}",
            "--auth-local=trust",
            "--auth-host=scram-sha-256",
            "-E",
            "UTF8",
            "--no-sync",
        )
        self.resume()
        self.admin(f"CREATE ROLE {ROLE} LOGIN PASSWORD '{ROLE_PASSWORD}'")
        return self

    def resume(self) -> None:
        """Start (again) the server on its port."""
        opts = (
            f"-c listen_addresses=127.0.0.1 -c port={self.port}"
            f" -c unix_socket_directories={self.folder} -c fsync=off"
            " -c synchronous_commit=off -c full_page_writes=off -c max_connections=150"
        )
        self._run(
            f"{self.bin}/pg_ctl",
            "-D",
            self.data,
            "-o",
            opts,
            "-l",
            os.path.join(self.folder, "log"),
            "-w",
            "start",
        )
        self.running = True

    def stop(self) -> None:
        if self.running:
            self._run(f"{self.bin}/pg_ctl", "-D", self.data, "-m", "immediate", "stop", check=False)
            self.running = False

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)

    def admin(self, sql: str, db: str = "postgres") -> str:
        """Run ``sql`` as the superuser over the socket; its output."""
        done = self._run(
            "psql",
            "-X",
            "-q",
            "-At",
            "-v",
            "ON_ERROR_STOP=1",
            "-h",
            self.folder,
            "-p",
            str(self.port),
            "-U",
            "postgres",
            "-d",
            db,
            "-c",
            sql,
        )
        return done.stdout

    def url(
        self, db: str, *, user: str = ROLE, password: str = ROLE_PASSWORD, port: int | None = None
    ) -> str:
        return f"postgresql://{user}:{password}@127.0.0.1:{port or self.port}/{db}"

    def database(self, owner: str = ROLE) -> str:
        """A fresh database owned by ``owner``; its name."""
        name = "t_" + uuid.uuid4().hex[:12]
        self.admin(f"CREATE DATABASE {name} OWNER {owner}")
        # PostgreSQL 15 lets only the owner create in public; errlearn's role owns the database.
        self.admin(f"ALTER SCHEMA public OWNER TO {owner}", db=name)
        return name


def wait_port(port: int, timeout: float = 10.0) -> None:
    """Until something listens on ``port``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
