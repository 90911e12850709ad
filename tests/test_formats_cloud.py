"""Cloud deploy tools: CloudFormation's failed resources as the CDK, the SAM CLI and the
Serverless Framework print them, Pulumi's diagnostics, gcloud, the Azure CLI, eksctl."""

from __future__ import annotations

from pytest_errlearn.detect import detect
from pytest_errlearn.report import Error, Report


def _scan(text: str, tool: str | None = None) -> Report:
    return detect(text.encode(), tool)


def _primary(text: str, tool: str | None = None) -> Error:
    report = _scan(text, tool)
    assert report.primary is not None, report.errors
    return report.primary


def test_a_cdk_deploy_names_the_resource_cloudformation_failed_to_create() -> None:
    err = _primary(
        "AppStack: deploying...\n"
        "3:14:07 PM | CREATE_FAILED        | AWS::S3::Bucket        | Logs\n"
        "app-logs-bucket already exists\n"
        "3:14:08 PM | ROLLBACK_IN_PROGRESS | AWS::CloudFormation::Stack | AppStack\n"
    )
    assert err.tool == "cdk"
    assert err.message == "CREATE_FAILED AWS::S3::Bucket Logs: app-logs-bucket already exists"
    assert err.category == "config"


def test_the_stack_failure_the_cdk_reports_after_the_event_is_not_the_primary() -> None:
    report = _scan(
        "  2/4 | 3:14:07 PM | CREATE_FAILED | AWS::Lambda::Function | Handler (Handler1A2B)"
        " Resource handler returned message: The runtime parameter of nodejs12.x is no longer"
        " supported\n"
        " ❌  AppStack failed: Error: The stack named AppStack failed to deploy:"
        " UPDATE_ROLLBACK_COMPLETE\n"
        "    at FullCloudFormationDeployment.monitorDeployment"
        " (/usr/lib/node_modules/aws-cdk/lib/index.js:1:2)\n"
        "\n"
        "The stack named AppStack failed to deploy: UPDATE_ROLLBACK_COMPLETE\n",
        "cdk",
    )
    assert report.primary is not None
    assert report.primary.message.startswith("CREATE_FAILED AWS::Lambda::Function Handler:")
    assert all(e.file is None for e in report.errors)


def test_a_cdk_stack_that_needs_bootstrapping_is_the_error_without_the_cdks_own_frames() -> None:
    err = _primary(
        " ❌  AppStack failed: Error: This stack uses assets, so the toolkit stack must be"
        ' deployed to the environment (Run "cdk bootstrap aws://123456789012/eu-west-1")\n'
        "    at addMetadataAssetsToManifest (/usr/lib/node_modules/aws-cdk/lib/index.js:425:560)\n"
    )
    assert err.tool == "cdk" and err.file is None and err.category == "config"
    assert err.message.startswith("This stack uses assets")


def test_a_sam_deploy_table_row_and_its_wrapped_reason_are_one_error() -> None:
    err = _primary(
        "ResourceStatus       ResourceType               LogicalResourceId    Reason\n"
        "CREATE_FAILED        AWS::DynamoDB::Table       OrdersTable          orders already\n"
        "                                                                     exists in stack\n"
    )
    assert err.tool == "sam"
    assert (
        err.message
        == "CREATE_FAILED AWS::DynamoDB::Table OrdersTable: orders already exists in stack"
    )


def test_a_sam_build_that_cannot_resolve_dependencies_is_a_dependency_error() -> None:
    err = _primary(
        "Running PythonPipBuilder:ResolveDependencies\n\nBuild Failed\n"
        "Error: PythonPipBuilder:ResolveDependencies - {example-lib==9.9.9(wheel)}\n"
    )
    assert (err.tool, err.category, err.code) == (
        "sam",
        "dependency",
        "PythonPipBuilder:ResolveDependencies",
    )


def test_a_resource_creation_cloudformation_cancelled_follows_from_another() -> None:
    report = _scan(
        "CloudFormation - CREATE_FAILED - AWS::IAM::Role - IamRoleLambdaExecution"
        " - Resource creation cancelled\n"
        "CloudFormation - CREATE_FAILED - AWS::S3::Bucket - ServerlessDeploymentBucket"
        " - Bucket name is not available\n"
    )
    assert report.primary is not None
    assert report.primary.message.endswith(
        "ServerlessDeploymentBucket: Bucket name is not available"
    )


