"""Containers: docker build (BuildKit), docker compose, the daemon and a registry,
podman and kaniko.

No container engine runs here (no daemon, no user namespaces): the lines are
written in the shapes the tools print, as their documentation and source show
them (BuildKit's step summary and ``failed to solve`` line, compose-go's
``validating F: ...``, the distribution API's error codes as ``docker push``
prints them, buildah's ``building at STEP``, kaniko's ``error building image``),
with neutral names.
"""

from __future__ import annotations

from test_detect import scan


def test_a_compose_services_step_summary_gives_the_commands_last_line() -> None:
    report = scan(
        """
         => ERROR [web builder 4/6] RUN go build -o /srv/app .                0.4s
        ------
         > [web builder 4/6] RUN go build -o /srv/app .:
        0.391 no Go files in /src
        ------
        failed to solve: process "/bin/sh -c go build -o /srv/app ." did not complete successfully: exit code: 1
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.message, err.tool, err.span) == ("no Go files in /src", "docker", (3, 4))
    assert err.related == [(6, 6)]  # the build's last line follows from it


def test_a_padded_step_number_is_still_the_steps_summary() -> None:
    report = scan(
        """
        ------
         > [ 3/12] RUN ./configure:
        0.204 configure: error: C compiler cannot create executables
        ------
        """
    )
    (err,) = report.errors
    assert err.message == "C compiler cannot create executables"  # autoconf's row read it
    assert err.span == (2, 3)


def test_failed_to_solve_without_its_error_word_is_the_error_of_a_copy_step() -> None:
    report = scan(
        """
         > [builder 3/6] COPY package.json ./:
        ------
        failed to solve: failed to compute cache key: failed to calculate checksum of ref ab12::cd34: "/package.json": not found
        """  # noqa: E501
    )
    (err,) = report.errors
    assert err.message.startswith("failed to solve: failed to compute cache key:")
    assert (err.tool, err.category, err.span) == ("docker", "filesystem", (3, 3))


def test_buildx_lowercase_failed_to_solve_is_dockers_consequence_not_an_error_of_its_own() -> None:
    report = scan(
        """
        #7 2.113 E: Unable to locate package libfoo-dev
        error: failed to solve: process "/bin/sh -c apt-get install -y libfoo-dev" did not complete successfully: exit code: 100
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.message) == ("apt", "Unable to locate package libfoo-dev")
    assert err.related == [(2, 2)]


def test_a_registry_refusing_a_push_is_the_error_and_a_config_one() -> None:
    report = scan(
        """
        The push refers to repository [docker.io/example/app]
        5f70bf18a086: Preparing
        denied: requested access to the resource is denied
        """
    )
    (err,) = report.errors
    assert err.message == "denied: requested access to the resource is denied"
    assert (err.tool, err.category, err.span) == ("docker", "config", (3, 3))


def test_the_daemons_rate_limit_is_a_network_error() -> None:
    report = scan(
        "Error response from daemon: toomanyrequests: You have reached your pull rate limit.\n"
    )
    (err,) = report.errors
    assert (err.tool, err.category) == ("docker", "network")


def test_the_windows_docker_cli_naming_itself_by_its_path_is_read() -> None:
    report = scan(
        r"""
        Unable to find image 'example/app:2.0' locally
        C:\Program Files\Docker\docker.exe: Error response from daemon: manifest for example/app:2.0 not found: manifest unknown: manifest unknown.
        See 'C:\Program Files\Docker\docker.exe run --help'.
        """  # noqa: E501
    )
    (err,) = report.errors
    assert err.message.startswith("docker.exe: Error response from daemon: manifest for")
    assert (err.tool, err.category, err.span) == ("docker", "dependency", (2, 2))


def test_a_layer_the_full_disk_cannot_take_is_a_filesystem_error() -> None:
    report = scan(
        """
        3f9a1c2b7d10: Extracting [==================================================>]  172.6MB/172.6MB
        failed to register layer: Error processing tar file(exit status 1): write /usr/lib/libx.so: no space left on device
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.category, err.span) == ("docker", "filesystem", (2, 2))


def test_compose_v2_refusing_its_file_names_the_file() -> None:
    report = scan(
        "validating /home/user/app/compose.yaml: services.web Additional property develop"
        " is not allowed\n"
    )
    (err,) = report.errors
    assert err.message == "services.web Additional property develop is not allowed"
    assert (err.file, err.tool, err.category) == ("/home/user/app/compose.yaml", "docker", "config")


def test_compose_v1_on_a_service_it_cannot_start_gives_the_daemons_words() -> None:
    report = scan(
        """
        Creating app_web_1
        ERROR: for web  oci runtime error: no such file or directory
        ERROR: Encountered errors while bringing up the project.
        """
    )
    (err,) = report.errors
    assert (err.message, err.tool) == ("oci runtime error: no such file or directory", "docker")


def test_podmans_step_line_follows_from_the_commands_own_error() -> None:
    report = scan(
        """
        STEP 2/3: RUN apt-get install -y libfoo-dev
        E: Unable to locate package libfoo-dev
        Error: building at STEP "RUN apt-get install -y libfoo-dev": while running runtime: exit status 100
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.message) == ("apt", "Unable to locate package libfoo-dev")
    assert err.related == [(3, 3)]


def test_kaniko_after_cloud_builds_step_prefix_is_its_own_error() -> None:
    report = scan(
        """
        Step #0: INFO[0040] Found cached layer, extracting to filesystem
        Step #0: error building image: error building stage: failed to get filesystem from image: stream error: stream ID 5; INTERNAL_ERROR
        Finished Step #0
        """  # noqa: E501
    )
    (err,) = report.errors
    assert err.message.startswith("error building stage: failed to get filesystem from image")
    assert (err.tool, err.category, err.span) == ("kaniko", "network", (2, 2))


def test_kanikos_line_after_a_run_command_that_failed_follows_from_its_output() -> None:
    report = scan(
        """
        INFO[0012] RUN apt-get install -y libfoo-dev
        E: Unable to locate package libfoo-dev
        error building image: error building stage: failed to execute command: waiting for process to exit: exit status 100
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.message) == ("apt", "Unable to locate package libfoo-dev")
    assert err.related == [(3, 3)]
