"""GPU and HPC builds and runs: nvcc and its tools, ifort, the NVIDIA HPC SDK's
compilers, a CUDA program's checks, MPI launchers and Slurm.

The MPI outputs are real runs of Open MPI 4.1.4 (Debian bookworm's openmpi-bin)
on small programs that abort, crash and exit 1; the others (no GPU, CUDA,
Intel or Slurm here) are written in the shapes the tools' manuals print.
"""

from __future__ import annotations

from test_detect import scan


def test_an_nvcc_error_is_nvccs_at_its_file_and_line_with_the_source_and_caret_under_it() -> None:
    report = scan(
        """
        nvcc -c src/scale.cu -o build/scale.o
        src/scale.cu(12): error: identifier "total" is undefined
              out[i] = total * k;
                       ^

        src/scale.cu(15): error: explicit type is missing ("int" assumed)

        2 errors detected in the compilation of "src/scale.cu".
        """
    )
    assert [(e.tool, e.file, e.line, e.category) for e in report.errors] == [
        ("nvcc", "src/scale.cu", 12, "reference"),
        ("nvcc", "src/scale.cu", 15, "type"),
    ]
    assert report.errors[0].message == 'identifier "total" is undefined'
    assert report.errors[0].span == (2, 4)
    assert report.errors[-1].related == [(8, 8)]  # the count follows from them


def test_an_ifort_error_is_iforts_and_a_name_without_a_type_is_a_reference() -> None:
    report = scan(
        """
        ifort -c src/solver.f90
        src/solver.f90(14): error #6404: This name does not have a type, and must have an explicit type.   [TOTAL]
              x = total + 1
        ----------^
        compilation aborted for src/solver.f90 (code 1)
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.file, err.line, err.code, err.category) == (
        "ifort",
        "src/solver.f90",
        14,
        "6404",
        "reference",
    )
    assert err.span == (2, 4)


def test_nvcc_stopping_at_a_gpu_it_does_not_know_is_the_error_cmakes_line_only_follows() -> None:
    report = scan(
        """
        [ 50%] Building NVCC (Device) object CMakeFiles/app.dir/app_generated_scale.cu.o
        nvcc fatal   : Unsupported gpu architecture 'compute_30'
        CMake Error at app_generated_scale.cu.o.cmake:220 (message):
          Error generating
          /home/user/app/build/CMakeFiles/app.dir//./app_generated_scale.cu.o
        """
    )
    head = report.primary
    assert head is not None
    assert (head.tool, head.category, head.span) == ("nvcc", "config", (2, 2))
    assert head.message == "Unsupported gpu architecture 'compute_30'"


def test_a_kernel_ptxas_cannot_fit_in_shared_memory_is_ptxass_build_error() -> None:
    report = scan(
        """
        ptxas error   : Entry function '_Z5scalePfi' uses too much shared data (0xc400 bytes, 0xc000 max)
        make[2]: *** [CMakeFiles/app.dir/build.make:76: CMakeFiles/app.dir/scale.cu.o] Error 255
        """  # noqa: E501
    )
    head = report.primary
    assert head is not None
    assert (head.tool, head.category) == ("ptxas", "build")
    assert head.message.startswith("Entry function '_Z5scalePfi' uses too much shared data")


def test_an_nvfortran_message_is_placed_at_the_file_and_line_it_names_last() -> None:
    report = scan(
        """
        NVFORTRAN-S-0034-Syntax error at or near ACCLOOP (src/dyn.F90: 906)
          0 inform,   0 warnings,   1 severes, 0 fatal for halo_update
        """
    )
    (err,) = report.errors
    assert (err.tool, err.file, err.line, err.code, err.category) == (
        "nvfortran",
        "src/dyn.F90",
        906,
        "0034",
        "syntax",
    )
    assert err.message == "Syntax error at or near ACCLOOP"


def test_an_nvfortran_message_that_broke_its_line_is_placed_where_the_next_line_says() -> None:
    report = scan(
        """
        NVFORTRAN-S-0000-Internal compiler error. size_of: bad length
        0  (src/domain.f90: 684)
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.span) == ("src/domain.f90", 684, (1, 2))


