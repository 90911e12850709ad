"""javac and Maven's compiler plugin: each diagnostic one error, with what javac
says under it. The outputs are real (OpenJDK 17's javac, Maven 3.8.7), trimmed."""

from __future__ import annotations

from test_detect import scan

JAVAC = """
src/com/example/Inventory.java:21: error: cannot find symbol
        System.out.println(inv.cout());
                              ^
  symbol:   method cout()
  location: variable inv of type Inventory
src/com/example/Inventory.java:22: error: cannot find symbol
        Map<String, Integer> m = new HashMap<>();
        ^
  symbol:   class Map
  location: class Inventory
src/com/example/Inventory.java:22: error: cannot find symbol
        Map<String, Integer> m = new HashMap<>();
                                     ^
  symbol:   class HashMap
  location: class Inventory
3 errors
"""


def test_javac_s_missing_symbol_is_named_in_the_message() -> None:
    messages = [e.message for e in scan(JAVAC).errors]
    assert messages == [
        "cannot find symbol: method cout()",
        "cannot find symbol: class Map",
        "cannot find symbol: class HashMap",
    ]


def test_two_javac_errors_on_one_line_are_two_errors_at_their_carets() -> None:
    report = scan(JAVAC)
    assert [(e.line, e.column, e.span) for e in report.errors] == [
        (21, 31, (1, 5)),
        (22, 9, (6, 10)),
        (22, 38, (11, 15)),
    ]
    assert len({e.signature for e in report.errors}) == 3


def test_a_javac_source_line_at_the_margin_stays_in_its_block() -> None:
    (err,) = scan(
        """
        src/A.java:1: error: cannot find symbol
        import com.example.Missing;
                          ^
          symbol:   class Missing
        """
    ).errors
    assert (err.message, err.column, err.span) == ("cannot find symbol: class Missing", 19, (1, 4))


def test_maven_s_missing_symbol_is_named_in_the_message_of_both_its_listings() -> None:
    (err,) = scan(
        """
        [ERROR] COMPILATION ERROR :
        [ERROR] /p/src/main/java/com/example/Calc.java:[10,16] cannot find symbol
          symbol:   variable totl
          location: class com.example.Calc
        [INFO] 1 error
        [ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.11.0:\
        compile (default-compile) on project calc: Compilation failure
        [ERROR] /p/src/main/java/com/example/Calc.java:[10,16] cannot find symbol
        [ERROR]   symbol:   variable totl
        [ERROR]   location: class com.example.Calc
        """
    ).errors
    assert (err.message, err.line, err.column, err.count) == (
        "cannot find symbol: variable totl",
        10,
        16,
        2,
    )


# A real run of the JUnit Platform console launcher 1.9 (Debian's junit5),
# `java -jar junit-platform-console-standalone.jar -cp out --select-class calc.CalcTest`.
CONSOLE = """
Failures (2):
  JUnit Jupiter:CalcTest:subtracts()
    MethodSource [className = 'calc.CalcTest', methodName = 'subtracts', methodParameterTypes = '']
    => org.opentest4j.AssertionFailedError: 2 - 3 ==> expected: <-1> but was: <5>
       org.junit.jupiter.api.AssertionFailureBuilder.build(AssertionFailureBuilder.java:151)
       org.junit.jupiter.api.Assertions.assertEquals(Assertions.java:560)
       calc.CalcTest.subtracts(CalcTest.java:15)
       java.base/java.lang.reflect.Method.invoke(Method.java:569)
       [...]
  JUnit Jupiter:CalcTest:divides()
    MethodSource [className = 'calc.CalcTest', methodName = 'divides', methodParameterTypes = '']
    => java.lang.ArithmeticException: / by zero
       calc.Calc.div(Calc.java:6)
       calc.CalcTest.divides(CalcTest.java:20)
       [...]

Test run finished after 114 ms
[         2 tests failed          ]
"""


def test_the_junit_console_launchers_failures_are_each_at_the_projects_frame() -> None:
    found = [(e.test, e.file, e.line, e.category) for e in scan(CONSOLE).errors]
    assert found == [
        ("CalcTest:subtracts()", "CalcTest.java", 15, "assertion"),
        ("CalcTest:divides()", "Calc.java", 6, "runtime"),
    ]


def test_a_selenium_exception_reads_its_info_lines_and_points_at_the_users_test() -> None:
    (err,) = scan(
        """
        org.openqa.selenium.NoSuchElementException: no such element: Unable to locate element
        For documentation on this error, please visit: https://www.selenium.dev/documentation
        Build info: version: '4.21.0', revision: '79ed462ef4'
        System info: os.name: 'Linux', os.arch: 'amd64', java.version: '17.0.11'
        Driver info: org.openqa.selenium.chrome.ChromeDriver
        Capabilities {acceptInsecureCerts: false, browserName: chrome}
        Session ID: 5b0c7f1e2d
            at org.openqa.selenium.remote.ErrorCodec.decode(ErrorCodec.java:167)
            at org.openqa.selenium.remote.RemoteWebDriver.findElement(RemoteWebDriver.java:350)
            at com.example.LoginTest.opensTheLoginForm(LoginTest.java:42)
            at java.base/jdk.internal.reflect.DirectMethodHandleAccessor.invoke(Unknown Source)
        """
    ).errors
    assert err.message.startswith("org.openqa.selenium.NoSuchElementException: no such element")
    assert (err.file, err.line) == ("LoginTest.java", 42)
