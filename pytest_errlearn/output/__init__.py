"""Output: a report as people and CI systems read it.

``render`` writes the terminal's text, root cause first; ``annotations``
GitHub's ``::error`` lines; ``ciformats`` SARIF, GitLab, JUnit, Markdown
and the contract's JSON; ``enrich`` scores an agent loop's error summary.

Nothing is imported here: each front end loads only the modules it uses.
"""
