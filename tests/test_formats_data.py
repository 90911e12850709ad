"""Data tools: notebooks run by nbconvert and nbval, conda's libmamba solver, and the
pipeline runners Snakemake and Nextflow.

The nbconvert, nbval and Snakemake outputs are real runs (nbconvert 7 with
nbclient, nbval 0.11 under pytest 9, Snakemake 9) on a small project, paths made
neutral; libmamba's and Nextflow's are in the shape their documentation
and their sources print.
"""

from __future__ import annotations

import textwrap

from test_detect import scan

ESC = "\x1b"
RED, CYAN, GREEN, OFF = f"{ESC}[31m", f"{ESC}[36m", f"{ESC}[32m", f"{ESC}[39m"


WHAT = "An error occurred while executing the following cell:"


def test_a_cell_that_raised_under_nbconvert_is_one_error_saying_the_cells_exception() -> None:
    report = scan(
        f"""
        nbclient.exceptions.CellExecutionError: {WHAT}
        ------------------
        def total(xs):
            return sum(xs) / count

        total([1, 2])
        ------------------


        {RED}---------------------------------------------------------------------------{OFF}
        {RED}NameError{OFF}                                 Traceback (most recent call last)
        {CYAN}Cell{OFF}{CYAN} {OFF}{GREEN}In[1]{OFF}{GREEN}, line 4{OFF}
        {GREEN}      1{OFF} def total(xs):
        {GREEN}----> {OFF}{GREEN}4{OFF} total([1, 2])

        {CYAN}Cell{OFF}{CYAN} {OFF}{GREEN}In[1]{OFF}{GREEN}, line 2{OFF}, in total(xs)
        {GREEN}----> {OFF}{GREEN}2{OFF}     return sum(xs) / count

        {RED}NameError{OFF}: name 'count' is not defined
        """
    )
    assert [(e.message, e.category, e.file) for e in report.errors] == [
        ("NameError: name 'count' is not defined", "reference", None)
    ]
    assert report.errors[0].span == (1, 19)


def test_the_runner_s_own_traceback_above_the_cell_s_only_follows_from_it() -> None:
    # ``jupyter nbconvert --execute``: its traceback ends in the wrapper, then the cell's
    report = scan(
        f"""
        Traceback (most recent call last):
          File "/home/user/venv/bin/jupyter-nbconvert", line 8, in <module>
            sys.exit(main())
          File "/home/user/venv/lib/python3.11/site-packages/nbclient/client.py", line 918, in
            raise CellExecutionError.from_cell_and_msg(cell, exec_reply_content)
        nbclient.exceptions.CellExecutionError: {WHAT}
        ------------------
        import numpy
        ------------------

        {RED}ModuleNotFoundError{OFF}                       Traceback (most recent call last)
        {CYAN}Cell{OFF}{CYAN} {OFF}{GREEN}In[1]{OFF}{GREEN}, line 1{OFF}
        {GREEN}----> {OFF}{GREEN}1{OFF} import numpy

        {RED}ModuleNotFoundError{OFF}: No module named 'numpy'
        """
    )
    assert report.primary is not None
    assert report.primary.message == "ModuleNotFoundError: No module named 'numpy'"


def test_an_ipython_traceback_points_at_the_users_module_and_its_echo_is_no_second_error() -> None:
    report = scan(
        """
        CellExecutionError: An error occurred while executing the following cell:
        ------------------
        from app.report import render
        ------------------

        ---------------------------------------------------------------------------
        ImportError                               Traceback (most recent call last)
        <ipython-input-1-0a1b2c3d4e5f> in <module>
        ----> 1 from app.report import render

        ~/work/app/report.py in <module>
              2 import os
        ----> 3 from app.render import render_page

        ImportError: cannot import name 'render_page' from 'app.render'
        ImportError: cannot import name 'render_page' from 'app.render'
        """
    )
    assert [(e.message, e.file, e.line) for e in report.errors] == [
        (
            "ImportError: cannot import name 'render_page' from 'app.render'",
            "~/work/app/report.py",
            3,
        )
    ]


