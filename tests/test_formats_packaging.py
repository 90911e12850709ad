"""Package builders: dpkg-buildpackage with debhelper, lintian, rpmbuild, Homebrew,
makepkg, flatpak-builder and snapcraft.

The dpkg-buildpackage, debhelper, lintian and rpmbuild outputs are real runs
(Debian's dpkg-dev, debhelper 13, lintian and rpm) on small broken packages; the
others are written in the shapes the tools' documentation and sources print,
with neutral names.
"""

from __future__ import annotations

from test_detect import scan


def test_a_compiler_error_in_a_debian_build_is_the_cause_and_the_packagers_lines_follow() -> None:
    report = scan(
        """
        make[1]: Entering directory '/home/user/hello'
        cc -o hello hello.c
        hello.c: In function 'main':
        hello.c:1:25: error: 'undefined_thing' undeclared (first use in this function)
            1 | int main(void) { return undefined_thing; }
              |                         ^~~~~~~~~~~~~~~
        make[1]: *** [Makefile:2: all] Error 1
        make[1]: Leaving directory '/home/user/hello'
        dh_auto_build: error: make -j2 "INSTALL=install --strip-program=true" returned exit code 2
        make: *** [debian/rules:3: build] Error 25
        dpkg-buildpackage: error: debian/rules build subprocess returned exit status 2
        """
    )
    assert [(e.file, e.line) for e in report.errors] == [("hello.c", 1)]


def test_the_exit_line_of_a_debhelper_command_is_the_error_when_nothing_above_says_why() -> None:
    report = scan(
        """
        dh_auto_build: error: cd obj-x86_64-linux-gnu && make -j4 returned exit code 2
        make: *** [debian/rules:6: build] Error 2
        dpkg-buildpackage: error: debian/rules build subprocess returned exit status 2
        """
    )
    assert len(report.errors) == 1
    err = report.errors[0]
    assert (err.tool, err.category, err.span) == ("debhelper", "build", (1, 1))


def test_debhelpers_missing_files_are_a_filesystem_error() -> None:
    report = scan(
        """
           dh_install
        dh_install: warning: Cannot find (any matches for) "usr/bin/hello" (tried in ., debian/tmp)

        dh_install: warning: hello missing files: usr/bin/hello
        dh_install: error: missing files, aborting
        make: *** [debian/rules:3: binary] Error 25
        dpkg-buildpackage: error: debian/rules binary subprocess returned exit status 2
        """
    )
    assert len(report.errors) == 1
    err = report.errors[0]
    assert (err.tool, err.category, err.message) == (
        "debhelper",
        "filesystem",
        "missing files, aborting",
    )


def test_older_debhelper_says_each_missing_file_once_as_one_error() -> None:
    report = scan(
        """
        dh_install: Cannot find (any matches for) "usr/bin/foo" (tried in ., debian/tmp)

        dh_install: foo-bin missing files: usr/bin/foo
        dh_install: Cannot find (any matches for) "usr/bin/bar" (tried in ., debian/tmp)

        dh_install: foo-bin missing files: usr/bin/bar
        dh_install: missing files, aborting
        """
    )
    assert [(e.span, e.category) for e in report.errors] == [
        ((1, 3), "filesystem"),
        ((4, 6), "filesystem"),
    ]


def test_a_library_dpkg_shlibdeps_knows_no_package_of_is_a_dependency_error() -> None:
    report = scan(
        """
           dh_shlibdeps
        dpkg-shlibdeps: error: no dependency information found for /lib/lf.so.1 (used by debian/x/a)
        Hint: check if the library actually comes from a package.
        dh_shlibdeps: error: dpkg-shlibdeps -Tdebian/x.substvars debian/x/a returned exit code 2
        dh_shlibdeps: error: Aborting due to earlier error
        make: *** [debian/rules:3: binary] Error 2
        dpkg-buildpackage: error: debian/rules binary subprocess returned exit status 2
        """
    )
    assert len(report.errors) == 1
    err = report.errors[0]
    assert (err.tool, err.category, err.span) == ("dpkg", "dependency", (2, 3))
    assert err.message.startswith("no dependency information found for /lib/lf.so.1")


def test_dpkg_sources_lines_of_one_error_are_one_error() -> None:
    report = scan(
        """
        dpkg-source: error: cannot represent change to src/app.pyc:
        dpkg-source: error:   new version is plain file
        dpkg-source: error:   old version is symlink to /usr/lib/app.pyc
        dpkg-source: error: unrepresentable changes to source
        dpkg-buildpackage: error: dpkg-source -b . subprocess returned exit status 1
        """
    )
    assert [(e.tool, e.span) for e in report.errors] == [("dpkg", (1, 3)), ("dpkg", (4, 4))]


def test_lintians_findings_are_errors_and_its_w_lines_warnings() -> None:
    report = scan(
        """
        E: hello-errlearn: description-too-short test
        E: hello-errlearn: no-copyright-file
        W: hello-errlearn: no-manual-page [usr/bin/hello-errlearn]
        W: hello-errlearn: recommended-field hello-errlearn_1.0_all.deb Priority
        """
    )
    assert [(e.tool, e.category, e.message) for e in report.errors] == [
        ("lintian", "config", "hello-errlearn: description-too-short test"),
        ("lintian", "config", "hello-errlearn: no-copyright-file"),
    ]
    assert len(report.warnings) == 2


