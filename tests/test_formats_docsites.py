"""Documentation and static-site builders: MkDocs (1.6 here), Hugo (0.111 here),
Jekyll (4.3 here) and Asciidoctor (2.0 here), as they print on a small site of
ours; mdBook and Docusaurus in their documented shapes."""

from __future__ import annotations

from test_detect import scan

SITE = "/home/user/site"


def test_wrapped_mkdocs_warnings_are_one_warning_each_on_its_page() -> None:
    report = scan(
        """
        INFO    -  Cleaning site directory
        INFO    -  Building documentation to directory: /home/user/site/site
        WARNING -  Doc file 'index.md' contains a link 'usage.md', but the target is not
                   found among documentation files.
        WARNING -  Doc file 'index.md' contains a link
                   'guides/very/deeply/nested/directory/guide.md',
                   but the target is not found among documentation files.
        INFO    -  Documentation built in 0.02 seconds
        """,
        "mkdocs",
    )
    assert report.errors == []
    got = [(w.tool, w.file, w.category, w.message) for w in report.warnings]
    assert got == [
        (
            "mkdocs",
            "index.md",
            "reference",
            "Doc file 'index.md' contains a link 'usage.md', but the target is not found among"
            " documentation files.",
        ),
        (
            "mkdocs",
            "index.md",
            "reference",
            "Doc file 'index.md' contains a link 'guides/very/deeply/nested/directory/guide.md',"
            " but the target is not found among documentation files.",
        ),
    ]


def test_under_strict_mkdocs_fails_of_its_warnings_and_they_are_the_errors() -> None:
    report = scan(
        """
        INFO    -  Building documentation to directory: /home/user/site/site
        WARNING -  Doc file 'index.md' contains a link 'usage.md', but the target is not found among documentation files.

        Aborted with 1 warnings in strict mode!
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.file, err.category) == ("mkdocs", "index.md", "reference")
    assert report.warnings == [] and report.primary is err


def test_a_plugin_mkdocs_cannot_find_is_the_error_and_the_abort_follows_from_it() -> None:
    (err,) = scan(
        """
        ERROR   -  Config value 'plugins': The "nothere" plugin is not installed

        Aborted with a configuration error!
        """
    ).errors
    assert (err.tool, err.category) == ("mkdocs", "dependency")
    assert err.message == "Config value 'plugins': The \"nothere\" plugin is not installed"


def test_a_griffe_warning_points_at_the_source_it_read() -> None:
    (warning,) = scan(
        "WARNING -  griffe: src/calc/ops.py:12: No type or annotation for parameter 'x'\n"
    ).warnings
    assert (warning.file, warning.line) == ("src/calc/ops.py", 12)
    assert warning.message == "No type or annotation for parameter 'x'"


def test_a_hugo_template_that_failed_is_the_error_at_the_innermost_template() -> None:
    (err,) = scan(
        f"""
        Start building sites …
        Error: Error building site: failed to render pages: render of "page" failed: "{SITE}/layouts/_default/single.html:2:3": execute of template failed: template: _default/single.html:2:3: executing "_default/single.html" at <partial "head.html" .>: error calling partial: partial "head.html" not found
        Total in 56 ms
        """,  # noqa: E501
        "hugo",
    ).errors
    assert (err.tool, err.file, err.line, err.column) == (
        "hugo",
        f"{SITE}/layouts/_default/single.html",
        2,
        3,
    )
    assert (
        err.message
        == '<partial "head.html" .>: error calling partial: partial "head.html" not found'
    )
    assert err.category == "reference"


def test_hugos_count_of_the_errors_it_logged_follows_from_them() -> None:
    report = scan(
        f"""
        Start building sites …
        ERROR 2026/11/28 13:20:06 [en] REF_NOT_FOUND: Ref "nothere.md": "{SITE}/content/a.md:4:7": page not found
        Error: Error building site: logged 1 error(s)
        Total in 17 ms
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.file, err.line, err.column) == (f"{SITE}/content/a.md", 4, 7)
    assert (err.tool, err.category) == ("hugo", "reference")


def test_a_liquid_exception_names_its_template_and_line_and_takes_the_traceback_after_it() -> None:
    report = scan(
        f"""
              Generating...
          Liquid Exception: Liquid syntax error (line 3): Unknown tag 'nosuchtag' in {SITE}/_layouts/default.html
                            ------------------------------------------------
              Jekyll 4.3.1   Please append `--trace` to the `build` command
                             for any additional information or backtrace.
                            ------------------------------------------------
        /usr/share/rubygems-integration/all/gems/liquid-5.4.0/lib/liquid/document.rb:36:in `unknown_tag': Liquid syntax error (line 3): Unknown tag 'nosuchtag' (Liquid::SyntaxError)
        \tfrom /usr/share/rubygems-integration/all/gems/liquid-5.4.0/lib/liquid/document.rb:57:in `block in parse_body'
        \tfrom /usr/bin/jekyll:25:in `<main>'
        """,  # noqa: E501
        "jekyll",
    )
    (err,) = report.errors
    assert (err.tool, err.file, err.line) == ("jekyll", f"{SITE}/_layouts/default.html", 3)
    assert (err.message, err.category) == (
        "Liquid syntax error (line 3): Unknown tag 'nosuchtag'",
        "syntax",
    )


def test_a_sass_conversion_error_takes_its_reason_and_line_from_the_line_under_it() -> None:
    (err,) = scan(
        """
              Generating...
          Conversion error: Jekyll::Converters::Scss encountered an error while converting 'assets/main.scss':
                            Error: Undefined variable: "$nope". on line 2:10 of main.scss >> color: $nope; ---------^
                            ------------------------------------------------
              Jekyll 4.3.1   Please append `--trace` to the `build` command
                             for any additional information or backtrace.
                            ------------------------------------------------
        """,  # noqa: E501
        "jekyll",
    ).errors
    assert (err.file, err.line, err.category) == ("assets/main.scss", 2, "syntax")
    assert err.message.startswith('Error: Undefined variable: "$nope". on line 2:10')


