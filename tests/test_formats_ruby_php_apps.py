"""Ruby and PHP applications as users meet them: rake's and Rails' aborted
tasks, RubyGems' native builds, Sorbet, Rails' test runner, Laravel's Collision,
PHPStan's table and php-cs-fixer. The rake and RubyGems outputs are real (Ruby
3.1, rake 13, RubyGems 3.3 on Debian 12), their paths made neutral; the others
(not installable here) are written in the tools' documented shapes."""

from __future__ import annotations

from test_detect import scan


def test_rake_s_aborted_task_is_its_root_cause_under_caused_by() -> None:
    report = scan(
        """
        rake aborted!
        Loading models failed!
        /home/user/calc/Rakefile:5:in `rescue in block in <top (required)>'
        /home/user/calc/Rakefile:2:in `block in <top (required)>'

        Caused by:
        NameError: uninitialized constant Calc::Adder

            raise NameError, "uninitialized constant Calc::Adder"
            ^^^^^
        /home/user/calc/Rakefile:3:in `block in <top (required)>'
        Tasks: TOP => load
        (See full trace by running task with --trace)
        """,
        "rake",
    )
    (err,) = report.errors
    assert err.message == "NameError: uninitialized constant Calc::Adder"
    assert err.category == "reference"


def test_a_migration_s_canceled_error_says_the_database_s_reason() -> None:
    report = scan(
        """
        rake aborted!
        StandardError: An error has occurred, this and all later migrations canceled:

        SQLite3::SQLException: no such table: widgets
        /home/user/calc/Rakefile:9:in `block in <top (required)>'
        Tasks: TOP => migrate
        (See full trace by running task with --trace)
        """,
        "rake",
    )
    (err,) = report.errors
    assert err.message.endswith("canceled: SQLite3::SQLException: no such table: widgets")
    assert (err.file, err.line) == ("/home/user/calc/Rakefile", 9)


def test_rails_aborted_is_rake_s_aborted_task() -> None:
    report = scan(
        """
        rails aborted!
        NameError: uninitialized constant Calc::Adder
        /home/user/calc/lib/tasks/calc.rake:3:in `block in <top (required)>'
        Tasks: TOP => calc:load
        """,
        "rake",
    )
    (err,) = report.errors
    assert (err.text, err.message) == (
        "rails aborted!",
        "NameError: uninitialized constant Calc::Adder",
    )
    assert (err.file, err.line) == ("/home/user/calc/lib/tasks/calc.rake", 3)


def test_a_native_build_that_failed_a_check_says_which() -> None:
    report = scan(
        """
        Building native extensions. This could take a while...
        ERROR:  Error installing calcx-0.1.0.gem:
        \tERROR: Failed to build gem native extension.

            current directory: /home/user/gems/gems/calcx-0.1.0/ext/calcx
        /usr/bin/ruby3.1 -I /usr/lib/ruby/vendor_ruby -r ./siteconf20261128-20188-z241gw.rb extconf.rb
        checking for calcx.h... no
        *** extconf.rb failed ***
        Could not create Makefile due to some reason, probably lack of necessary
        libraries and/or headers.  Check the mkmf.log file for more details.  You may
        need configuration options.

        extconf failed, exit code 1

        Gem files will remain installed in /home/user/gems/gems/calcx-0.1.0 for inspection.
        Results logged to /home/user/gems/extensions/x86_64-linux/3.1.0/calcx-0.1.0/gem_make.out
        """,  # noqa: E501
        "gem",
    )
    (err,) = report.errors
    assert err.message.endswith("native extension: checking for calcx.h... no")


def test_a_native_build_s_compiler_error_is_the_error_not_the_verdict() -> None:
    report = scan(
        """
        Building native extensions. This could take a while...
        ERROR:  Error installing calcy-0.1.0.gem:
        \tERROR: Failed to build gem native extension.

            current directory: /home/user/gems/gems/calcy-0.1.0/ext/calcy
        make DESTDIR\\=
        compiling calcy.c
        calcy.c: In function ‘Init_calcy’:
        calcy.c:2:42: error: ‘totl’ undeclared (first use in this function)
            2 | void Init_calcy(void) { rb_define_module(totl); }
              |                                          ^~~~
        make: *** [Makefile:246: calcy.o] Error 1

        make failed, exit code 2
        """,
        "gem",
    )
    assert report.primary is not None
    assert (report.primary.file, report.primary.line) == ("calcy.c", 2)
    assert [e.tool for e in report.errors] == ["gcc"]


def test_an_old_native_build_s_checks_are_no_reason() -> None:
    report = scan(
        """
        Gem::Installer::ExtensionBuildError: ERROR: Failed to build gem native extension.

                /home/user/.rvm/rubies/ruby-1.9.3/bin/ruby extconf.rb
        checking for main() in -lcalc... yes
        creating Makefile
        """,
        "bundler",
    )
    (err,) = report.errors
    assert err.message.endswith("ERROR: Failed to build gem native extension.")