def test_an_ipython_traceback_on_its_own_is_its_exception() -> None:
    report = scan(
        """
        Exception encountered at "In [1]":
        ---------------------------------------------------------------------------
        ModuleNotFoundError                       Traceback (most recent call last)
        Cell In[1], line 1
        ----> 1 import helpers

        ModuleNotFoundError: No module named 'helpers'
        """
    )
    assert [(e.message, e.category, e.span) for e in report.errors] == [
        ("ModuleNotFoundError: No module named 'helpers'", "dependency", (3, 7))
    ]


# nbval's report of a cell that raised, as pytest prints it (its colours kept).
NBVAL_FAILURE = textwrap.dedent(
    f"""
    =================================== FAILURES ===================================
    ______________________________ calc.ipynb::Cell 0 ______________________________
    {ESC}[91mNotebook cell execution failed{ESC}[0m
    {ESC}[94mCell 0: Cell execution caused an exception

    Input:
    {ESC}[0mtotal([1, 2])

    {ESC}[94mTraceback:{ESC}[0m

    {RED}---------------------------------------------------------------------------{OFF}
    {RED}NameError{OFF}                                 Traceback (most recent call last)
    {CYAN}Cell{OFF}{CYAN} {OFF}{GREEN}In[1]{OFF}{GREEN}, line 1{OFF}
    {GREEN}----> {OFF}{GREEN}1{OFF} total([1, 2])

    {RED}NameError{OFF}: name 'total' is not defined
    """
)


def test_an_nbval_cell_that_raised_is_its_exception_in_the_cells_test() -> None:
    report = scan(NBVAL_FAILURE)
    first = report.errors[0]
    assert (first.message, first.test, first.tool) == (
        "NameError: name 'total' is not defined",
        "calc.ipynb::Cell 0",
        "pytest",
    )


def test_nbval_s_short_summary_line_follows_from_the_cell_s_failure() -> None:
    summary = "FAILED calc.ipynb::Cell 0 - Notebook cell execution failed\n"
    assert len(scan(NBVAL_FAILURE + summary).errors) == len(scan(NBVAL_FAILURE).errors)


def test_nbval_outputs_that_differ_are_the_cells_failed_assertion() -> None:
    report = scan(
        """
        ______________________________ plots.ipynb::Cell 2 _____________________________
        Notebook cell execution failed
        Cell 2: Cell outputs differ

        Input:
        len(rows)

        Traceback: mismatch 'text/plain'
        <<<<<<<<<<<< Reference output from ipynb file:
        3
        ============ disagrees with newly computed (test) output:
        4
        >>>>>>>>>>>>
        ============================== 1 failed in 1.02s ===============================
        """
    )
    assert [(e.message, e.category, e.test) for e in report.errors] == [
        ("Cell 2: Cell outputs differ (mismatch 'text/plain')", "assertion", "plots.ipynb::Cell 2")
    ]


def test_libmambas_unsolvable_tree_names_the_specifications_it_could_not_fit() -> None:
    report = scan(
        """
        conda-forge/noarch                                          Using cache

        error    libmamba Could not solve for environment specs
            The following packages are incompatible
            ├─ numpy =1.2 * does not exist (perhaps a typo or a missing channel);
            └─ python =3.12 * is not installable because it requires
               └─ libzlib >=9, which does not exist (perhaps a missing channel).
        critical libmamba Could not solve for environment specs
        """
    )
    assert [(e.tool, e.category, e.span) for e in report.errors] == [
        ("conda", "dependency", (3, 8))
    ]
    assert report.errors[0].message == (
        "Could not solve for environment specs: numpy =1.2 * does not exist (perhaps a typo or a"
        " missing channel); python =3.12 * is not installable because it requires"
    )


def test_condas_own_solver_tree_with_its_wrapped_lines_is_one_error() -> None:
    report = scan(
        """
        Could not solve for environment specs
        The following packages are incompatible
        ├─ pkg-a 1.0.*  is installable with the potential options
        │  ├─ pkg-a 1.0 would require
        │  │  └─ pkg-b >=2.0  , which conflicts with any
        installable versions previously reported;
        │  └─ pkg-a 1.0 would require
        │     └─ pkg-c 3.1, which can be installed;
        └─ pkg-b 1.0.* is requested and can be installed.
        """
    )
    assert [(e.category, e.span) for e in report.errors] == [("dependency", (1, 9))]


