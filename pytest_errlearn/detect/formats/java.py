"""JVM: javac, Java exceptions, maven, surefire, gradle, kotlinc."""

from __future__ import annotations

from . import Format

_SRC = r"(?:[A-Za-z]:)?[^\s:\[]+\.(?:java|kt|kts|scala|groovy)"

ORDER = 45  # where its rows stand in the table (``formats.families``)
COMMANDS = {
    **dict.fromkeys(("mvn", "mvnw"), "maven"),
    **dict.fromkeys(("gradle", "gradlew"), "gradle"),
    "javac": "javac",
    **dict.fromkeys(("java", "kotlinc"), "java"),
}
# Executable -> the subcommands that build or test (None: any use).
BUILDS: dict[str, frozenset[str] | None] = dict.fromkeys(
    ("mvn", "mvnw", "gradle", "gradlew", "javac"), None
)

ROWS = (
    Format(
        "maven-compiler",
        rf"^\[(?P<sev>ERROR|WARNING|WARN)\] (?P<file>{_SRC}):\[(?P<line>\d+)(?:,(?P<col>\d+))?\] "
        r"(?:\((?P<code>[\w-]+)\) )?(?P<msg>.+)$",
        tool="maven",
        block="maven",
        rank=2,
        examples=("[ERROR] /src/main/java/A.java:[3,5] cannot find symbol",),
    ),
    Format(
        "javac",
        rf"^(?P<file>{_SRC}):(?P<line>\d+): (?P<sev>error|warning): (?P<msg>.+)$",
        tool="javac",
        block="codeframe",
        rank=2,
        examples=("src/A.java:3: error: cannot find symbol",),
    ),
    Format(
        "kotlinc",
        rf"^(?P<sev>e|w): (?:file://)?(?P<file>{_SRC}):(?:\s?\(?(?P<line>\d+)[:,]\s?"
        r"(?P<col>\d+)\)?:?)? (?P<msg>.+)$",
        tool="gradle",
        rank=2,
        examples=("e: /src/A.kt: (3, 5): Unresolved reference: foo",),
    ),
    Format(
        "surefire-failure",
        # surefire 2: ``testAdd(com.example.AppTest)  Time elapsed``; 3: ``com.example.AppTest.adds
        # -- Time elapsed`` (a parameterised test's ``(int)[1]`` after it)
        r"^(?:\[ERROR\] )?(?P<test>[\w$.]+(?:\([^()]*\))?(?:\[\d+\])?)(?: --)?\s+Time elapsed: "
        r".*<<< (?:FAILURE|ERROR)!$",
        tool="maven",
        block="javatest",
        rank=3,
        examples=(
            "testAdd(com.example.AppTest)  Time elapsed: 0.01 sec  <<< FAILURE!",
            "[ERROR] com.example.CalcTest.adds -- Time elapsed: 0.015 s <<< FAILURE!",
        ),
    ),
    Format(  # a test class's count, its failures below it: no error of its own, nor the
        # sign of one above it (the surefire 2.12 of Maven 3's defaults prints it unprefixed)
        "surefire-class-summary",
        r"^(?:\[(?:ERROR|WARNING|INFO)\] )?Tests run: \d+, Failures: \d+, Errors: \d+, "
        r"Skipped: \d+, Time elapsed: .*<<< (?:FAILURE|ERROR)!(?: --? in [\w$.]+)?$",
        tool="maven",
        role="ignore",
        examples=(
            "[ERROR] Tests run: 3, Failures: 1, Errors: 1, Skipped: 0, Time elapsed: 0.110 s "
            "<<< FAILURE! -- in com.example.CalcTest",
        ),
    ),
    Format(  # a goal that failed for want of an artifact: nothing before it says so
        "maven-unresolved",
        r"^\[ERROR\] Failed to execute goal (?:\S+ (?:\([\w.-]+\) )?)?on project [\w.-]+: "
        r"(?P<msg>.*?(?:Could not resolve dependencies|could not be resolved|Cannot access|"
        r"Could not (?:find|transfer) artifact|Failed to read artifact descriptor).*?)"
        r"(?: -> \[Help \d+\])?$",
        tool="maven",
        category="dependency",
        rank=2,
        examples=(
            "[ERROR] Failed to execute goal on project demo: Could not resolve dependencies for "
            "project com.ex:demo:jar:1.0: Cannot access central in offline mode -> [Help 1]",
        ),
    ),
    Format(
        "maven-consequence",
        r"^\[ERROR\] (?P<msg>(?:Failed to execute goal|Tests run:|Failures:|Errors:|"
        r"There (?:are|were) test failures|BUILD FAILURE|"
        r"Please refer to|To see the full|Re-run Maven|For more information|-> \[Help|"
        r"\[Help \d|After correcting|\s*$|\s+\S+:\d+ |Crashed tests|The forked VM|"
        r"ExecutionException|Command was|\s+(?:Run \d|\w[\w.$]+[.:]))).*$",
        tool="maven",
        role="consequence",
        rank=0,
        examples=("[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin",),
    ),
    Format(
        "maven-noise",
        r"^\[(?:ERROR|WARNING)\] (?:Picked up (?:JAVA_TOOL_OPTIONS|_JAVA_OPTIONS)|"
        r"Java HotSpot\(TM\)|OpenJDK 64-Bit Server VM warning|COMPILATION ERROR :?\s*$)",
        tool="maven",
        role="ignore",
        examples=("[ERROR] Picked up JAVA_TOOL_OPTIONS: -Dfile.encoding=UTF8",),
    ),
    Format(
        "maven-build-failure",
        r"^\[INFO\] BUILD FAILURE$|^\[(?:INFO|ERROR)\] -{20,}$",
        tool="maven",
        role="ignore",
        examples=("[INFO] BUILD FAILURE",),
    ),
    Format(
        "maven-error",
        r"^\[ERROR\] (?P<msg>.+)$",
        tool="maven",
        rank=1,
        examples=("[ERROR] Failed to read artifact descriptor for x:y:jar:1.0",),
    ),
    Format(
        "gradle-what-went-wrong",
        r"^\* What went wrong:$",
        tool="gradle",
        block="gradle",
        rank=2,
        examples=("* What went wrong:",),
    ),
    Format(
        "gradle-consequence",
        r"^(?:FAILURE: Build failed with an exception\.|BUILD FAILED(?: in .*)?|"
        r"(?:> Task )?:[\w:.-]+ FAILED|"
        r"> There were failing tests\..*|\d+ tests? completed, \d+ failed.*)$",
        tool="gradle",
        role="consequence",
        rank=0,
        examples=("BUILD FAILED in 3s",),
    ),
    Format(
        "gradle-test-failure",
        r"^(?P<test>[\w$.]+ > .+?) FAILED$",
        tool="gradle",
        block="gradletest",
        rank=3,
        examples=("com.example.AppTest > testAdd FAILED",),
    ),
    Format(
        "gradle-exception",
        r"^(?P<msg>org\.gradle\.[\w.$]+(?:Exception|Error): .*)$",
        tool="gradle",
        block="stack",
        role="consequence",
        rank=0,
        examples=("org.gradle.api.tasks.TaskExecutionException: Execution failed for task ':t'.",),
    ),
    Format(
        "java-exception",
        r"^(?:Exception in thread \"[^\"]*\" )?(?P<msg>(?P<exc>(?:[a-z_$][\w$]*\.)+"
        r"[A-Z][\w$]*(?:Exception|Error|Failure|Failed))(?:: .*)?)$",
        tool="java",
        block="stack",
        rank=3,
        examples=('Exception in thread "main" java.lang.NullPointerException',),
    ),
)
