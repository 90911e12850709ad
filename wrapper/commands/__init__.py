"""The subcommands, one module each: ``add_parser(subparsers)`` and ``run(args)``.

A command's module imports what it needs at its top. Three import inside
their functions instead, each where a benchmark measures the cost:
``run`` (``errlearn run -- true`` beside ``python -c pass``, bench_run.py
and bench_hints.py), ``hints`` and ``hook`` (a coding agent's hook before
every tool call, bench_hooks.py). ``cli`` loads a command's module only
for that command.
"""
