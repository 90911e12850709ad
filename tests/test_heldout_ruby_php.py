"""Ruby and PHP as users meet them: the shapes of Composer, PHP, Laravel's
Collision, Psalm, RSpec and RubyGems output that their everyday failures print.
The outputs are real (Composer 2.5, PHP 8.2, RSpec 3.12, RubyGems 3.3 on Debian
12), trimmed, their paths made neutral; where the tool is not installable here
(Collision, Psalm) or is not the version that prints a shape (PHP 5's bare fatal
errors, Ruby 2.5's reversed backtrace), the lines are written in the tool's documented shape."""

from __future__ import annotations

from test_detect import scan


def test_composer_s_verdict_says_the_first_problem_s_reason() -> None:
    report = scan(
        """
        Loading composer repositories with package information
        Updating dependencies
        Your requirements could not be resolved to an installable set of packages.

          Problem 1
            - Root composer.json requires example/lib ^1.0 -> satisfiable by example/lib[1.0.0].
            - example/lib 1.0.0 requires php ^7.1 -> your php version (8.2.36) does not satisfy that requirement.
        """,  # noqa: E501
        "composer",
    )
    (err,) = report.errors
    assert (err.tool, err.category) == ("composer", "dependency")
    assert err.message == (
        "example/lib 1.0.0 requires php ^7.1 -> your php version (8.2.36) does not satisfy "
        "that requirement."
    )


