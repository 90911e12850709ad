"""Schema compilers and code generators: protoc and buf, OpenAPI Generator,
GraphQL Code Generator, Thrift, FlatBuffers, Prisma's schema checks, sqlc.

protoc's, thrift's and flatc's outputs are real runs of Debian bookworm's
protobuf-compiler 3.21, thrift-compiler 0.17 and flatbuffers-compiler 2.0 on
small schemas of ours; the others are written in their tools' documented
shapes with neutral names.
"""

from __future__ import annotations

from test_detect import scan


def test_protoc_names_the_import_it_could_not_find_before_what_failed_of_it() -> None:
    report = scan(
        """
        types.proto: File not found.
        calc.proto:3:1: Import "types.proto" was not found or had errors.
        calc.proto:5:3: "Money" is not defined.
        """
    )
    assert [(e.tool, e.file, e.line, e.column, e.category) for e in report.errors] == [
        ("protoc", "types.proto", None, None, "dependency"),
        ("protoc", "calc.proto", 3, 1, "dependency"),
        ("protoc", "calc.proto", 5, 3, "reference"),
    ]
    assert report.primary is report.errors[0]
    assert report.errors[0].message == "File not found."


def test_a_plugin_protoc_cannot_start_is_the_error_and_its_failure_line_follows() -> None:
    report = scan(
        """
        protoc-gen-calcgen: program not found or is not executable
        Please specify a program using absolute path or make sure the program is available in your PATH system variable
        --calcgen_out: protoc-gen-calcgen: Plugin failed with status code 1.
        """  # noqa: E501
    )
    assert [(e.tool, e.category, e.message) for e in report.errors] == [
        ("protoc", "dependency", "protoc-gen-calcgen: program not found or is not executable"),
    ]


def test_a_plugin_that_failed_alone_is_the_error() -> None:
    report = scan("--calcgen_out: protoc-gen-calcgen: Plugin failed with status code 1.\n")
    assert [(e.tool, e.category) for e in report.errors] == [("protoc", "build")]


def test_buf_prints_protocs_place_without_a_space_and_its_lines_are_bufs() -> None:
    report = scan(
        """
        api/v1/calc.proto:5:8:import "google/type/date.proto": file does not exist
        """,
        tool="buf",
    )
    (err,) = report.errors
    assert (err.tool, err.file, err.line, err.column) == ("buf", "api/v1/calc.proto", 5, 8)
    assert (err.category, err.message) == (
        "dependency",
        'import "google/type/date.proto": file does not exist',
    )


def test_the_maven_plugins_protoc_failed_line_is_protocs_error_once() -> None:
    report = scan(
        """
        [INFO] --- protobuf-maven-plugin:0.6.1:compile (default) @ calc ---
        [ERROR] PROTOC FAILED: example/calc.proto:2:1: Expected top-level statement (e.g. "message").

        [ERROR] /home/user/calc/src/main/proto/example/calc.proto [0:0]: example/calc.proto:2:1: Expected top-level statement (e.g. "message").
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.file, err.line, err.category) == (
        "protoc",
        "example/calc.proto",
        2,
        "syntax",
    )


def test_an_invalid_openapi_spec_is_the_first_error_the_generator_lists() -> None:
    report = scan(
        """
        Exception in thread "main" org.openapitools.codegen.SpecValidationException: There were issues with the specification. The option can be disabled via validateSpec (Maven/Gradle) or --skip-validate-spec (CLI).
         | Error count: 2, Warning count: 1
        Errors:
        \t-attribute components.schemas.Order.items is missing
        \t-attribute paths.'/orders'(get).responses is missing
        Warnings:
        \t-attribute components.schemas.Order.items is missing

        \tat org.openapitools.codegen.config.CodegenConfigurator.toContext(CodegenConfigurator.java:620)
        \tat org.openapitools.codegen.cmd.Generate.execute(Generate.java:479)
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.category) == ("openapi-generator", "config")
    assert err.message == (
        "There were issues with the specification: "
        "attribute components.schemas.Order.items is missing"
    )


def test_graphql_codegen_reports_the_first_invalid_operation_at_its_place() -> None:
    report = scan(
        """
          \u2714 Load GraphQL documents
          \u2716 GraphQL Document Validation failed with 2 errors;
            Error 0: Cannot query field "titel" on type "Book". Did you mean "title"?
            at /home/user/app/src/queries/books.ts:3:5
            Error 1: Unknown argument "limit" on field "Query.books".
            at /home/user/app/src/queries/books.ts:2:9
        """
    )
    (err,) = report.errors
    assert (err.tool, err.category) == ("graphql-codegen", "reference")
    assert err.message == 'Cannot query field "titel" on type "Book". Did you mean "title"?'
    assert (err.file, err.line, err.column) == ("/home/user/app/src/queries/books.ts", 3, 5)


def test_a_thrift_syntax_error_is_the_line_under_its_place_and_the_parse_failure_follows() -> None:
    report = scan(
        """
        [ERROR:/home/user/api/calc.thrift:4] (last token was ',')
        syntax error
        [FAILURE:/home/user/api/calc.thrift:4] Parser error during include pass.
        """
    )
    (err,) = report.errors
    assert (err.tool, err.file, err.line, err.category) == (
        "thrift",
        "/home/user/api/calc.thrift",
        4,
        "syntax",
    )
    assert err.message == "syntax error (last token was ',')"


def test_a_thrift_failure_that_names_its_step_has_no_file() -> None:
    report = scan("[FAILURE:arguments:1] Could not open input file with realpath: nosuch.thrift\n")
    (err,) = report.errors
    assert (err.tool, err.file, err.line, err.category) == ("thrift", None, None, "filesystem")


def test_flatc_names_its_place_after_error_and_where_a_type_was_first_used_below() -> None:
    report = scan(
        """
        error: schema/calc.fbs:6:0: error: type referenced but not defined (check namespace): Money,
        originally at: schema/calc.fbs:3
        """
    )
    (err,) = report.errors
    assert (err.tool, err.file, err.line, err.category) == (
        "flatc",
        "schema/calc.fbs",
        6,
        "reference",
    )
    assert err.message.endswith("Money, originally at: schema/calc.fbs:3")


def test_prisma_schema_validation_is_its_first_problem_at_its_place() -> None:
    report = scan(
        """
        Prisma schema loaded from prisma/schema.prisma
        Error: Prisma schema validation - (get-dmmf wasm)
        Error code: P1012
        error: Type "Tag" is neither a built-in type, nor refers to another model, composite type, or enum.
          -->  prisma/schema.prisma:14
           |
        13 |   id   Int   @id
        14 |   tags Tag[]
           |

        Validation Error Count: 1
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.code, err.file, err.line, err.category) == (
        "prisma",
        "P1012",
        "prisma/schema.prisma",
        14,
        "reference",
    )
    assert err.message.startswith('Type "Tag" is neither a built-in type')


def test_sqlc_names_each_query_problem_at_its_place() -> None:
    report = scan(
        """
        # package db
        db/query.sql:6:1: relation "orders" does not exist
        db/query.sql:12:42: column "totl" does not exist
        """
    )
    assert [(e.tool, e.file, e.line, e.column) for e in report.errors] == [
        ("sqlc", "db/query.sql", 6, 1),
        ("sqlc", "db/query.sql", 12, 42),
    ]