def test_sorbet_s_errors_are_each_at_their_place_with_their_code() -> None:
    report = scan(
        """
        lib/calc.rb:8: Method totl does not exist on Calc https://srb.help/7003
             8 |    calc.totl
                         ^^^^
          Got Calc originating from:
            lib/calc.rb:7:
             7 |    calc = Calc.new
                           ^^^^^^^^

        lib/calc.rb:12: Expected Integer but found String("1") for argument n https://srb.help/7002
            12 |    add("1")
                        ^^^
        Errors: 2
        """,
        "sorbet",
    )
    assert [(e.file, e.line, e.code, e.category) for e in report.errors] == [
        ("lib/calc.rb", 8, "7003", "reference"),
        ("lib/calc.rb", 12, "7002", "type"),
    ]


def test_rails_test_s_bare_error_names_its_test_on_the_next_line() -> None:
    report = scan(
        """
        Error:
        CalcControllerTest#test_should_get_index:
        NoMethodError: undefined method `name' for nil:NilClass
            app/views/calc/index.html.erb:2:in `_app_views_calc_index_html_erb'
            test/controllers/calc_controller_test.rb:5:in `block in <class:CalcControllerTest>'


        bin/rails test test/controllers/calc_controller_test.rb:4
        """,
        "minitest",
    )
    (err,) = report.errors
    assert err.test == "CalcControllerTest#test_should_get_index"
    assert err.message == "NoMethodError: undefined method `name' for nil:NilClass"
    assert (err.file, err.line) == ("app/views/calc/index.html.erb", 2)


def test_a_minitest_failure_may_name_its_test_without_its_place() -> None:
    report = scan(
        """
        Failure:
        CalcTest#test_: a calc should add. 
        Minitest::Assertion: Expected false to be truthy.
        """  # noqa: W291
    )
    (err,) = report.errors
    assert err.test == "CalcTest#test_: a calc should add."
    assert err.message == "Minitest::Assertion: Expected false to be truthy."


def test_collision_s_one_line_message_wrapped_by_the_terminal_is_joined() -> None:
    report = scan(
        """
           Illuminate\\Database\\QueryException  : SQLSTATE[HY000] [2002] Connection refused (SQL: s
        elect * from `users`)

          at /home/user/calc/vendor/laravel/framework/src/Illuminate/Database/Connection.php:664
            663|         catch (Exception $e) {
          > 664|             throw new QueryException(

          Exception trace:
        """,
        "php",
    )
    (err,) = report.errors
    assert err.message == (
        "Illuminate\\Database\\QueryException: SQLSTATE[HY000] [2002] Connection refused "
        "(SQL: select * from `users`)"
    )
    assert err.category == "network"


def test_collision_s_missing_database_driver_is_a_dependency() -> None:
    report = scan(
        """
        Migrating: 2024_01_01_000000_create_calcs_table

           Illuminate\\Database\\QueryException

          could not find driver (SQL: select * from `users`)

          at vendor/laravel/framework/src/Illuminate/Database/Connection.php:760
          ➜ 760▕             throw new QueryException(

              +39 vendor frames
          40  artisan:37
              Illuminate\\Foundation\\Console\\Kernel::handle()
        """,
        "php",
    )
    (err,) = report.errors
    assert err.category == "dependency"


def test_phpstan_s_rows_are_categorised_by_their_words() -> None:
    report = scan(
        """
        Note: Using configuration file /home/user/calc/phpstan.neon.
         ------ ---------------------------------------------------
          Line   src/Calc.php
         ------ ---------------------------------------------------
          12     Access to an undefined property App\\Calc::$totl.
          20     Method App\\Calc::add() should return int but returns string.
         ------ ---------------------------------------------------
        """,
        "phpstan",
    )
    assert [e.category for e in report.errors] == ["reference", "type"]


def test_phpstan_s_table_pasted_with_its_lines_doubled_is_still_read() -> None:
    report = scan(
        """
        Note: Using configuration file /home/user/calc/phpstan.neon.
         ------ ------------------------------

          Line   src/Calc.php

         ------ ------------------------------

          12     Call to an undefined method

                 App\\Calc::totl().

         ------ ------------------------------
        """,
        "phpstan",
    )
    (err,) = report.errors
    assert (err.file, err.line) == ("src/Calc.php", 12)
    assert err.message == "Call to an undefined method App\\Calc::totl()."


def test_php_cs_fixer_s_files_it_could_not_lint_are_a_syntax_error() -> None:
    report = scan(
        """
        Loaded config default.
        Fixed all files in 0.002 seconds, 6.000 MB memory used

        Files that were not fixed due to errors reported during linting before fixing:
           1) /home/user/calc/src/Calc.php
        """,
        "php-cs-fixer",
    )
    (err,) = report.errors
    assert (err.file, err.category) == ("/home/user/calc/src/Calc.php", "syntax")