def test_composer_s_problems_pasted_without_its_verdict_are_a_dependency_error() -> None:
    report = scan(
        """
          Problem 1
            - Root composer.json requires php ^5.6 but your php version (8.2.36) does not satisfy that requirement.
          Problem 2
            - Root composer.json requires PHP extension ext-calcx * but it is missing from your system. Install or enable PHP's calcx extension.
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.category) == ("composer", "dependency")
    assert err.message == (
        "Root composer.json requires php ^5.6 but your php version (8.2.36) does not satisfy "
        "that requirement."
    )
    assert err.span == (1, 4)


def test_a_collision_exception_is_at_the_project_s_innermost_frame() -> None:
    report = scan(
        """
        Migrating: 2024_01_02_000000_add_total_to_carts_table

           Illuminate\\Database\\QueryException

          SQLSTATE[42S21]: Column already exists: 1060 Duplicate column name 'total' (SQL: alter table `carts` add `total` int null)

          at vendor/laravel/framework/src/Illuminate/Database/Connection.php:760
            756▕         // If an exception occurs when attempting to run a query, we'll format the error
          ➜ 760▕             throw new QueryException(
            761▕                 $query, $this->prepareBindings($bindings), $e
            762▕             );

              +9 vendor frames
          10  database/migrations/2024_01_02_000000_add_total_to_carts_table.php:14
              Illuminate\\Support\\Facades\\Facade::__callStatic("table")

              +21 vendor frames
          32  artisan:35
              Illuminate\\Foundation\\Console\\Kernel::handle()
        """,  # noqa: E501
        "php",
    )
    (err,) = report.errors
    assert err.message.startswith(
        "Illuminate\\Database\\QueryException: SQLSTATE[42S21]: Column already exists"
    )
    assert (err.file, err.line) == (
        "database/migrations/2024_01_02_000000_add_total_to_carts_table.php",
        14,
    )
    assert err.span == (3, 19)


def test_an_old_collision_s_message_after_the_class_is_at_its_place() -> None:
    report = scan(
        """
        $ php artisan migrate
           Illuminate\\Database\\QueryException  : could not find driver (SQL: select * from carts)

          at /home/user/shop/vendor/laravel/framework/src/Illuminate/Database/Connection.php:664
            660|         // If an exception occurs when attempting to run a query, we'll format the error
          > 664|             throw new QueryException(
            665|                 $query, $this->prepareBindings($bindings), $e
        """,  # noqa: E501
        "php",
    )
    (err,) = report.errors
    assert err.message == (
        "Illuminate\\Database\\QueryException: could not find driver (SQL: select * from carts)"
    )
    assert err.line == 664


def test_php_5_s_bare_class_not_found_is_a_reference_error() -> None:
    report = scan(
        """
        PHP Fatal error:  Class 'App\\Base' not found in /home/user/app/src/Child.php on line 3
        """
    )
    (err,) = report.errors
    assert (err.category, err.file, err.line) == ("reference", "/home/user/app/src/Child.php", 3)
    assert err.message == "Class 'App\\Base' not found"


def test_a_fatal_error_copied_from_a_page_keeps_its_trace_out_of_the_message() -> None:
    report = scan(
        """
        Fatal error: Uncaught Error: Class "Missing\\Thing" not found in /var/www/app/page.php:3 Stack trace: #0 {main} thrown in /var/www/app/page.php on line 3
        """  # noqa: E501
    )
    (err,) = report.errors
    assert err.message == 'Uncaught Error: Class "Missing\\Thing" not found'
    assert (err.category, err.file, err.line) == ("reference", "/var/www/app/page.php", 3)


def test_a_psalm_issue_s_category_is_its_type_s() -> None:
    report = scan(
        """
        ERROR: PossiblyNullReference - src/Cart.php:12:20 - Cannot call method total on possibly null value (see https://psalm.dev/083)
                return $this->items->total();

        ERROR: UndefinedMethod - src/Cart.php:30:16 - Method App\\Item::price does not exist (see https://psalm.dev/022)
                return $item->price();
        """,  # noqa: E501
        "psalm",
    )
    assert [(e.code, e.category, e.line) for e in report.errors] == [
        ("PossiblyNullReference", "type", 12),
        ("UndefinedMethod", "reference", 30),
    ]


def test_an_rspec_matcher_that_failed_is_an_assertion() -> None:
    report = scan(
        """
        Failures:

          1) Cart changes a total
             Failure/Error: expect { total << 1 }.to change { total.size }.to(3)
               expected `total.size` to have changed to 3, but is now 2
             # ./spec/cart_spec.rb:4:in `block (2 levels) in <top (required)>'

          2) Cart raises
             Failure/Error: expect { Integer("x") }.to raise_error(TypeError)

               expected TypeError, got #<ArgumentError: invalid value for Integer(): "x"> with backtrace:
                 # ./spec/cart_spec.rb:7:in `Integer'
                 # ./spec/cart_spec.rb:7:in `block (3 levels) in <top (required)>'
             # ./spec/cart_spec.rb:7:in `block (2 levels) in <top (required)>'

        Finished in 0.14463 seconds (files took 0.3376 seconds to load)
        2 examples, 2 failures
        """,  # noqa: E501
        "rspec",
    )
    assert [(e.category, e.line) for e in report.errors] == [("assertion", 4), ("assertion", 7)]


def test_a_native_extension_that_did_not_build_says_what_extconf_missed() -> None:
    report = scan(
        """
        Building native extensions. This could take a while...
        ERROR:  Error installing calcx:
        \tERROR: Failed to build gem native extension.

            current directory: /home/user/.gem/gems/calcx-0.1.0/ext/calcx
        /usr/bin/ruby3.1 -I /usr/lib/ruby/vendor_ruby -r ./siteconf20240101-1-x.rb extconf.rb
        checking for calcx.h... no
        calcx.h is missing. please install libcalcx-dev.
        *** extconf.rb failed ***
        Could not create Makefile due to some reason, probably lack of necessary
        libraries and/or headers.  Check the mkmf.log file for more details.  You may
        need configuration options.

        Provided configuration options:
        \t--with-opt-dir
        \t--without-opt-dir

        extconf failed, exit code 1

        Gem files will remain installed in /home/user/.gem/gems/calcx-0.1.0 for inspection.
        Results logged to /home/user/.gem/extensions/x86_64-linux/3.1.0/calcx-0.1.0/gem_make.out
        """,
        "gem",
    )
    (err,) = report.errors
    assert (err.tool, err.category) == ("gem", "dependency")
    assert err.message == (
        "Error installing calcx: ERROR: Failed to build gem native extension: "
        "calcx.h is missing. please install libcalcx-dev."
    )
    assert err.span == (2, 21)


def test_bundler_s_build_error_says_what_extconf_missed_and_is_no_eunit_abort() -> None:
    report = scan(
        """
        Installing calcx 0.1.0 with native extensions
        Gem::Ext::BuildError: ERROR: Failed to build gem native extension.

        current directory: /home/user/app/vendor/bundle/ruby/3.1.0/gems/calcx-0.1.0/ext/calcx
        /usr/bin/ruby3.1 -I /usr/lib/ruby/vendor_ruby -r ./siteconf20240101-1-x.rb extconf.rb
        checking for calcx.h... no

        calcx.h is missing. please install libcalcx-dev.

        *** extconf.rb failed ***
        Could not create Makefile due to some reason, probably lack of necessary
        libraries and/or headers.  Check the mkmf.log file for more details.  You may
        need configuration options.
        """,
        "bundle",
    )
    (err,) = report.errors
    assert (err.tool, err.category) == ("bundler", "dependency")
    assert err.message == (
        "Gem::Ext::BuildError: ERROR: Failed to build gem native extension: "
        "calcx.h is missing. please install libcalcx-dev."
    )


def test_ruby_2_5_s_reversed_backtrace_is_ruby_s_error_not_a_python_traceback() -> None:
    report = scan(
        """
        Traceback (most recent call last):
        \t2: from bin/rails:3:in `<main>'
        \t1: from bin/rails:3:in `require_relative'
        bin/spring:10:in `<top (required)>': cannot load such file -- bundler/setup (LoadError)
        """
    )
    (err,) = report.errors
    assert (err.tool, err.category, err.file, err.line) == ("ruby", "dependency", "bin/spring", 10)
    assert err.message == "LoadError: cannot load such file -- bundler/setup"
