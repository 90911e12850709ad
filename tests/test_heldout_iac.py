"""Infrastructure as code as users meet it: Terraform without its box, Helm's
bare errors and its debug lines, kubectl's refusals, Ansible's YAML results and
older wordings, ansible-lint's older rule names, Nix's evaluation traces, and
the config linters (hadolint, jsonlint) with super-linter around them.

The Ansible (ansible-core 2.19) and jsonlint (npm's) outputs are those tools'
own, run on small cases here (paths renamed); the others are written in the
tools' documented shapes with neutral names.
"""

from __future__ import annotations

from test_detect import scan

# -- Terraform ------------------------------------------------------------------------


def test_a_plain_terraform_error_with_its_place_right_under_it_is_placed_there() -> None:
    report = scan(
        """
        Error: Missing required argument
          on main.tf line 6, in module "app":
           6: module "app" {
        The argument "region" is required, but no definition was found.
        """,
        "terraform",
    )
    (err,) = report.errors
    assert (err.tool, err.file, err.line, err.category) == ("terraform", "main.tf", 6, "config")
    assert err.message.endswith('The argument "region" is required, but no definition was found.')


def test_a_summary_only_terraform_writes_is_terraforms_without_the_command() -> None:
    report = scan(
        """
        Initializing provider plugins...
        - Finding hashicorp/aws versions matching "5.1.0"...

        Error: Failed to query available provider packages

        Could not retrieve the list of available versions for provider hashicorp/aws:
        could not connect to registry.terraform.io: failed to request discovery
        document: dial tcp: lookup registry.terraform.io: no such host
        """
    )
    (err,) = report.errors
    assert (err.tool, err.category) == ("terraform", "network")
    assert err.message.startswith("Failed to query available provider packages: Could not")


# -- Helm -------------------------------------------------------------------------------


def test_helms_debug_lines_are_no_errors_and_a_yaml_error_is_placed_in_its_template() -> None:
    report = scan(
        """
        install.go:200: [debug] Original chart version: ""
        Error: UPGRADE FAILED: YAML parse error on app/templates/deployment.yaml: error converting YAML to JSON: yaml: line 31: did not find expected key
        helm.go:84: [debug] error converting YAML to JSON: yaml: line 31: did not find expected key
        YAML parse error on app/templates/deployment.yaml
        helm.sh/helm/v3/pkg/releaseutil.(*manifestFile).sort
        \thelm.sh/helm/v3/pkg/releaseutil/manifest_sorter.go:146
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.file, err.line) == ("helm", "app/templates/deployment.yaml", 31)
    assert err.category == "syntax"


def test_a_template_that_fails_on_purpose_is_placed_at_its_line_and_column() -> None:
    report = scan(
        """
        Error: execution error at (app/templates/secret.yaml:3:6): a password is required

        Use --debug flag to render out invalid YAML
        """
    )
    (err,) = report.errors
    assert (err.tool, err.file, err.line, err.column) == ("helm", "app/templates/secret.yaml", 3, 6)
    assert err.category == "config"


def test_a_lint_parse_error_is_placed_in_the_template_it_names_not_the_folder() -> None:
    report = scan(
        """
        ==> Linting ./app
        [INFO] Chart.yaml: icon is recommended
        [ERROR] templates/: parse error at (app/templates/_helpers.tpl:12): unexpected EOF

        Error: 1 chart(s) linted, 1 chart(s) failed
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.category) == ("app/templates/_helpers.tpl", 12, "syntax")


