r"""A database server's words for what is wrong with where a program runs, not
with the program: credentials it refuses, a database or a user it does not
have. They are the environment's to fix (``config``), and "does not exist"
here is no missing file.

Two readers use them: the classifier's rules (``classify``), for any tool's
message that quotes the server (a Python traceback's ``OperationalError:
FATAL: password authentication failed``), and the SQL clients' and migration
tools' own words (``formats.sql.DB_SAYS``). They live here, importing nothing,
because neither may import the other: the classifier compiles its rules on
import, which the families put off until a log needs them, and importing one
family imports them all.
"""

# PostgreSQL's (``password authentication failed for user "app"``, ``no
# pg_hba.conf entry for host``, ``role "app" does not exist``) and MySQL's
# (``Access denied for user 'root'@'localhost'``, ``Unknown database 'shop'``).
REFUSED = (
    r"(?:password|[Pp]eer|[Ii]dent|SCRAM) authentication failed|Access denied for user '|"
    r"no pg_hba\.conf entry|\b(?:database|role) \"[^\"]+\" does not exist|Unknown database '"
)
