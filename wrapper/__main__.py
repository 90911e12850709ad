"""``python -m errlearn_wrapper``: the same as the ``errlearn`` command."""

from .cli import entry

entry()