def test_the_serverless_error_banner_gives_the_paragraph_under_it_as_the_message() -> None:
    err = _primary(
        "Serverless: Deployment failed!\n"
        " \n"
        "  Serverless Error ---------------------------------------\n"
        " \n"
        "  An error occurred: ApiLambdaFunction - Value of property Variables must\n"
        "  be an object with String (or simple type) properties.\n"
        " \n"
        "  Get Support --------------------------------------------\n"
        "     Docs:          docs.serverless.com\n"
    )
    assert err.tool == "serverless"
    assert err.message == (
        "An error occurred: ApiLambdaFunction - Value of property Variables must be an object"
        " with String (or simple type) properties."
    )


def test_serverless_v3_gives_the_lines_under_error_as_the_message_not_a_failed_test() -> None:
    report = _scan(
        "✖ Stack app-dev failed to deploy (8s)\n"
        "Environment: linux, node 18.16.0, framework 3.33.0, plugin 6.2.3, SDK 4.3.2\n"
        "Docs:        docs.serverless.com\n"
        "\n"
        "Error:\n"
        "CREATE_FAILED: HelloLambdaFunction (AWS::Lambda::Function)\n"
        'Resource handler returned message: "Uploaded file must be a non-empty zip"\n'
    )
    assert [e.tool for e in report.errors] == ["serverless"]
    assert report.errors[0].message.startswith("CREATE_FAILED: HelloLambdaFunction")
    assert report.errors[0].category == "config"


def test_each_pulumi_resource_with_an_error_is_an_error_of_its_own() -> None:
    report = _scan(
        "Diagnostics:\n"
        "  aws:s3:Bucket (site-bucket):\n"
        "    error: 1 error occurred:\n"
        "    \t* creating urn:pulumi:dev::site::aws:s3/bucket:Bucket::site-bucket:"
        " BucketAlreadyExists\n"
        "\n"
        "  aws:iam:Role (site-role):\n"
        "    error: AccessDenied: not authorized to perform iam:CreateRole\n"
        "\n"
        "  pulumi:pulumi:Stack (site-dev):\n"
        "    error: update failed\n",
        "pulumi",
    )
    messages = [e.message for e in report.errors]
    assert messages[:2] == [
        "aws:s3:Bucket (site-bucket): 1 error occurred: * creating"
        " urn:pulumi:dev::site::aws:s3/bucket:Bucket::site-bucket: BucketAlreadyExists",
        "aws:iam:Role (site-role): AccessDenied: not authorized to perform iam:CreateRole",
    ]
    assert report.primary is report.errors[0]
    assert all(e.tool == "pulumi" for e in report.errors)


def test_a_pulumi_program_that_does_not_compile_is_the_compilers_error() -> None:
    err = _primary(
        "Diagnostics:\n"
        "  pulumi:pulumi:Stack (site-dev):\n"
        "    error: Running program '/home/user/site' failed with an unhandled exception:\n"
        "    TSError: ⨯ Unable to compile TypeScript:\n"
        "    index.ts(7,5): error TS2304: Cannot find name 'bucketName'.\n"
        "\n"
        "        at createTSError (/home/user/site/node_modules/ts-node/src/index.ts:261:12)\n",
        "pulumi",
    )
    assert (err.file, err.line, err.code) == ("index.ts", 7, "TS2304")
    assert err.message == "Cannot find name 'bucketName'."


def test_a_pulumi_warning_alone_is_no_error() -> None:
    report = _scan(
        "Diagnostics:\n"
        "  aws:s3:Bucket (site-bucket):\n"
        "    warning: versioning is deprecated. Use the aws_s3_bucket_versioning resource\n",
        "pulumi",
    )
    assert report.errors == []
    assert [w.tool for w in report.warnings] == ["pulumi"]


