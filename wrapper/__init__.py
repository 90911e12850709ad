"""The ``errlearn`` command: a front end to the engine in ``pytest_errlearn``.

This folder installs as the package ``errlearn_wrapper`` (PyPI already has a
distribution that owns the bare name ``wrapper``).
"""
