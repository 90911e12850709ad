"""glog's log lines: glog 0.6 (C++, its year in the date), klog (kubectl 1.3x)
and Abseil's logging before it is set up (RE2's), each their real output on
this machine."""

from __future__ import annotations

from test_detect import scan

GLOG = """
    I20261127 15:11:12.909966  3898 calc.cc:6] starting
    W20261127 15:11:12.910027  3898 calc.cc:7] cache directory missing, using /tmp
    E20261127 15:11:12.910033  3898 calc.cc:8] could not open config.yaml
    F20261127 15:11:12.910048  3898 calc.cc:9] Check failed: total(2, 2) == 4 (3 vs. 4) total is wrong
    *** Check failure stack trace: ***
        @     0x7f85abb111ed  google::LogMessage::Fail()
        @     0x7f85abb14d05  google::LogMessage::SendToLog()
        @     0x7f85abb10d0c  google::LogMessage::Flush()
        @     0x7f85abb122e9  google::LogMessageFatal::~LogMessageFatal()
        @     0x555a885a13ea  main
        @     0x7f85ab64524a  (unknown)
        @     0x7f85ab645305  __libc_start_main
        @     0x555a885a1141  _start
"""  # noqa: E501


def test_a_failed_check_is_the_root_cause_with_its_stack_and_the_logged_error_beside() -> None:
    report = scan(GLOG)
    got = [(e.file, e.line, e.category, e.message, e.span) for e in report.errors]
    assert got == [
        ("calc.cc", 8, "unknown", "could not open config.yaml", (3, 3)),
        (
            "calc.cc",
            9,
            "assertion",
            "Check failed: total(2, 2) == 4 (3 vs. 4) total is wrong",
            (4, 13),
        ),
    ]
    assert report.primary is report.errors[1]  # the program aborted there
    (warning,) = report.warnings
    assert (warning.message, warning.line) == ("cache directory missing, using /tmp", 7)


def test_klog_s_structured_error_is_its_message_and_the_error_it_carries() -> None:
    report = scan(
        """
        E1127 15:07:34.785246   30913 memcache.go:265] "Unhandled Error" err="couldn't get current server API group list: Get \\"http://localhost:8080/api?timeout=32s\\": dial tcp 127.0.0.1:8080: connect: connection refused"
        E1127 15:07:34.786556   30913 memcache.go:265] "Unhandled Error" err="couldn't get current server API group list: Get \\"http://localhost:8080/api?timeout=32s\\": dial tcp 127.0.0.1:8080: connect: connection refused"
        The connection to the server localhost:8080 was refused - did you specify the right host or port?
        """  # noqa: E501
    )
    err = report.primary
    assert err is not None and (err.tool, err.category, err.count) == ("glog", "network", 2)
    assert err.message == (
        "Unhandled Error: couldn't get current server API group list: Get"
        ' "http://localhost:8080/api?timeout=32s": dial tcp 127.0.0.1:8080: connect:'
        " connection refused"
    )


def test_abseil_s_line_before_its_logging_is_set_up_is_read_too_and_not_as_ruff_s() -> None:
    (err,) = scan(
        "E0000 00:00:1795789694.898660   17880 re2.cc:783] DFA out of memory: pattern length"
        " 63231, program size 44443, list count 36824, bytemap range 132\n"
    ).errors
    assert (err.tool, err.file, err.line, err.code) == ("glog", "re2.cc", 783, None)
    assert err.message.startswith("DFA out of memory")
