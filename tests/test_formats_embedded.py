"""Firmware builds: BitBake, Zephyr's devicetree and Kconfig, dtc, PlatformIO,
Arduino, armlink, and the CMake and ninja lines under them.

dtc's lines are real runs of dtc 1.6 (Debian's device-tree-compiler), the
Kconfig fragment's warning a real run of kconfiglib 14, the devicetree parse
error dtlib's own (``devicetree`` on PyPI) under the prefix Zephyr's scripts
give it, and the linker's and CMake's lines real runs of GNU ld 2.40 under
ninja and of CMake 3.25. BitBake's, PlatformIO's, Arduino's and armlink's lines
are in the shape their documentation and their users' logs show, with the
names changed.
"""

from __future__ import annotations

from test_detect import scan


def test_a_target_no_recipe_provides_is_a_dependency_and_the_image_needing_it_follows() -> None:
    report = scan(
        """
        NOTE: Resolving any missing task queue dependencies
        ERROR: Nothing RPROVIDES 'cart-tools' (but /home/user/meta-shop/recipes-shop/images/shop-image.bb RDEPENDS on or otherwise requires it)
        NOTE: Runtime target 'cart-tools' is unbuildable, removing...
        Missing or unbuildable dependency chain was: ['cart-tools']
        ERROR: Required build target 'shop-image' has no buildable providers.
        Missing or unbuildable dependency chain was: ['shop-image', 'cart-tools']

        Summary: There were 2 ERROR messages shown, returning a non-zero exit code.
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.category) == ("bitbake", "dependency")
    assert err.message.startswith("Nothing RPROVIDES 'cart-tools' (but ")


def test_the_compilers_error_in_a_failed_tasks_log_is_the_failure() -> None:
    report = scan(
        """
        ERROR: cart-1.0-r0 do_compile: oe_runmake failed
        ERROR: cart-1.0-r0 do_compile: ExecutionError('/home/user/build/tmp/work/core2-64-poky-linux/cart/1.0-r0/temp/run.do_compile.4242', 1, None, None)
        ERROR: Logfile of failure stored in: /home/user/build/tmp/work/core2-64-poky-linux/cart/1.0-r0/temp/log.do_compile.4242
        Log data follows:
        | DEBUG: Executing shell function do_compile
        | NOTE: make -j 8
        | src/cart.c:12:5: error: 'total' undeclared (first use in this function)
        | make: *** [Makefile:7: cart.o] Error 1
        | ERROR: oe_runmake failed
        ERROR: Task (/home/user/meta-shop/recipes-shop/cart/cart_1.0.bb:do_compile) failed with exit code '1'
        """  # noqa: E501
    )
    (cause,) = report.errors  # "oe_runmake failed" above it, its count below, follow from it
    assert (cause.tool, cause.file, cause.line) == ("gcc", "src/cart.c", 12)
    assert cause.message == "'total' undeclared (first use in this function)"
    assert cause.category == "reference"


def test_a_fetch_that_failed_says_what_the_fetch_command_printed() -> None:
    report = scan(
        """
        ERROR: cart-1.0-r0 do_fetch: Fetcher failure: Fetch command export PATH="/home/user/build/tmp/hosttools"; /usr/bin/env wget -t 2 -T 30 -O /home/user/downloads/cart-1.0.tar.gz https://example.com/cart-1.0.tar.gz --progress=dot -v failed with exit code 4, output:
        --2024-05-01 10:00:00--  https://example.com/cart-1.0.tar.gz
        Resolving example.com (example.com)... failed: Name or service not known.
        wget: unable to resolve host address 'example.com'

        ERROR: cart-1.0-r0 do_fetch: Fetcher failure for URL: 'https://example.com/cart-1.0.tar.gz'. Unable to fetch URL from any source.
        ERROR: cart-1.0-r0 do_fetch: Function failed: base_do_fetch
        ERROR: Logfile of failure stored in: /home/user/build/tmp/work/core2-64-poky-linux/cart/1.0-r0/temp/log.do_fetch.4242
        ERROR: Task (/home/user/meta-shop/recipes-shop/cart/cart_1.0.bb:do_fetch) failed with exit code '1'
        """  # noqa: E501
    )
    (err,) = report.errors
    assert err.message == (
        "Fetcher failure: Fetch command failed with exit code 4: "
        "wget: unable to resolve host address 'example.com'"
    )
    assert (err.tool, err.category) == ("bitbake", "network")


def test_a_tasks_count_with_nothing_above_it_is_the_error_at_its_recipe() -> None:
    (err,) = scan(
        """
        ERROR: Task (/home/user/meta-shop/recipes-shop/cart/cart_1.0.bb:do_compile) failed with exit code '1'
        NOTE: Tasks Summary: Attempted 812 tasks of which 790 didn't need to be rerun and 1 failed.
        """  # noqa: E501
    ).errors
    assert (err.tool, err.file) == ("bitbake", "/home/user/meta-shop/recipes-shop/cart/cart_1.0.bb")
    assert err.message.startswith("Task (") and err.category == "build"


def test_a_devicetree_parse_error_is_at_its_place_and_cmakes_error_follows_from_it() -> None:
    report = scan(
        """
        devicetree error: /home/user/app/boards/cart.overlay:6 (column 2): parse error: expected ';' or ','
        CMake Error at /home/user/zephyr/cmake/modules/dts.cmake:279 (message):
        -- In: /home/user/app/build/zephyr, command: /usr/bin/python3;/home/user/zephyr/scripts/dts/gen_defines.py
          gen_defines.py failed with return code: 1
        Call Stack (most recent call first):
          /home/user/zephyr/cmake/modules/zephyr_default.cmake:129 (include)
          CMakeLists.txt:4 (find_package)
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.file, err.line, err.column) == (
        "devicetree",
        "/home/user/app/boards/cart.overlay",
        6,
        2,
    )
    assert (err.message, err.category) == ("parse error: expected ';' or ','", "syntax")