def test_helm_before_3_7_says_a_manifest_it_cannot_build_without_installation_failed() -> None:
    report = scan(
        """
        Error: unable to build kubernetes objects from release manifest: unable to recognize "": no matches for kind "Ingress" in version "extensions/v1beta1"
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.category) == ("helm", "config")


# -- kubectl ----------------------------------------------------------------------------


def test_kubectls_schema_check_names_the_manifest_and_standard_input_is_no_file() -> None:
    report = scan(
        """
        error: error validating "deploy/web.yaml": error validating data: ValidationError(Deployment.spec): unknown field "replica" in io.k8s.api.apps.v1.DeploymentSpec; if you choose to ignore these errors, turn validation off with --validate=false
        error: error validating "STDIN": error validating data: [apiVersion not set, kind not set]; if you choose to ignore these errors, turn validation off with --validate=false
        """  # noqa: E501
    )
    first, second = report.errors
    assert (first.tool, first.file, first.category) == ("kubectl", "deploy/web.yaml", "config")
    assert first.message.startswith("error validating data: ValidationError(Deployment.spec): unk")
    assert (second.tool, second.file) == ("kubectl", None)


def test_an_object_the_server_says_invalid_takes_its_first_field_as_the_message() -> None:
    report = scan(
        """
        The Service "web" is invalid:

        * spec.ports[0].name: Required value
        * spec.ports[1].name: Required value
        """
    )
    (err,) = report.errors
    assert (err.tool, err.category) == ("kubectl", "config")
    assert err.message == 'The Service "web" is invalid: spec.ports[0].name: Required value'


def test_a_refusal_from_the_server_names_its_file_and_its_reason_says_the_category() -> None:
    report = scan(
        """
        Error from server (NotFound): error when creating "deploy/web.yaml": namespaces "shop" not found
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.file, err.code, err.category) == (
        "kubectl",
        "deploy/web.yaml",
        "NotFound",
        "reference",
    )
    assert err.message == 'namespaces "shop" not found'


# -- Ansible ----------------------------------------------------------------------------


def test_a_result_written_as_yaml_gives_the_commands_error_and_ends_the_block() -> None:
    report = scan(
        """
        TASK [Check the config file] ***************************************************
        [ERROR]: Task failed: Module failed: non-zero return code
        Origin: /home/user/site/site.yml:5:7

        3   gather_facts: false
        4   tasks:
        5     - name: Check the config file
                ^ column 7

        fatal: [localhost]: FAILED! => 
            changed: true
            cmd:
            - cat
            - /home/user/app/config.ini
            delta: '0:00:00.011504'
            end: '2026-11-28 09:00:14.558071'
            msg: non-zero return code
            rc: 1
            start: '2026-11-28 09:00:14.546567'
            stderr: 'cat: /home/user/app/config.ini: No such file or directory'
            stderr_lines: <omitted>
            stdout: ''
            stdout_lines: <omitted>

        PLAY RECAP *********************************************************************
        """  # noqa: W291
    )
    (err,) = report.errors
    assert err.message == (
        "Check the config file (localhost): Task failed: Module failed: non-zero return code:"
        " cat: /home/user/app/config.ini: No such file or directory"
    )
    assert (err.file, err.line, err.span) == ("/home/user/site/site.yml", 5, (2, 23))


def test_a_yaml_result_before_2_19_is_its_msg_placed_where_the_msg_says() -> None:
    report = scan(
        """
        TASK [Check the port] **********************************************************
        fatal: [web1]: FAILED! =>
          msg: |-
            The conditional check 'app_port > 80' failed. The error was: error while evaluating conditional (app_port > 80): 'app_port' is undefined

            The error appears to be in '/home/user/site/tasks/main.yml': line 4, column 3, but may
            be elsewhere in the file depending on the exact syntax problem.
        """  # noqa: E501
    )
    (err,) = report.errors
    assert err.message.startswith("Check the port (web1): The conditional check 'app_port > 80'")
    assert (err.file, err.line, err.column) == ("/home/user/site/tasks/main.yml", 4, 3)
    assert err.category != "assertion"


