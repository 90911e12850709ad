"""Containers: docker build (the classic builder and BuildKit / buildx), docker compose
(v1's ``docker-compose`` and v2's plugin), docker run / pull / push, podman and buildah,
and kaniko's executor.

A build runs other tools: their own lines, read by their own rows, are the cause, and
the builder's last words only follow from them. The classic builder prints a step's
output as it runs, then ``The command '/bin/sh -c ...' returned a non-zero code: N``;
BuildKit prints ``#N 1.234 ...`` lines for each step (plain progress) or a live view
(``=> ERROR [stage 3/7] RUN ...``), then a summary of the step that failed (`` >
[stage 3/7] RUN ...:``, its last output lines, ``------``), the Dockerfile's lines
around it, and ``ERROR: failed to solve: process "..." did not complete
successfully: exit code: 1`` (compose v2 and buildx before 0.11 print it without
``ERROR: ``). podman and buildah end with ``Error: building at STEP "RUN ...": while
running runtime: exit status 1``, kaniko with ``error building image: error building
stage: failed to execute command: waiting for process to exit: exit status 1``.

Where no command failed, the builder's or the daemon's line is the error itself: a
file the build context lacks (``failed to compute cache key``), an image or platform
the registry does not have (``manifest unknown``, ``no match for platform in
manifest``), the registry refusing (``denied:``, ``toomanyrequests:``), a container
that cannot start (``OCI runtime create failed``), a compose file that does not
validate (``validating compose.yml: services.web Additional property x is not
allowed``).
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader, read_by_a_row
from . import Format, Said, regex, said_in

ORDER = 20  # before the families whose ``error: ...`` rows would take buildx's lines
COMMANDS = {
    **dict.fromkeys(("docker", "docker-compose", "podman", "buildah"), "docker"),
    "executor": "kaniko",  # /kaniko/executor, as the image runs it
    "kaniko": "kaniko",
}
# Executable -> the subcommands that build or test (None: any use; two words: only so).
_COMPOSE = frozenset({"compose up", "compose build", "compose run"})
BUILDS: dict[str, frozenset[str] | None] = {
    "docker": frozenset({"build", "buildx build", "buildx bake"}) | _COMPOSE,
    "docker-compose": frozenset({"up", "build", "run"}),
    "podman": frozenset({"build"}) | _COMPOSE,
    "buildah": frozenset({"build", "bud"}),
    "executor": None,
    "kaniko": None,
}

# What the daemon's, the registry's and the builder's own words say went wrong: the
# classifier's general rules read a registry's refusal or its rate limit as nothing.
_CATEGORIES = (
    ("filesystem", regex(r"no space left on device|failed to compute cache key|\blstat ")),
    (
        "network",
        regex(
            r"(?i)toomanyrequests|too many requests|rate limit|port is already allocated|"
            r"address already in use|stream error|INTERNAL_ERROR|i/o timeout|TLS handshake"
        ),
    ),
    (
        "config",
        regex(
            r"(?i)\bdenied: requested access|\bunauthorized\b|authentication required|"
            r"incorrect username or password|Additional property \S+ is not allowed"
        ),
    ),
)


class BuildkitStep(Reader):
    """BuildKit's summary of the step that failed (`` > [3/3] RUN npm ci:``): the
    step's last lines, each after the seconds since it started (``0.512 npm ERR!
    ...``, from BuildKit 0.11; ``#8 0.512`` lines above it are the same ones), up to
    its ``------``. The error is the first of them a row reads as one, else the last
    that speaks of failure, else the step's last line: BuildKit sums up only the step
    that failed, and what its command printed last is why (``no Go files in /app``).
    A full log read them already, and they count once. With no line at all (a COPY
    step), the summary is no error: the ``failed to solve`` line under it is."""

    frames_wanted = False
    _SECONDS = regex(r"^\s*(?:#\d+ )?\d+\.\d+(?: |$)")
    _END = regex(r"^-{6,}\s*$")
    _TELLING = regex(r"(?i)\b(?:error|failed|fatal|not found|denied|cannot|no such)\b")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said: Format | None = None
        self.told = False
        self.last: str | None = None

    def accept(self, line: str) -> bool:
        if self._END.match(line):
            return False
        text = self._SECONDS.sub("", line, count=1).strip()
        if self.said is None and text:
            self.said = read_by_a_row(self.err, text, lambda row: row.tool == "docker")
            if self.said is None and self._TELLING.search(text):
                self.err.message, self.told = text, True
            elif self.said is None and not self.told:
                self.last = text
        return True

    def finish(self) -> None:
        if self.said is None and not self.told and self.last is not None:
            self.err.message, self.told = self.last, True
        self.valid = self.said is not None or self.told  # else the step's status line says it

    def category(self) -> str | None:
        if self.said is not None and self.said.category and self.said.rank >= 2:
            return self.said.category
        return said_in(_CATEGORIES, self.err.message) or self.said_else("build")


class DockerSaid(Said):
    """The daemon's, the registry's or a builder's one line, its category in its
    words (``_CATEGORIES``)."""

    SAYS = _CATEGORIES


class Kaniko(Reader):
    """kaniko's last line, ``error building image: ...``. Where a RUN command failed
    (``failed to execute command: waiting for process to exit: exit status 1``) it
    follows from that command's output above it; else (a layer it could not fetch,
    a file it could not stat) it is the error."""

    frames_wanted = False
    _RAN = regex(r"waiting for process to exit: exit status \d+\s*$")

    def accept(self, line: str) -> bool:
        return False

    def finish(self) -> None:
        self.consequence = self._RAN.search(self.err.message) is not None

    def category(self) -> str | None:
        return said_in(_CATEGORIES, self.err.message) or self.said_else("build")


READERS = {"buildkit-step": BuildkitStep, "docker-said": DockerSaid, "kaniko": Kaniko}

ROWS = (
    Format(  # BuildKit's summary of the step that failed, its output's last lines under it
        # (the step after its stage's name, compose's service's before it: "[web build
        # 3/7]"; its number padded: "[ 3/12]")
        "buildkit-step",
        r"^ > \[(?:[\w./-]+ +){0,2} *\d+/\d+\] (?P<msg>\S.*):\s*$",
        tool="docker",
        block="buildkit-step",
        role="consequence",  # of the step's lines above it, where the log has them
        rank=2,
        words=("] RUN ",),
        examples=(
            " > [3/3] RUN npm ci:",
            " > [build 4/6] RUN cargo build --release:",
            " > [api builder  5/7] RUN go build -o /app .:",
            " > [ 3/12] RUN make:",
        ),
    ),
    Format(  # the step whose command failed, its output above: compose v2 and buildx
        # before 0.11 print it without "ERROR: ", bake after the target's name, plain
        # progress first under the step's number ("#12 ERROR: process ..."). Where
        # nothing above says why, it says what failed (rank 2, as the step's summary).
        "docker-step-failed",
        r"^(?:(?:ERROR: |error: )?(?:target [\w.-]+: )?failed to solve: process .* did not "
        r"complete successfully|#\d+ ERROR: process .* did not complete successfully|"
        r"The command '.*' returned a non-zero code: \d+)",
        tool="docker",
        role="consequence",
        rank=2,
        examples=(
            "The command '/bin/sh -c make' returned a non-zero code: 2",
            'failed to solve: process "/bin/sh -c make" did not complete successfully: exit '
            "code: 2",
            '#9 ERROR: process "/bin/sh -c make" did not complete successfully: exit code: 2',
        ),
    ),
    Format(  # what the build's caller says of it (docker/build-push-action says the
        # build's last line again: "Error: buildx failed with: ERROR: failed to solve: ...")
        "docker-consequence",
        r"^(?:ERROR: (?:Service '\S+' failed to build|Encountered errors while bringing up the "
        r"project\.)|Error: buildx (?:call )?failed with: )",
        tool="docker",
        role="consequence",
        rank=0,
        examples=(
            "ERROR: Encountered errors while bringing up the project.",
            'Error: buildx failed with: ERROR: failed to solve: process "/bin/sh -c make" did '
            "not complete successfully: exit code: 2",
        ),
    ),
    Format(  # podman's and buildah's: the RUN step's command failed, its output above
        "podman-step",
        r'^(?:Error: |ERRO\[\d+\] )?(?:error )?building at STEP "[^"]*": (?:error )?while '
        r"running runtime: exit status \d+\s*$",
        tool="docker",
        role="consequence",
        rank=0,
        examples=(
            'Error: building at STEP "RUN make": while running runtime: exit status 2',
            'Error: error building at STEP "RUN make": error while running runtime: exit status 2',
        ),
    ),
    Format(  # docker-compose (v1) on a service it could not start: the container's, then
        # the service's name, two spaces, the daemon's words
        "compose-service",
        r"^ERROR: for [\w.-]+ {1,2}(?P<msg>\S.+)$",
        tool="docker",
        block="docker-said",
        rank=2,
        examples=(
            "ERROR: for db  Cannot start service db: driver failed programming external "
            "connectivity on endpoint app_db_1 (3f2a): Bind for 0.0.0.0:5432 failed: port is "
            "already allocated",
            "ERROR: for web  oci runtime error: no such file or directory",
        ),
    ),
    Format(  # (the docker CLI names itself first, as a Windows path too: "C:\Program
        # Files\Docker\docker.exe: Error response from daemon: ...")
        "docker-daemon",
        r"^(?:ERROR: |Error: |error: )?(?:[A-Z]:\\[^:]*\\)?(?P<msg>(?:Cannot connect to the "
        r"Docker daemon|Error response from daemon:|docker(?:\.exe)?: Error response from "
        r"daemon:|(?:target [\w.-]+: )?failed to solve(?: with frontend \S+)?:|"
        r"failed to register layer:|error pulling image configuration:|"
        r"pull access denied for ).+)$",
        tool="docker",
        block="docker-said",
        rank=2,
        examples=(
            "Cannot connect to the Docker daemon at unix:///var/run/docker.sock.",
            "pull access denied for acme/app, repository does not exist",
            'failed to solve: failed to compute cache key: "/app/dist": not found',
            "C:\\Program Files\\Docker\\docker.exe: Error response from daemon: manifest for "
            "acme/app:1.0 not found: manifest unknown: manifest unknown.",
            "failed to register layer: write /usr/lib/libx.so: no space left on device",
        ),
    ),
    Format(  # a registry's error, as docker push prints it: its code (the distribution
        # API's DENIED, UNAUTHORIZED, ...), then its message
        "registry-error",
        r"^(?:denied|unauthorized|toomanyrequests|(?:manifest|name|blob) unknown|"
        r"(?:name|tag|manifest) invalid): \S.*$",
        tool="docker",
        block="docker-said",
        rank=2,
        words=("denied: ", "unauthorized: ", "toomanyrequests: ", " unknown: ", " invalid: "),
        examples=(
            "denied: requested access to the resource is denied",
            "unauthorized: authentication required",
        ),
    ),
    Format(  # docker compose (v2) on a compose file its schema refuses
        "compose-invalid",
        r"^(?:error: )?validating (?P<file>(?:[A-Za-z]:)?[^\s:]+\.ya?ml): (?P<msg>.+)$",
        tool="docker",
        category="config",
        rank=2,
        words=("validating ",),
        examples=(
            "validating /home/user/app/compose.yaml: services.web Additional property "
            "develop is not allowed",
        ),
    ),
    Format(  # BuildKit before 0.11: the failed step's command and status, after its
        # output. It follows from an error read in that output; else it says what failed.
        "docker-executor",
        r"^(?:ERROR: |Error: )?(?P<msg>executor failed running \[.+\]: exit code: \d+)\s*$",
        tool="docker",
        role="consequence",
        rank=2,
        examples=("executor failed running [/bin/sh -c npm ci]: exit code: 1",),
    ),
    Format(  # kaniko's last line (where it follows from a command, ``Kaniko`` says)
        "kaniko",
        r"^error building image: (?P<msg>.+)$",
        tool="kaniko",
        block="kaniko",
        rank=2,
        examples=(
            "error building image: error building stage: failed to execute command: waiting "
            "for process to exit: exit status 1",
        ),
    ),
    Format(  # ... after a CI runner's prefix: Cloud Build's "Step #0: "
        "kaniko-after-prefix",
        r"^.*?: error building image: (?P<msg>.+)$",
        seek=": error building image: ",
        tool="kaniko",
        block="kaniko",
        rank=2,
        examples=(
            'Step #1 - "image": error building image: error building stage: failed to get '
            "filesystem from image: stream error: stream ID 5; INTERNAL_ERROR",
        ),
    ),
)
