"""The one thing pyproject.toml cannot say yet without a warning: the C extension.

The detector's byte loops in C (``pytest_errlearn/detect/_speedups.c``; ``text.py``
says what they replace). Optional: where no C compiler or no Python headers are
at hand, the install goes on without them, and errlearn runs the same loops in
Python with the same results. (``[tool.setuptools.ext-modules]`` says the same,
but setuptools still calls it experimental, and says so at every install.)
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "pytest_errlearn.detect._speedups",
            sources=["pytest_errlearn/detect/_speedups.c"],
            optional=True,
        )
    ]
)