def test_rpmbuilds_unpackaged_files_are_one_error_naming_the_first_file() -> None:
    report = scan(
        """
        Checking for unpackaged file(s): /usr/lib/rpm/check-files /home/user/BUILDROOT
        error: Installed (but unpackaged) file(s) found:
           /usr/share/hello/b.txt
           /usr/share/hello/c.txt

        RPM build errors:
            Installed (but unpackaged) file(s) found:
           /usr/share/hello/b.txt
           /usr/share/hello/c.txt
        """
    )
    assert len(report.errors) == 1
    err = report.errors[0]
    assert (err.tool, err.category, err.span) == ("rpmbuild", "config", (2, 4))
    assert err.message == "Installed (but unpackaged) file(s) found: /usr/share/hello/b.txt"


def test_a_file_the_spec_lists_but_install_did_not_make_is_a_filesystem_error() -> None:
    report = scan(
        """
        Processing files: hello-1.0-1.noarch
        error: File not found: /home/user/BUILDROOT/hello-1.0-1.x86_64/usr/share/hello/c.txt

        RPM build errors:
            File not found: /home/user/BUILDROOT/hello-1.0-1.x86_64/usr/share/hello/c.txt
        """
    )
    assert [(e.tool, e.category) for e in report.errors] == [("rpmbuild", "filesystem")]


def test_rpmbuilds_bad_exit_status_follows_the_compilers_error() -> None:
    report = scan(
        """
        + make -j4
        src/app.c:3:5: error: unknown type name 'sizet'
        make: *** [Makefile:4: app] Error 1
        error: Bad exit status from /var/tmp/rpm-tmp.AbC123 (%build)

        RPM build errors:
            Bad exit status from /var/tmp/rpm-tmp.AbC123 (%build)
        """
    )
    assert [(e.file, e.line) for e in report.errors] == [("src/app.c", 3)]


def test_mocks_traceback_for_the_rpmbuild_it_ran_follows_rpmbuilds_error() -> None:
    report = scan(
        """
        error: File not found: /builddir/build/BUILDROOT/hello-1.0-1.x86_64/usr/bin/hello
        Child return code was: 1
        EXCEPTION: Command failed. See logs for output.
        Traceback (most recent call last):
          File "/usr/lib/python3.11/site-packages/mockbuild/trace_decorator.py", line 93, in trace
            result = func(*args, **kw)
          File "/usr/lib/python3.11/site-packages/mockbuild/util.py", line 612, in do_with_status
            raise exception.Error("Command failed: \\n # " + str(command), child.returncode)
        mockbuild.exception.Error: Command failed:
        """
    )
    assert [(e.tool, e.category) for e in report.errors] == [("rpmbuild", "filesystem")]


def test_a_called_process_error_follows_what_the_command_printed() -> None:
    report = scan(
        """
        src/app.c:3:5: error: unknown type name 'sizet'
        Traceback (most recent call last):
          File "/home/user/app/build.py", line 9, in <module>
            subprocess.run(["make"], check=True)
        subprocess.CalledProcessError: Command '['make']' returned non-zero exit status 2.
        """
    )
    assert [(e.file, e.line) for e in report.errors] == [("src/app.c", 3)]


def test_an_error_in_an_open_build_service_log_is_read_behind_its_time() -> None:
    report = scan(
        """
        [  158s] error: Installed (but unpackaged) file(s) found:
        [  158s]    /usr/lib/libfoo.so
        """
    )
    assert [(e.tool, e.span) for e in report.errors] == [("rpmbuild", (1, 2))]


def test_homebrews_child_process_exception_is_the_error_it_names() -> None:
    report = scan(
        """
        ==> make
        Error: An exception occurred within a child process:
          Errno::ENOENT: No such file or directory - src/foo
        """
    )
    assert len(report.errors) == 1
    err = report.errors[0]
    assert (err.tool, err.category) == ("brew", "filesystem")
    assert err.message == "Errno::ENOENT: No such file or directory - src/foo"


def test_homebrews_failed_build_command_follows_the_compilers_error() -> None:
    report = scan(
        """
        ==> make
        Last 15 lines from /Users/user/Library/Logs/Homebrew/foo/02.make:
        src/foo.c:10:3: error: use of undeclared identifier 'bar'
        make: *** [foo.o] Error 1
        Error: An exception occurred within a child process:
          BuildError: Failed executing: make
        """
    )
    assert [(e.file, e.line) for e in report.errors] == [("src/foo.c", 10)]


def test_makepkgs_failure_in_build_follows_the_shells_error() -> None:
    report = scan(
        """
        ==> Starting build()...
        /home/user/foo/PKGBUILD: line 28: make: command not found
        ==> ERROR: A failure occurred in build().
            Aborting...
        """
    )
    assert [(e.tool, e.line) for e in report.errors] == [("shell", 28)]
    assert report.errors[0].related == [(3, 4)]  # makepkg's lines follow from it


def test_makepkgs_own_error_is_its_tools() -> None:
    report = scan("==> ERROR: One or more files did not pass the validity check!\n")
    assert [(e.tool, e.category) for e in report.errors] == [("makepkg", "config")]


def test_a_flatpak_module_killed_with_nothing_above_is_the_error() -> None:
    report = scan(
        """
        Building module app-setup in /home/user/.flatpak-builder/build/app-setup-1
        ========================================================================
        Running: mkdir -p /usr/lib/extra
        Error: module app-setup: Child process killed by signal 11
        """
    )
    assert [(e.tool, e.span) for e in report.errors] == [("flatpak-builder", (4, 4))]


def test_snapcrafts_failed_part_follows_the_error_of_its_script() -> None:
    report = scan(
        """
        src/app.c:3:5: error: unknown type name 'sizet'
        make: *** [Makefile:4: app] Error 1
        Failed to run the build script for part 'app'.
        """
    )
    assert [(e.file, e.line) for e in report.errors] == [("src/app.c", 3)]
    assert report.errors[0].related == [(2, 3)]  # make's and snapcraft's lines follow
