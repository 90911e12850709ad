"""``python -m errlearn_wrapper``: the same as the ``errlearn`` command."""

import sys

from .cli import main

sys.exit(main())