def test_mdbooks_causes_are_one_error_whose_message_is_their_chain() -> None:
    (err,) = scan(
        "2024-05-01 10:00:00 [INFO] (mdbook::book): Running the html backend\n"
        "2024-05-01 10:00:00 [ERROR] (mdbook::utils): Error: Rendering failed\n"
        "2024-05-01 10:00:00 [ERROR] (mdbook::utils): \tCaused By: Unable to copy theme/a.css\n"
        "2024-05-01 10:00:00 [ERROR] (mdbook::utils): \tCaused By: No such file or directory"
        " (os error 2)\n"
    ).errors
    assert err.tool == "mdbook" and err.category == "filesystem"
    assert err.message == (
        "Rendering failed: Unable to copy theme/a.css: No such file or directory (os error 2)"
    )


def test_mdbooks_renderer_failure_follows_from_the_renderers_own_error() -> None:
    report = scan(
        """
        [INFO] (mdbook::renderer): Invoking the "pdf" renderer
        Error: Unable to parse the book's configuration

        Caused by:
            missing field `title` at line 1 column 80
        [ERROR] (mdbook::renderer): Renderer exited with non-zero return code.
        [ERROR] (mdbook::utils): Error: Rendering failed
        [ERROR] (mdbook::utils):    Caused By: The "pdf" renderer failed
        """,
        "mdbook",
    )
    assert [e.message for e in report.errors] == ["Unable to parse the book's configuration"]


def test_asciidoctor_errors_name_their_document_and_line() -> None:
    report = scan(
        """
        asciidoctor: ERROR: book.adoc: line 5: include file not found: /home/user/book/parts/missing.adoc
        asciidoctor: ERROR: guide.adoc: line 9: include file not found: /home/user/book/parts/missing.adoc
        asciidoctor: INFO: possible invalid reference: nowhere
        """,  # noqa: E501
        "asciidoctor",
    )
    got = [(e.tool, e.file, e.line, e.category) for e in report.errors]
    assert got == [
        ("asciidoctor", "book.adoc", 5, "filesystem"),
        ("asciidoctor", "guide.adoc", 9, "filesystem"),
    ]
    assert report.errors[0].message.startswith("include file not found: /home/user/book/")


def test_docusaurus_broken_links_under_a_locales_failure_are_the_error() -> None:
    report = scan(
        f"""
        [INFO] [en] Creating an optimized production build...
        [ERROR] Error: Unable to build website for locale en.
            at tryToBuildLocale ({SITE}/node_modules/@docusaurus/core/lib/commands/build/build.js:78:15)
            at async runCLI ({SITE}/node_modules/@docusaurus/core/lib/commands/cli.js:56:5) {{
          [cause]: Error: Docusaurus found broken links!

          Please check the pages of your site in the list below, and make sure you don't reference any path that does not exist.

          Exhaustive list of all broken links found:
          - Broken link on source page path = /docs/intro:
             -> linking to ./setup (resolved as: /docs/setup)
             -> linking to ./faq (resolved as: /docs/faq)
        }}
        """,  # noqa: E501
        "docusaurus",
    )
    assert [e.message for e in report.errors] == [
        "Docusaurus found broken links! /docs/intro links to ./setup (and 1 more)"
    ]
    assert report.errors[0].category == "reference" and report.errors[0].tool == "docusaurus"


def test_a_locales_failure_reads_as_the_error_node_printed_for_its_cause() -> None:
    (err,) = scan(
        f"""
        [ERROR] Error: Unable to build website for locale en.
            at tryToBuildLocale ({SITE}/node_modules/@docusaurus/core/lib/commands/build/build.js:78:15)
            ... 2 lines matching cause stack trace ...
            at async runCLI ({SITE}/node_modules/@docusaurus/core/lib/commands/cli.js:56:5) {{
          [cause]: Error: Docusaurus static site generation failed for 1 paths:
          - "/docs/intro"
              at generateStaticFiles ({SITE}/node_modules/@docusaurus/core/lib/ssg/ssg.js:129:15)
        """  # noqa: E501
    ).errors
    assert err.message == 'Docusaurus static site generation failed for 1 paths: "/docs/intro"'


def test_docusaurus_broken_links_it_was_told_to_warn_of_stay_a_warning() -> None:
    report = scan(
        """
        [WARNING] Docusaurus found broken links!

        Exhaustive list of all broken links found:

        - On source page path = /docs/intro:
           -> linking to /docs/setup
        """
    )
    assert report.errors == []
    assert [w.message for w in report.warnings] == [
        "Docusaurus found broken links! /docs/intro links to /docs/setup"
    ]


def test_a_page_mdx_cannot_compile_is_the_error_at_the_line_its_details_give() -> None:
    (err,) = scan(
        f"""
        Error: MDX compilation failed for file "{SITE}/docs/intro.md"
        Cause: Could not parse expression with acorn
        Details:
        {{
          "cause": {{
            "loc": {{
              "line": 12,
              "column": 4
            }}
          }},
          "column": 5,
          "message": "Could not parse expression with acorn",
          "line": 12,
          "ruleId": "acorn"
        }}
        """
    ).errors
    assert (err.tool, err.file, err.line, err.column) == (
        "docusaurus",
        f"{SITE}/docs/intro.md",
        12,
        5,
    )
    assert (err.message, err.category) == ("Could not parse expression with acorn", "syntax")