def test_a_libmamba_download_failure_is_a_network_error_with_its_reason() -> None:
    report = scan(
        """
        critical libmamba Multiple errors occured:
            Download error (28) Timeout was reached [https://conda.example.org/main/noarch/repodata.json]
            Subdir main/noarch not loaded!
        """
    )
    first = report.errors[0]
    assert (first.category, first.tool) == ("network", "conda")
    assert first.message.startswith("Multiple errors occured: Download error (28)")


def test_a_snakemake_job_failure_alone_is_the_error_and_says_its_rule() -> None:
    report = scan(
        """
        Error in rule count:
            jobid: 1
            output: counts.txt
            shell:
                wc -l missing_input.txt > counts.txt
                (command exited with non-zero exit code)
        """
    )
    assert [(e.tool, e.message, e.span) for e in report.errors] == [
        ("snakemake", "Error in rule count: command exited with non-zero exit code", (1, 6))
    ]


def test_snakemakes_missing_output_points_at_the_rule_in_the_snakefile() -> None:
    report = scan(
        """
        Waiting at most 5 seconds for missing files:
        report.txt (missing locally)
        MissingOutputException in rule report in file "/home/user/flow/Snakefile", line 8:
        Job 0 completed successfully, but some output files are missing.
        report.txt (missing locally, parent dir not present)
        Shutting down, this might take some time.
        Exiting because a job execution failed. Look above for error messages
        WorkflowError:
        At least one job did not complete successfully.
        """
    )
    first = report.primary
    assert first is not None
    assert (first.file, first.line, first.category) == (
        "/home/user/flow/Snakefile",
        8,
        "filesystem",
    )
    assert first.message.startswith("MissingOutputException in rule report: Job 0 completed")


def test_snakemakes_missing_rule_is_a_config_error_saying_the_target() -> None:
    report = scan(
        """
        Building DAG of jobs...
        MissingRuleException:
        No rule to produce nothing.txt (if you use input functions make sure that ...).
        """
    )
    assert [(e.tool, e.category) for e in report.errors] == [("snakemake", "config")]
    assert report.errors[0].message.startswith(
        "MissingRuleException: No rule to produce nothing.txt"
    )


def test_a_nextflow_task_failure_is_one_error_saying_the_process_and_its_exit_status() -> None:
    report = scan(
        """
        executor >  local (1)
        [3f/a1b2c3] process > ALIGN (sample_1) [100%] 1 of 1, failed: 1 ✘
        ERROR ~ Error executing process > 'ALIGN (sample_1)'

        Caused by:
          Process `ALIGN (sample_1)` terminated with an error exit status (127)

        Command executed:

          aligner --in sample_1.fq > sample_1.bam

        Command exit status:
          127

        Command output:
          (empty)

        Command error:
          .command.sh: line 2: aligner: command not found

        Work dir:
          /home/user/flow/work/3f/a1b2c3d4e5f6

        Tip: view the complete command output by changing to the process work dir

         -- Check '.nextflow.log' file for details
        """
    )
    assert [(e.tool, e.category) for e in report.errors] == [("nextflow", "build")]
    assert report.errors[0].message == (
        "Error executing process > 'ALIGN (sample_1)': Process `ALIGN (sample_1)` terminated with"
        " an error exit status (127)"
    )


def test_a_nextflow_script_error_points_at_the_script_line() -> None:
    report = scan(
        """
        ERROR ~ No such variable: reads

         -- Check script 'main.nf' at line: 12 or see '.nextflow.log' file for more details
        """
    )
    assert [(e.message, e.file, e.line) for e in report.errors] == [
        ("No such variable: reads", "main.nf", 12)
    ]


def test_libmambas_error_after_the_problems_micromamba_listed_above_it_is_no_second() -> None:
    report = scan(
        """
        Encountered problems while solving:
          - nothing provides requested quarto

        The environment can't be solved, aborting the operation
        error    libmamba Could not solve for environment specs
        critical libmamba UnsatisfiableError
        """
    )
    [err] = report.errors
    assert err.message == "Encountered problems while solving: nothing provides requested quarto"
