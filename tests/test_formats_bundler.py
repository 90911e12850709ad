"""Bundler as it prints its failures: the gems it could not find or reach, its
errors wrapped at 80 columns. Real runs of Bundler 2.3 (Debian bookworm)."""

from __future__ import annotations

from test_detect import scan


def test_bundler_missing_gems_are_dependency_errors() -> None:
    installed = scan(
        """
        Don't run Bundler as root. Bundler can ask for sudo if it is needed, and
        installing your bundle as root will break this application for all non-root
        users on this machine.
        Could not find gem 'nokogiri_nope_x' in cached gems or installed locally.
        """
    )
    (err,) = installed.errors
    assert (err.tool, err.category, err.line) == ("bundler", "dependency", None)
    executed = scan(
        """
        /usr/lib/ruby/3.1.0/bundler/definition.rb:481:in `materialize': Could not find rake-12.3.3 in any of the sources (Bundler::GemNotFound)
        \tfrom /usr/lib/ruby/3.1.0/bundler/definition.rb:190:in `specs'
        \tfrom /usr/lib/ruby/3.1.0/bundler/setup.rb:20:in `<top (required)>'
        \tfrom <internal:/usr/lib/ruby/vendor_ruby/rubygems/core_ext/kernel_require.rb>:85:in `require'
        """  # noqa: E501
    )
    (err,) = executed.errors
    assert err.category == "dependency" and err.span == (1, 4)
    assert err.message == "Bundler::GemNotFound: Could not find rake-12.3.3 in any of the sources"


def test_bundler_joins_the_lines_it_wrapped_an_error_to() -> None:
    # Real runs of Bundler 2.3 into a pipe (Thor's 80 columns): offline, and --local
    # (the line above its error added: a sentence that ends near the width).
    (down,) = scan(
        """
        Could not reach host index.rubygems.org. Check your network connection and try
        again.
        """
    ).errors
    assert (down.tool, down.category, down.span) == ("bundler", "network", (1, 2))
    assert down.message.endswith("Check your network connection and try again.")
    missing = scan(
        """
        Could not find gem 'nope-zzq (~> 1.0)' in cached gems or installed locally.
        Could not find gem 'this-gem-does-not-exist-zzq (~> 1.0)' in cached gems or
        installed locally.
        """
    )
    assert [(e.span, e.message) for e in missing.errors] == [
        ((1, 1), "Could not find gem 'nope-zzq (~> 1.0)' in cached gems or installed locally."),
        (
            (2, 3),
            "Could not find gem 'this-gem-does-not-exist-zzq (~> 1.0)' in cached gems or "
            "installed locally.",
        ),
    ]