def test_dtcs_syntax_error_is_the_error_under_cmake_that_ran_it() -> None:
    report = scan(
        """
        Error: /home/user/cart/cart.dts:6.2-3 syntax error
        FATAL ERROR: Unable to parse input tree
        -- In: /home/user/cart/build, command: dtc
        CMake Error at CMakeLists.txt:6 (message):
          command failed with return code: 1


        -- Configuring incomplete, errors occurred!
        """
    )
    (err,) = report.errors
    assert (err.tool, err.file, err.line, err.column) == ("dtc", "/home/user/cart/cart.dts", 6, 2)
    assert (err.message, err.category) == ("syntax error", "syntax")


def test_a_dtc_check_names_its_node_and_a_missing_label_is_a_reference() -> None:
    report = scan(
        """
        cart.dts:4.7-6.4: ERROR (phandle_references): /cart: Reference to non-existent node or label "uart9"

        ERROR: Input tree has errors, aborting (use -f to force output)
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.file, err.line, err.code) == ("dtc", "cart.dts", 4, "phandle_references")
    assert err.category == "reference"


def test_the_kconfig_warnings_zephyr_aborts_on_are_its_errors() -> None:
    report = scan(
        """
        warning: CART_LOG (defined at subsys/cart/Kconfig:12) was assigned the value 'y' but got the
        value 'n'. Check these unsatisfied dependencies: NETWORKING (=n). See
        http://docs.zephyrproject.org/latest/kconfig.html#CONFIG_CART_LOG and/or look up CART_LOG in
        the menuconfig/guiconfig interface.

        prj.conf:2: warning: attempt to assign the value 'y' to the undefined symbol CART_SHELL

        error: Aborting due to Kconfig warnings
        """
    )
    assert report.warnings == []
    first, second = report.errors[:2]
    assert first.tool == second.tool == "kconfig"
    assert first.message == (
        "CART_LOG (defined at subsys/cart/Kconfig:12) was assigned the value 'y' but got the "
        "value 'n'. Check these unsatisfied dependencies: NETWORKING (=n)."
    )
    assert (second.file, second.line) == ("prj.conf", 2)
    assert second.message == "attempt to assign the value 'y' to the undefined symbol CART_SHELL"
    assert report.primary is first


def test_zephyrs_abort_with_no_warning_read_is_a_configuration_error() -> None:
    (err,) = scan("error: Aborting due to Kconfig warnings\n").errors
    assert (err.tool, err.category) == ("kconfig", "config")


def test_a_package_platformio_cannot_install_is_a_dependency() -> None:
    (err,) = scan(
        """
        Processing uno (platform: atmelavr; board: uno; framework: arduino)
        Tool Manager: Installing platformio/tool-cart @ 1.2.0
        UnknownPackageError: Could not find the package with 'platformio/tool-cart @ 1.2.0' requirements for your system 'linux_x86_64'
        """  # noqa: E501
    ).errors
    assert (err.tool, err.category) == ("platformio", "dependency")
    assert err.message.startswith("Could not find the package with 'platformio/tool-cart @ 1.2.0'")


def test_platformios_scons_line_and_verdict_follow_from_the_compilers_error() -> None:
    report = scan(
        """
        Compiling .pio/build/uno/src/main.cpp.o
        src/main.cpp:4:3: error: 'cartTotal' was not declared in this scope
        *** [.pio/build/uno/src/main.cpp.o] Error 1
        ========================= [FAILED] Took 2.50 seconds =========================
        """
    )
    (err,) = report.errors
    assert (err.file, err.line) == ("src/main.cpp", 4)
    assert err.related == [(3, 4)]


def test_arduinos_verdict_follows_from_the_error_above_it() -> None:
    report = scan(
        """
        /home/user/Arduino/cart/cart.ino:4:3: error: 'cartTotal' was not declared in this scope
           cartTotal();
           ^~~~~~~~~
        exit status 1

        Compilation error: exit status 1
        """
    )
    (err,) = report.errors
    assert err.file == "/home/user/Arduino/cart/cart.ino" and err.related == [(4, 6)]


def test_an_undefined_symbol_armlink_names_is_a_reference() -> None:
    report = scan(
        """
        .\\Objects\\cart.axf: Error: L6218E: Undefined symbol cart_total (referred from main.o).
        Not enough information to list image symbols.
        Finished: 1 information, 0 warning and 1 error messages.
        """
    )
    (err,) = report.errors
    assert (err.tool, err.code, err.category) == ("armlink", "L6218E", "reference")
    assert err.message == "Undefined symbol cart_total (referred from main.o)."


def test_a_linkers_line_under_ninjas_failed_step_is_its_message_without_the_linkers_path() -> None:
    report = scan(
        """
        [1/1] gcc -nostdlib -static -Wl,-T,tiny.ld -o cart.elf cart.c
        FAILED: cart.elf
        gcc -nostdlib -static -Wl,-T,tiny.ld -o cart.elf cart.c
        /usr/bin/ld: cart.elf section `.note.gnu.build-id' will not fit in region `FLASH'
        /usr/bin/ld: region `FLASH' overflowed by 176 bytes
        collect2: error: ld returned 1 exit status
        ninja: build stopped: subcommand failed.
        """
    )
    assert report.primary is not None
    assert report.primary.message == (
        "cart.elf section `.note.gnu.build-id' will not fit in region `FLASH'"
    )
