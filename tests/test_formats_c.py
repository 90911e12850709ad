"""C and C++ builds: gcc/clang, the linker, make, cmake, ninja. The outputs are
real (gcc 12, clang 14, cmake 3.25, ninja 1.11 on Debian 12), trimmed, their
paths made neutral."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from test_detect import scan

from pytest_errlearn.detect.engine import detect


def test_a_ninja_step_that_failed_is_its_command_s_error_not_the_progress_line() -> None:
    report = scan(
        """
        [1/3] Generating version.h
        FAILED: version.h /src/build/version.h
        cd /src/build && sh /src/gen_version.sh /src/build/version.h
        cat: VERSION: No such file or directory
        ninja: build stopped: subcommand failed.
        """
    )
    (err,) = report.errors
    assert (err.message, err.span, err.related) == (
        "VERSION: No such file or directory",
        (4, 4),
        [(5, 5)],
    )
    assert "FAILED: version.h /src/build/version.h" in err.context[1]


def test_a_ninja_link_that_failed_is_the_linker_s_error_not_the_compile_before_it() -> None:
    report = scan(
        """
        [1/2] Building C object CMakeFiles/linkdemo.dir/main.c.o
        [2/2] Linking C executable linkdemo
        FAILED: linkdemo
        : && /usr/bin/cc   CMakeFiles/linkdemo.dir/main.c.o -o linkdemo   && :
        /usr/bin/ld: CMakeFiles/linkdemo.dir/main.c.o: in function `main':
        main.c:(.text+0x11): undefined reference to `compute'
        collect2: error: ld returned 1 exit status
        ninja: build stopped: subcommand failed.
        """
    )
    (err,) = report.errors
    assert (err.tool, err.message) == ("ld", "undefined reference to `compute'")


def test_each_step_ninja_failed_is_its_compiler_s_error_alone() -> None:
    report = scan(
        """
        ninja: Entering directory `build'
        [1/4] Building CXX object CMakeFiles/shapes.dir/src/shapes.cpp.o
        FAILED: CMakeFiles/shapes.dir/src/shapes.cpp.o
        /usr/bin/c++ -std=gnu++17 -o CMakeFiles/shapes.dir/src/shapes.cpp.o -c /src/shapes.cpp
        /src/shapes.cpp:10:14: error: 'std::string' has no member named 'lenght'
        [2/4] Building CXX object CMakeFiles/app.dir/src/main.cpp.o
        FAILED: CMakeFiles/app.dir/src/main.cpp.o
        /usr/bin/c++ -std=gnu++17 -o CMakeFiles/app.dir/src/main.cpp.o -c /src/main.cpp
        /src/main.cpp:6:17: error: invalid conversion from 'const char*' to 'int' [-fpermissive]
        ninja: build stopped: subcommand failed.
        """
    )
    assert [(e.file, e.line) for e in report.errors] == [
        ("/src/shapes.cpp", 10),
        ("/src/main.cpp", 6),
    ]


def test_a_ninja_step_whose_output_no_row_reads_is_an_error_of_what_it_printed() -> None:
    (err,) = scan(
        """
        FAILED: version.h
        cd /src/build && sh /src/gen_version.sh
        gen_version: the VERSION file is gone
        ninja: build stopped: subcommand failed.
        """
    ).errors
    assert (err.tool, err.message, err.span) == (
        "ninja",
        "gen_version: the VERSION file is gone",
        (1, 3),
    )


GPP_TEMPLATE = """
/usr/include/c++/12/bits/predefined_ops.h: In instantiation of 'constexpr bool \
__gnu_cxx::__ops::_Iter_less_iter::operator()(_Iterator1, _Iterator2) const':
/usr/include/c++/12/bits/stl_algo.h:1809:14:   required from 'void std::__insertion_sort()'
/usr/include/c++/12/bits/stl_algo.h:4820:18:   required from 'void std::sort(_RAIter, _RAIter)'
main.cpp:19:14:   required from here
/usr/include/c++/12/bits/predefined_ops.h:45:23: error: no match for 'operator<' \
(operand types are 'Point' and 'Point')
   45 |       { return *__it1 < *__it2; }
      |                ~~~~~~~^~~~~~~~
/usr/include/c++/12/bits/stl_iterator.h:1246:5: note: candidate: 'template<class _IteratorL> \
bool __gnu_cxx::operator<(const __normal_iterator<_IteratorL>&)'
/usr/include/c++/12/bits/predefined_ops.h: In instantiation of 'bool \
__gnu_cxx::__ops::_Val_less_iter::operator()(_Value&, _Iterator) const':
/usr/include/c++/12/bits/stl_algo.h:4820:18:   required from 'void std::sort(_RAIter, _RAIter)'
main.cpp:19:14:   required from here
/usr/include/c++/12/bits/predefined_ops.h:98:22: error: no match for 'operator<' \
(operand types are 'Point' and 'Point')
   98 |       { return __val < *__it; }
      |                ~~~~~~^~~~~~~
"""


def test_an_error_in_a_library_template_is_at_the_user_s_line_that_required_it() -> None:
    (err,) = scan(GPP_TEMPLATE).errors
    assert (err.file, err.line, err.column) == ("main.cpp", 19, 14)
    assert err.message == "no match for 'operator<' (operand types are 'Point' and 'Point')"


def test_one_template_mistake_g_plus_plus_reports_twice_is_one_error() -> None:
    (err,) = scan(GPP_TEMPLATE).errors
    assert (err.count, err.span, err.related) == (2, (5, 7), [(12, 14)])


def test_an_error_in_the_user_s_own_template_stays_where_it_is() -> None:
    (err,) = scan(
        """
        main.cpp: In instantiation of 'T sum_all(const std::vector<T>&) [with T = Point]':
        main.cpp:20:22:   required from here
        main.cpp:13:43: error: no match for 'operator+' (operand types are 'Point' and 'Point')
        """
    ).errors
    assert (err.file, err.line, err.column) == ("main.cpp", 13, 43)


def test_a_cmake_parse_error_says_what_the_parser_said() -> None:
    (err,) = scan(
        """
        CMake Error at CMakeLists.txt:4:
          Parse error.  Function missing ending ")".  End of file reached.


        -- Configuring incomplete, errors occurred!
        """
    ).errors
    assert (err.file, err.line, err.category) == ("CMakeLists.txt", 4, "syntax")
    assert err.message == 'Parse error.  Function missing ending ")".  End of file reached.'


def test_a_cmake_message_wrapped_over_lines_is_joined() -> None:
    (err,) = scan(
        """
        CMake Error at /usr/share/cmake-3.25/Modules/FindBoost.cmake:2376 (message):
          Could NOT find Boost (missing: Boost_INCLUDE_DIR filesystem) (Required is
          at least version "1.70")
        Call Stack (most recent call first):
          /usr/share/cmake-3.25/Modules/FindBoost.cmake:2376 (find_package_handle_standard_args)
          CMakeLists.txt:3 (find_package)
        """
    ).errors
    assert err.message.endswith('filesystem) (Required is at least version "1.70")')
    assert err.category == "dependency"


def test_a_warning_option_that_takes_a_level_is_its_code_without_the_equals_sign() -> None:
    (err,) = scan(
        """
        tool.c:12:18: error: format '%s' expects argument of type 'char *', but argument 2 \
        has type 'int' [-Werror=format=]
        """
    ).errors
    assert (err.code, err.message[-10:]) == ("-Wformat", "type 'int'")


def test_a_recipe_that_fails_silently_is_makes_error_at_the_recipes_line(tmp_path: Path) -> None:
    if shutil.which("make") is None:
        pytest.skip("no make here")
    (tmp_path / "Makefile").write_text("check:\n\t@test -f VERSION\n")
    run = subprocess.run(["make", "check"], cwd=tmp_path, capture_output=True, check=False)
    (err,) = detect(run.stdout + run.stderr, command="make check").errors
    assert (err.tool, err.file, err.line, err.category) == ("make", "Makefile", 2, "build")


_FLASH_FULL = """
    /usr/bin/ld: cart.elf section `.note.gnu.build-id' will not fit in region `FLASH'
    /usr/bin/ld: region `FLASH' overflowed by 180 bytes
    collect2: error: ld returned 1 exit status
    """


def test_a_section_a_linker_script_s_region_cannot_hold_is_the_link_s_one_error() -> None:
    (err,) = scan(_FLASH_FULL).errors
    assert (err.tool, err.category, err.span) == ("ld", "build", (1, 1))
    assert err.message == "cart.elf section `.note.gnu.build-id' will not fit in region `FLASH'"


def test_a_cross_linker_s_region_overflow_alone_is_the_error() -> None:
    (err,) = scan(_FLASH_FULL.replace("/usr/bin/ld", "arm-none-eabi-ld").split("\n", 2)[2]).errors
    assert (err.tool, err.message) == ("ld", "region `FLASH' overflowed by 180 bytes")


def test_clang_s_count_of_errors_is_the_compiler_s_not_the_linker_s() -> None:
    # the diagnostics above it cut off, as in a truncated paste: only clang's count is left
    [err] = scan("2 errors generated.\nmake: *** [Makefile:4: app.o] Error 1\n").errors
    assert (err.tool, err.category) == ("gcc", "build")
