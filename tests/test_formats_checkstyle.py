"""Java's style checks: Checkstyle's plain format, as its command line documents
it and as maven-checkstyle-plugin and Gradle's checkstyle plugin print it; the
files Spotless's Gradle plugin would format."""

from __future__ import annotations

from test_detect import scan


def test_each_checkstyle_violation_is_at_its_place_with_its_check() -> None:
    app = "/home/ci/app/src/main/java/com/acme/App.java"
    report = scan(
        "[INFO] --- maven-checkstyle-plugin:3.1.2:check (validate) @ app ---\n"
        "[INFO] Starting audit...\n"
        f"[ERROR] {app}:12:5: Missing a Javadoc comment. [MissingJavadocMethod]\n"
        f"[WARN] {app}:20: Line is longer than 100 characters (found 120). [LineLength]\n"
        "Audit done.\n"
        "[INFO] BUILD FAILURE\n"
        "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-checkstyle-plugin:3.1.2"
        ":check (validate) on project app: You have 1 Checkstyle violation. -> [Help 1]\n"
    )
    (err,) = report.errors
    assert (err.file, err.line, err.column, err.code, err.tool) == (
        app,
        12,
        5,
        "MissingJavadocMethod",
        "checkstyle",
    )
    assert err.message == "Missing a Javadoc comment."
    (warning,) = report.warnings
    assert (warning.line, warning.code) == (20, "LineLength")


def test_gradles_checkstyle_lines_are_read_the_same() -> None:
    (err,) = scan(
        "[ant:checkstyle] [ERROR] /home/ci/app/src/main/java/A.java:3:1: "
        "Wrong lexicographical order for 'java.util.List' import. [CustomImportOrder]"
    ).errors
    assert (err.file, err.line, err.code) == (
        "/home/ci/app/src/main/java/A.java",
        3,
        "CustomImportOrder",
    )


def test_spotless_names_the_first_file_it_would_change_as_the_place() -> None:
    # Gradle's failure for spotlessJavaCheck, as Spotless's Gradle plugin prints it
    (err,) = scan(
        """
        > Task :spotlessJavaCheck FAILED

        FAILURE: Build failed with an exception.

        * What went wrong:
        Execution failed for task ':spotlessJavaCheck'.
        > The following files had format violations:
              src/main/java/com/acme/App.java
                  @@ -10,7 +10,7 @@
                  -    public static void main(String[] args){
                  +    public static void main(String[] args) {
              src/main/java/com/acme/Util.java
          Run './gradlew :spotlessApply' to fix these violations.

        * Try:
        """
    ).errors
    assert (err.file, err.tool) == ("src/main/java/com/acme/App.java", "gradle")
    assert err.message.endswith("> The following files had format violations:")
