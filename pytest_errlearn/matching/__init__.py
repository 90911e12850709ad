"""Matching: a detected error to the pattern that knows its fix.

``patterns`` reads and checks ``patterns.toml`` (and ``library/``, the
built-in patterns); ``canonical`` gives the one form a message and a trigger
are compared in; ``triggers`` compiles a pattern's trigger; ``naming`` reads the words
and names that say what failed, which a match must share; ``saferegex``
runs the patterns' own regexes in bounded time; ``matcher`` ranks: similarity
first, regex second. ``learn`` and ``learn_scope`` turn a recorded failure
into a pattern.

Nothing is imported here: each front end loads only the modules it uses.
"""