def test_the_older_wording_of_the_place_in_words_places_the_error() -> None:
    report = scan(
        """
        ERROR! the role 'web' was not found in /home/user/site/roles:/etc/ansible/roles

        The error appears to have been in '/home/user/site/site.yml': line 4, column 7, but may
        be elsewhere in the file depending on the exact syntax problem.

        The offending line appears to be:

          roles:
            - web
              ^ here
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.column) == ("/home/user/site/site.yml", 4, 7)


def test_a_blank_playbook_line_quoted_under_the_origin_keeps_the_result_in_the_error() -> None:
    report = scan(
        """
        TASK [Check the config file] ***************************************************
        [ERROR]: Task failed: Module failed: non-zero return code
        Origin: /home/user/site/blank.yml:6:7

        4   tasks:
        5
        6     - name: Check the config file
                ^ column 7

        fatal: [localhost]: FAILED! => {"changed": true, "cmd": ["cat", "/home/user/app/config.ini"], "delta": "0:00:00.014548", "end": "2026-11-28 09:01:34.754060", "msg": "non-zero return code", "rc": 1, "start": "2026-11-28 09:01:34.739512", "stderr": "cat: /home/user/app/config.ini: No such file or directory", "stderr_lines": ["cat: /home/user/app/config.ini: No such file or directory"], "stdout": "", "stdout_lines": []}
        """  # noqa: E501
    )
    (err,) = report.errors
    assert err.message.endswith(
        "(localhost): Task failed: Module failed: non-zero return code:"
        " cat: /home/user/app/config.ini: No such file or directory"
    )


def test_facts_that_failed_say_why_the_module_failed() -> None:
    report = scan(
        """
        TASK [Gathering Facts] *********************************************************
        fatal: [web1]: FAILED! => {"ansible_facts": {}, "changed": false, "failed_modules": {"ansible.legacy.setup": {"failed": true, "module_stderr": "sudo: a password is required\\n", "module_stdout": "", "msg": "MODULE FAILURE", "rc": 1}}, "msg": "The following modules failed to execute: ansible.legacy.setup\\n"}
        """  # noqa: E501
    )
    (err,) = report.errors
    assert err.message.endswith("ansible.legacy.setup: sudo: a password is required")


def test_curls_progress_is_no_reason_and_the_command_that_failed_is_named() -> None:
    report = scan(
        """
        TASK [Fetch the installer] *****************************************************
        fatal: [web1]: FAILED! => {"changed": true, "cmd": "/home/user/install.sh", "msg": "non-zero return code", "rc": 22, "stderr": "  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current\\n                                 Dload  Upload   Total   Spent    Left  Speed\\n\\r  0     0    0     0    0     0      0      0 --:--:-- --:--:-- --:--:--     0", "stdout": ""}
        """  # noqa: E501
    )
    (err,) = report.errors
    assert err.message == "Fetch the installer (web1): non-zero return code: /home/user/install.sh"


def test_a_task_whose_words_say_expected_and_got_is_no_assertion() -> None:
    report = scan(
        """
        TASK [Ping the host] ***********************************************************
        [ERROR]: Task failed: not enough values to unpack (expected 4, got 2)
        Origin: /home/user/site/site.yml:8:7

        8     - name: Ping the host
                ^ column 7

        fatal: [web1]: FAILED! => {"changed": false, "msg": "Task failed: not enough values to unpack (expected 4, got 2)"}
        """  # noqa: E501
    )
    (err,) = report.errors
    assert err.category == "runtime"


def test_ansible_lint_6_lists_its_older_rule_names_and_the_yaml_rule_by_its_sub_rule() -> None:
    report = scan(
        """
        roles/web/tasks/main.yml:7: fqcn-builtins: Use FQCN for builtin actions.
        roles/web/tasks/main.yml:12: yaml: truthy value should be one of [false, true] (yaml[truthy])
        """  # noqa: E501
    )
    first, second = report.errors
    assert (first.code, first.line) == ("fqcn-builtins", 7)
    assert (second.code, second.line, second.message) == (
        "yaml[truthy]",
        12,
        "truthy value should be one of [false, true]",
    )


# -- Nix --------------------------------------------------------------------------------


def test_an_evaluation_trace_is_one_error_placed_at_its_innermost_frame() -> None:
    report = scan(
        """
        error:
               … while checking flake output 'packages'
                 at /home/user/app/flake.nix:20:5:
                   19|   {
                   20|     packages = forAll (system: {
                     |     ^

               … while checking the derivation 'packages.x86_64-linux.tools'
                 at /home/user/app/flake.nix:23:9:
                   22|         default = app;
                   23|         tools = { inherit app; };
                     |         ^

               error: flake attribute 'packages.x86_64-linux.tools' is not a derivation
        """
    )
    (err,) = report.errors
    assert err.message == "flake attribute 'packages.x86_64-linux.tools' is not a derivation"
    assert (err.tool, err.file, err.line, err.column) == ("nix", "/home/user/app/flake.nix", 23, 9)


def test_a_trace_whose_error_has_its_own_place_is_placed_there() -> None:
    report = scan(
        """
        error:
               … while evaluating the attribute 'value'
                 at /nix/store/0aaa-source/lib/modules.nix:809:9:
                  808|     in warnDeprecation opt //
                  809|       { value = addErrorContext "while evaluating" value;
                     |         ^

               (stack trace truncated; use '--show-trace' to show the full trace)

               error: expected a set but found a list: [ "git" ]

               at /home/user/app/configuration.nix:12:5:

                   11|   environment.systemPackages = [
                   12|     pkgs.git
                     |     ^
        """
    )
    (err,) = report.errors
    assert err.message == 'expected a set but found a list: [ "git" ]'
    assert (err.file, err.line, err.column) == ("/home/user/app/configuration.nix", 12, 5)


def test_old_nixs_lines_about_dependencies_follow_from_the_builder_that_failed() -> None:
    report = scan(
        """
        builder for '/nix/store/0aaa-app-1.0.drv' failed with exit code 2
        cannot build derivation '/nix/store/1bbb-system.drv': 1 dependencies couldn't be built
        error: build of '/nix/store/1bbb-system.drv' failed
        """
    )
    (err,) = report.errors
    assert err.message == "builder for '/nix/store/0aaa-app-1.0.drv' failed with exit code 2"


# -- config linters ---------------------------------------------------------------------


def test_hadolint_before_2_lists_its_codes_without_a_severity() -> None:
    report = scan(
        """
        Dockerfile:4 DL3003 Use WORKDIR to switch to a directory
        Dockerfile:4 DL3009 Delete the apt-get lists after installing something
        """
    )
    assert [(e.tool, e.file, e.line, e.code) for e in report.errors] == [
        ("hadolint", "Dockerfile", 4, "DL3003"),
        ("hadolint", "Dockerfile", 4, "DL3009"),
    ]


def test_hadolint_reading_standard_input_names_no_file() -> None:
    report = scan("-:4 DL3025 error: Use arguments JSON notation for CMD and ENTRYPOINT\n")
    (err,) = report.errors
    assert (err.tool, err.file, err.line, err.code) == ("hadolint", None, 4, "DL3025")


def test_jsonlints_parse_error_says_what_it_expected_and_its_stack_is_no_error() -> None:
    report = scan(
        """
        Error: Parse error on line 3:
        ...": "app",  "port": ,}
        ----------------------^
        Expecting 'STRING', 'NUMBER', 'NULL', 'TRUE', 'FALSE', '{', '[', got ','
            at Object.parseError (/home/user/app/node_modules/jsonlint/lib/jsonlint.js:55:11)
            at Object.parse (/home/user/app/node_modules/jsonlint/lib/jsonlint.js:132:22)
        """,
        "jsonlint",
    )
    (err,) = report.errors
    assert (err.tool, err.line, err.category) == ("jsonlint", 3, "syntax")
    assert err.message == (
        "Parse error on line 3: Expecting 'STRING', 'NUMBER', 'NULL', 'TRUE', 'FALSE', '{', '[',"
        " got ','"
    )


def test_jsonlints_compact_line_names_the_file_line_and_column() -> None:
    report = scan(
        "bad.json: line 3, col 9, found: ',' - expected: 'STRING', 'NUMBER', 'NULL', 'TRUE',"
        " 'FALSE', '{', '['.\n"
    )
    (err,) = report.errors
    assert (err.tool, err.file, err.line, err.column) == ("jsonlint", "bad.json", 3, 9)


def test_super_linters_headings_are_no_errors_above_the_linters_own() -> None:
    report = scan(
        """
        2024-05-02 10:11:12 [INFO]   File:[/github/workspace/.github/workflows/ci.yml]
        2024-05-02 10:11:12 [ERROR]   Found errors in [actionlint] linter!
        2024-05-02 10:11:12 [ERROR]   Error code: 1. Command output:
        ------
        .github/workflows/ci.yml:9:7: property "node" is not defined in object type {} [expression]
        """
    )
    (err,) = report.errors
    assert (err.tool, err.file, err.line) == ("actionlint", ".github/workflows/ci.yml", 9)