def test_a_cuda_call_a_program_checked_is_an_error_at_the_place_its_check_names() -> None:
    report = scan(
        """
        Starting...
        CUDA error at src/main.cu:42 code=35(cudaErrorInsufficientDriver) "cudaSetDevice(dev)"
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.code, err.category) == (
        "src/main.cu",
        42,
        "cudaErrorInsufficientDriver",
        "config",
    )
    assert err.message == "cudaErrorInsufficientDriver: cudaSetDevice(dev)"
    oom = scan("GPUassert: out of memory src/main.cu 42\n").errors[0]
    assert (oom.file, oom.line, oom.message, oom.category) == (
        "src/main.cu",
        42,
        "out of memory",
        "runtime",
    )


def test_mpi_abort_is_the_error_with_the_errorcode_on_its_next_line() -> None:
    report = scan(
        """
        --------------------------------------------------------------------------
        MPI_ABORT was invoked on rank 0 in communicator MPI_COMM_WORLD
        with errorcode 3.

        NOTE: invoking MPI_ABORT causes Open MPI to kill all MPI processes.
        You may or may not see output from other processes, depending on
        exactly when Open MPI kills them.
        --------------------------------------------------------------------------
        """
    )
    (err,) = report.errors
    assert err.message == (
        "MPI_ABORT was invoked on rank 0 in communicator MPI_COMM_WORLD with errorcode 3."
    )
    assert (err.tool, err.category) == ("mpi", "runtime")


def test_a_process_that_exited_1_under_mpirun_is_named_and_the_boilerplate_above_is_not() -> None:
    report = scan(
        """
        --------------------------------------------------------------------------
        Primary job  terminated normally, but 1 process returned
        a non-zero exit code. Per user-direction, the job has been aborted.
        --------------------------------------------------------------------------
        --------------------------------------------------------------------------
        mpirun detected that one or more processes exited with non-zero status, thus causing
        the job to be terminated. The first process to do so was:

          Process name: [[20573,1],1]
          Exit code:    1
        --------------------------------------------------------------------------
        """
    )
    (err,) = report.errors
    assert err.message == (
        "mpirun detected that one or more processes exited with non-zero status:"
        " process name [[20573,1],1], exit code 1"
    )
    assert err.span == (6, 10)


def test_mpiruns_notice_of_a_crash_follows_from_the_crash_and_is_the_error_alone() -> None:
    notice = (
        "mpirun noticed that process rank 1 with PID 0 on node vm exited on signal 11"
        " (Segmentation fault)."
    )
    report = scan(
        f"""
        [vm:15508] *** Process received signal ***
        [vm:15508] Signal: Segmentation fault (11)
        [vm:15508] Signal code: Address not mapped (1)
        [vm:15508] *** End of error message ***
        --------------------------------------------------------------------------
        Primary job  terminated normally, but 1 process returned
        a non-zero exit code. Per user-direction, the job has been aborted.
        --------------------------------------------------------------------------
        --------------------------------------------------------------------------
        {notice}
        --------------------------------------------------------------------------
        """
    )
    (err,) = report.errors
    assert err.span == (2, 2) and err.related == [(10, 10)]
    (alone,) = scan(notice + "\n").errors
    assert (alone.message, alone.category) == (notice, "runtime")


def test_a_job_slurm_stopped_at_its_time_limit_is_the_error_sruns_lines_follow_from_it() -> None:
    report = scan(
        """
        srun: Job step aborted: Waiting up to 32 seconds for job step to finish.
        slurmstepd: error: *** STEP 4242.0 ON n01 CANCELLED AT 2024-05-01T10:00:00 DUE TO TIME LIMIT ***
        srun: error: n01: tasks 0-3: Terminated
        srun: Terminating job step 4242.0
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.category, err.span) == ("slurm", "runtime", (2, 2))
    assert err.message.endswith("DUE TO TIME LIMIT ***")


def test_an_oom_kill_slurm_detected_is_the_root_cause_over_the_shells_killed_line() -> None:
    report = scan(
        """
        /var/spool/slurmd/job04242/slurm_script: line 12:  8156 Killed                  python train.py
        slurmstepd: error: Detected 1 oom-kill event(s) in StepId=4242.batch. Some of your processes may have been killed by the cgroup out-of-memory handler.
        """  # noqa: E501
    )
    head = report.primary
    assert head is not None
    assert (head.tool, head.category, head.span) == ("slurm", "runtime", (2, 2))


def test_a_batch_job_slurm_would_not_take_is_a_config_error_over_a_plugins_line() -> None:
    report = scan(
        """
        sbatch: error: spank: x11.so: Plugin file not found
        sbatch: error: Batch job submission failed: Invalid account or account/partition combination specified
        """  # noqa: E501
    )
    head = report.primary
    assert head is not None
    assert (head.tool, head.category) == ("slurm", "config")
    assert head.message.startswith("Batch job submission failed: Invalid account")


def test_findcuda_s_error_generating_the_object_follows_from_nvcc_s_error() -> None:
    report = scan(
        """
        nvcc fatal   : Unsupported gpu architecture 'compute_30'
        CMake Error at kernels_generated_add.cu.o.Release.cmake:220 (message):
          Error generating
          /home/user/build/CMakeFiles/kernels.dir/./kernels_generated_add.cu.o


        make[2]: *** [CMakeFiles/kernels.dir/build.make:77: kernels_generated_add.cu.o] Error 1
        """
    )
    [err] = report.errors
    assert (err.tool, err.message) == ("nvcc", "Unsupported gpu architecture 'compute_30'")
