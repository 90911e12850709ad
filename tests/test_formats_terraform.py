"""Terraform (and OpenTofu): each diagnostic of its box at its place, the words
that say what is wrong ending its message."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect.hints import tool_from_command

# `terraform plan` as HashiCorp's docs and CI logs show it (1.x, -no-color).
PLAN = """
Terraform has been successfully initialized!
╷
│ Warning: Argument is deprecated
│
│   with aws_s3_bucket.logs,
│   on main.tf line 10, in resource "aws_s3_bucket" "logs":
│   10:   acl = "private"
│
│ Use the aws_s3_bucket_acl resource instead
╵
╷
│ Error: Unsupported argument
│
│   on main.tf line 12, in resource "aws_s3_bucket" "logs":
│   12:   acl_policy = "private"
│
│ An argument named "acl_policy" is not expected here.
╵
╷
│ Error: Reference to undeclared resource
│
│   on outputs.tf line 3, in output "bucket_arn":
│    3:   value = aws_s3_bucket.log.arn
│
│ A managed resource "aws_s3_bucket" "log" has not been declared in the root
│ module.
╵
"""

NO_PLACE = """
╷
│ Error: No valid credential sources found
│
│   with provider["registry.terraform.io/hashicorp/aws"],
│   on providers.tf line 1, in provider "aws":
│    1: provider "aws" {
│
│ Please see https://registry.terraform.io/providers/hashicorp/aws
│ for more information about providing credentials.
│
│ Error: failed to refresh cached credentials, no EC2 IMDS role found
╵
"""


def test_each_error_is_at_its_place_its_words_ending_its_message() -> None:
    report = scan(PLAN)
    found = [(e.file, e.line, e.category, e.message) for e in report.errors]
    assert found == [
        (
            "main.tf",
            12,
            "config",
            'Unsupported argument: An argument named "acl_policy" is not expected here.',
        ),
        (
            "outputs.tf",
            3,
            "reference",
            'Reference to undeclared resource: A managed resource "aws_s3_bucket" "log" '
            "has not been declared in the root module.",
        ),
    ]
    assert [w.message for w in report.warnings] == [
        "Argument is deprecated: Use the aws_s3_bucket_acl resource instead"
    ]


def test_the_first_paragraph_after_the_place_is_the_one_kept() -> None:
    [err] = scan(NO_PLACE).errors
    assert (err.file, err.line) == ("providers.tf", 1)
    assert err.message == (
        "No valid credential sources found: Please see "
        "https://registry.terraform.io/providers/hashicorp/aws "
        "for more information about providing credentials."
    )


def test_terraform_and_opentofu_are_known_by_their_commands() -> None:
    assert tool_from_command("terraform plan -no-color") == "terraform"
    assert tool_from_command("tofu apply") == "terraform"


def test_tflint_s_issues_are_at_their_place_by_their_rule_a_warning_one_too() -> None:
    report = scan(
        """
        2 issue(s) found:

        Warning: Missing version constraint for provider "aws" in `required_providers` (terraform_required_providers)

          on main.tf line 1:
           1: provider "aws" {

        Error: "t1.2xlarge" is an invalid value as instance_type (aws_instance_invalid_type)

          on main.tf line 5:
           5:   instance_type = "t1.2xlarge"
        """  # noqa: E501
    )
    assert [(e.tool, e.file, e.line, e.code) for e in report.errors] == [
        ("tflint", "main.tf", 5, "aws_instance_invalid_type")
    ]
    assert [(w.file, w.line, w.code) for w in report.warnings] == [
        ("main.tf", 1, "terraform_required_providers")
    ]


# terraform validate -no-color, 1.11 (real output): no box.
NO_COLOR = """
Error: Not enough function arguments

  on modules/net/main.tf line 6, in output "first":
   6:   value = cidrsubnet(var.cidr, 8)
    ├────────────────
    │ while calling cidrsubnet(prefix, newbits, netnum)
    │ var.cidr is a string

Function "cidrsubnet" expects 3 argument(s). Missing value for "netnum".

Error: Unclosed configuration block

  on main.tf line 1, in variable "name":
   1: variable "name" {

There is no closing brace for this block before the end of the file. This
may be caused by incorrect brace nesting elsewhere in this file.
"""

# terraform init where the registry cannot be reached (real output, colours removed).
INIT_OFFLINE = """
Initializing provider plugins...
- Finding latest version of hashicorp/null...
╷
│ Error: Failed to query available provider packages
│
│ Could not retrieve the list of available versions for provider
│ hashicorp/null: could not connect to registry.terraform.io: failed to
│ request discovery document: Get
│ "https://registry.terraform.io/.well-known/terraform.json": dial tcp:
│ lookup registry.terraform.io on 10.255.255.53:53: no such host
│
│ To see which modules are currently depending on hashicorp/null and what
│ versions are specified, run the following command:
│     terraform providers
╵
"""


def test_without_colour_each_diagnostic_is_at_its_place_with_its_words() -> None:
    report = scan(NO_COLOR)
    found = [(e.tool, e.file, e.line, e.category, e.message) for e in report.errors]
    assert found == [
        (
            "terraform",
            "modules/net/main.tf",
            6,
            "config",
            'Not enough function arguments: Function "cidrsubnet" expects 3 argument(s).'
            ' Missing value for "netnum".',
        ),
        (
            "terraform",
            "main.tf",
            1,
            "syntax",
            "Unclosed configuration block: There is no closing brace for this block before the"
            " end of the file. This may be caused by incorrect brace nesting elsewhere in this"
            " file.",
        ),
    ]


def test_any_other_tools_error_line_keeps_its_stack() -> None:
    report = scan("Error: Boom\n    at run (/app/src/x.js:3:5)\n\nok\n")
    assert [(e.tool, e.file, e.line, e.message) for e in report.errors] == [
        (None, "/app/src/x.js", 3, "Boom")
    ]


def test_a_registry_that_cannot_be_reached_is_a_network_error() -> None:
    (error,) = scan(INIT_OFFLINE).errors
    assert error.category == "network"
    assert error.message.startswith(
        "Failed to query available provider packages: Could not retrieve the list"
    )
