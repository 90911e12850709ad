"""Helm: ``helm lint``'s problems and a release that fails to render, each at
the place its words name. The layouts are Helm 3's, as its users' issues and
guides quote them."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect.hints import tool_from_command


def test_each_lint_error_is_at_its_chart_file_and_the_line_its_words_name() -> None:
    report = scan(
        """
        ==> Linting ./nginx-chart/
        [INFO] Chart.yaml: icon is recommended
        [ERROR] templates/: template: nginx-chart/templates/deployment.yaml:4:19: executing "nginx-chart/templates/deployment.yaml" at <.Release.Name>: nil pointer evaluating interface {}.Name
        [ERROR] templates/service.yaml: unable to parse YAML: error converting YAML to JSON: yaml: line 20: did not find expected '-' indicator
        [ERROR] Chart.yaml: unable to parse YAML
                error converting YAML to JSON: yaml: line 27: could not find expected ':'
        Error: 1 chart(s) linted, 1 chart(s) failed
        """  # noqa: E501
    )
    assert [(e.tool, e.file, e.line, e.column, e.category) for e in report.errors] == [
        ("helm", "nginx-chart/templates/deployment.yaml", 4, 19, "config"),
        ("helm", "templates/service.yaml", 20, None, "syntax"),
        ("helm", "Chart.yaml", 27, None, "syntax"),
    ]
    assert report.errors[2].message.endswith("yaml: line 27: could not find expected ':'")


def test_a_release_that_fails_to_render_is_at_its_template() -> None:
    (err,) = scan(
        """
        Error: INSTALLATION FAILED: template: app/templates/deployment.yaml:14:18: executing "app/templates/deployment.yaml" at <.Values.image.tag>: nil pointer evaluating interface {}.tag
        """  # noqa: E501
    ).errors
    assert (err.tool, err.file, err.line, err.column, err.category) == (
        "helm",
        "app/templates/deployment.yaml",
        14,
        18,
        "config",
    )


def test_helm_is_known_by_its_command() -> None:
    assert tool_from_command(["helm", "lint", "./chart"]) == "helm"
