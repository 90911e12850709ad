"""Native builds as users meet them, a second round: clang's wrapped messages,
ld naming an object before the source place, a build script's panic, go's
"too many errors", configure's "in `folder'" line. The outputs are real
(clang 14, binutils 2.40, cargo 1.95, go 1.19, autoconf 2.71 on Debian 12),
trimmed, their paths made neutral; where the tool here is not the version
that prints a shape (a panic before Rust 1.73), the lines are written in the
tool's documented shape."""

from __future__ import annotations

from test_detect import scan


def test_clang_s_message_wrapped_onto_the_next_lines_is_the_error_s_message() -> None:
    report = scan(
        """
        src/checkout/pricing/rules/cart_total_calculation.c:2:33: error: 
              use of undeclared identifier
              'total_items_in_the_shopping_cart_for_this_customer'
        int main(void) { printf("%d\\n", total_items_in_the_s...
                                        ^
        1 error generated.
        """  # noqa: W291
    )
    (err,) = report.errors
    assert (err.file, err.line, err.column) == (
        "src/checkout/pricing/rules/cart_total_calculation.c",
        2,
        33,
    )
    assert err.message == (
        "use of undeclared identifier 'total_items_in_the_shopping_cart_for_this_customer'"
    )
    assert err.category == "reference"


def test_each_wrapped_clang_error_is_its_own_error_in_an_indented_paste() -> None:
    report = scan(
        """
            src/checkout/pricing/rules/cart_total_calculation.c:2:33: error:
                  use of undeclared identifier 'total'
            src/checkout/pricing/rules/cart_total_calculation.c:3:9: error:
                  use of undeclared identifier 'count'
        """
    )
    assert [(e.line, e.message) for e in report.errors] == [
        (2, "use of undeclared identifier 'total'"),
        (3, "use of undeclared identifier 'count'"),
    ]


def test_ld_naming_the_object_before_the_source_place_is_an_undefined_reference() -> None:
    report = scan(
        """
        /usr/bin/ld: /tmp/ccJ2Hoqq.ltrans0.ltrans.o: in function `main':
        /usr/bin/ld: /tmp/ccJ2Hoqq.ltrans0.ltrans.o:/home/user/cart/cart.c:3: undefined reference to `total'
        collect2: error: ld returned 1 exit status
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.category) == ("ld", "reference")
    assert (err.file, err.line) == ("/home/user/cart/cart.c", 3)
    assert err.message == "undefined reference to `total'"


def test_a_build_script_s_panic_after_blank_lines_is_the_root_cause_with_its_message() -> None:
    report = scan(
        """
           Compiling cartsys v0.1.0 (/home/user/cartsys)
        error: failed to run custom build command for `cartsys v0.1.0 (/home/user/cartsys)`

        Caused by:
          process didn't exit successfully: `/home/user/cartsys/target/debug/build/cartsys-79c7eb96e2e9c617/build-script-build` (exit status: 101)
          --- stderr

          thread 'main' (28296) panicked at build.rs:2:5:


          Could not find directory of libcart installation, and this `-sys` crate cannot
          proceed without this knowledge.

          Make sure you also have the development packages of libcart installed.

          note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace
        """  # noqa: E501
    )
    root = report.primary
    assert root is not None
    assert (root.file, root.line, root.category) == ("build.rs", 2, "dependency")
    assert root.message == (
        "Could not find directory of libcart installation, and this `-sys` crate cannot "
        "proceed without this knowledge."
    )
    assert all("Compiling" not in e.message for e in report.errors)


def test_a_quoted_panic_before_rust_1_73_takes_its_place_from_the_message_s_end() -> None:
    report = scan(
        """
        error: failed to run custom build command for `cartsys v0.1.0`
        process didn't exit successfully: `/home/user/cartsys/target/debug/build/cartsys-0f3a/build-script-build` (exit code: 101)
        --- stderr
        thread 'main' panicked at '

        Could not find directory of libcart installation, and this `-sys` crate cannot
        proceed without this knowledge.

        Make sure you also have the development packages of libcart installed.

        ', /home/user/.cargo/registry/src/github.com-1ecc6299db9ec823/cartsys-0.1.0/build.rs:14:5
        note: Run with `RUST_BACKTRACE=1` for a backtrace.
        """  # noqa: E501
    )
    root = report.primary
    assert root is not None
    assert (root.line, root.column, root.category) == (14, 5, "dependency")
    assert root.file is not None and root.file.endswith("cartsys-0.1.0/build.rs")
    assert root.message.startswith("Could not find directory of libcart installation")


def test_go_s_too_many_errors_only_follows_from_the_errors_above_it() -> None:
    report = scan(
        """
        # example.com/cart
        ./main.go:12:6: undefined: price8
        ./main.go:13:6: undefined: price9
        ./main.go:13:6: too many errors
        """
    )
    assert [e.message for e in report.errors] == ["undefined: price8", "undefined: price9"]


def test_configure_s_in_folder_line_is_no_error_the_line_after_it_is() -> None:
    report = scan(
        """
        checking for gcc... gcc
        checking whether the C compiler works... no
        configure: error: in `/home/user/cart':
        configure: error: C compiler cannot create executables
        See `config.log' for more details
        """
    )
    (err,) = report.errors
    assert (err.tool, err.message) == ("configure", "C compiler cannot create executables")


def test_config_log_s_error_after_the_script_s_line_number_is_configure_s_error() -> None:
    report = scan(
        """
        configure:2645: $? = 1
        configure:2647: error: in `/home/user/cart':
        configure:2649: error: C compiler cannot create executables
        See `config.log' for more details
        """
    )
    (err,) = report.errors
    assert (err.tool, err.message) == ("configure", "C compiler cannot create executables")


def test_a_name_g_plus_plus_does_not_know_is_a_reference_error() -> None:
    report = scan(
        """
        cart.cpp:4:5: error: \u2018Money\u2019 does not name a type
            4 |     Money price;
              |     ^~~~~
        cart.cpp:5:14: error: \u2018Item\u2019 has not been declared
            5 |     void add(Item item);
              |              ^~~~
        """
    )
    assert [(e.line, e.category) for e in report.errors] == [(4, "reference"), (5, "reference")]


def test_rustc_s_no_associated_item_e0599_is_a_reference_error() -> None:
    report = scan(
        """
           Compiling cart v0.1.0 (/home/user/cart)
        error[E0599]: no function or associated item named `new` found for struct `Cart` in the current scope
         --> src/lib.rs:4:11
          |
        1 | pub struct Cart;
          | --------------- function or associated item `new` not found for this struct
        ...
        4 |     Cart::new()
          |           ^^^ function or associated item not found in `Cart`

        For more information about this error, try `rustc --explain E0599`.
        error: could not compile `cart` (lib) due to 1 previous error
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.file, err.line, err.code, err.category) == ("src/lib.rs", 4, "E0599", "reference")


def test_a_panic_quoting_its_message_on_its_line_reads_no_further() -> None:
    # cargo test before Rust 1.73: each test's panic under its heading, a blank line between.
    report = scan(
        """
        failures:

        ---- adds stdout ----
        thread 'adds' panicked at 'assertion failed: sum == 5', src/lib.rs:10:9

        ---- divides stdout ----
        thread 'divides' panicked at 'attempt to divide by zero', src/lib.rs:14:5
        """
    )
    assert [(e.test, e.message) for e in report.errors] == [
        ("adds", "assertion failed: sum == 5"),
        ("divides", "attempt to divide by zero"),
    ]