def test_gcloud_names_its_command_and_a_failed_build_is_a_build_error() -> None:
    err = _primary(
        "Updating service [default]...failed.\n"
        "ERROR: (gcloud.app.deploy) Error Response: [9] Cloud build 0b4c0f2e status: FAILURE\n"
        'Build error details: {"error":{"errorType":"BuildError"}}\n'
    )
    assert (err.tool, err.code, err.category) == ("gcloud", "gcloud.app.deploy", "build")
    assert err.message == "Error Response: [9] Cloud build 0b4c0f2e status: FAILURE"


def test_gclouds_debug_line_takes_its_own_stack_trace() -> None:
    report = _scan(
        "Deploying function (may take a while - up to 2 minutes)...failed.\n"
        "DEBUG: (gcloud.functions.deploy) OperationError: code=3, message=Build failed\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/lib/google-cloud-sdk/lib/googlecloudsdk/calliope/cli.py", line 981,'
        " in Execute\n"
        "    resources = calliope_command.Run(cli=self, args=args)\n"
        "OperationError: code=3, message=Build failed\n"
        "ERROR: (gcloud.functions.deploy) OperationError: code=3, message=Build failed\n"
    )
    assert [(e.tool, e.file) for e in report.errors] == [("gcloud", None)]


def test_a_failed_cloud_build_step_is_reported_with_its_message() -> None:
    err = _primary(
        "Finished Step #1\n"
        'ERROR: build step 1 "gcr.io/cloud-builders/docker" failed: step exited with non-zero'
        " status: 1\n"
    )
    assert err.tool == "gcloud"
    assert err.message.startswith('build step 1 "gcr.io/cloud-builders/docker" failed')


def test_the_azure_cli_error_gives_its_code_and_the_inner_errors_reason() -> None:
    err = _primary(
        "ERROR: (InvalidTemplateDeployment) The template deployment 'main' is not valid"
        " according to the validation procedure.\n"
        "Code: InvalidTemplateDeployment\n"
        "Message: The template deployment 'main' is not valid according to the validation"
        " procedure.\n"
        "Exception Details:\t(StorageAccountAlreadyTaken) The storage account named logs is"
        " already taken.\n"
        "\tCode: StorageAccountAlreadyTaken\n"
    )
    assert (err.tool, err.code, err.category) == ("az", "InvalidTemplateDeployment", "config")
    assert err.message.endswith(
        "(StorageAccountAlreadyTaken) The storage account named logs is already taken."
    )


def test_an_old_azure_cli_error_object_is_read_as_its_code_and_message() -> None:
    err = _primary(
        "{'additional_properties': {}, 'code': 'InvalidTemplate', 'message': \"Deployment"
        " template validation failed: 'The resource 'web' is not defined in the template.'\","
        " 'target': None, 'details': None, 'additional_info': None}\n"
    )
    assert (err.tool, err.code) == ("az", "InvalidTemplate")
    assert err.message == (
        "Deployment template validation failed: 'The resource 'web' is not defined in the"
        " template.'"
    )


def test_eksctls_failure_mark_is_the_error_and_its_warning_mark_a_warning() -> None:
    report = _scan(
        '2024-05-18 14:43:51 [ℹ]  waiting for CloudFormation stack "eksctl-demo-cluster"\n'
        "2024-05-18 14:43:51 [!]  1 error(s) occurred and cluster hasn't been created properly\n"
        "2024-05-18 14:43:51 [✖]  exceeded max wait time for StackCreateComplete waiter\n"
        'Error: failed to create cluster "demo"\n'
    )
    assert report.primary is not None
    assert report.primary.message == "exceeded max wait time for StackCreateComplete waiter"
    assert (report.primary.tool, report.primary.category) == ("eksctl", "network")
    assert [w.tool for w in report.warnings] == ["eksctl"]


def test_eksctls_stack_status_follows_from_the_failed_resource_logged_after_it() -> None:
    err = _primary(
        '[✖]  unexpected status "ROLLBACK_IN_PROGRESS" while waiting for CloudFormation stack'
        ' "eksctl-demo-cluster"\n'
        "[ℹ]  fetching stack events in attempt to troubleshoot the root cause of the failure\n"
        '[✖]  AWS::EKS::Cluster/ControlPlane: CREATE_FAILED – "Resource handler returned'
        ' message: Subnets specified must be in at least two different AZs"\n'
    )
    assert err.message.startswith("AWS::EKS::Cluster/ControlPlane: CREATE_FAILED")
