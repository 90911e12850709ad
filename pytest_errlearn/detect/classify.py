"""Category, severity and actionability of an error.

Categories are the contract's taxonomy; the rules are checked in order and
the first that fits wins, after the detection design's pipeline (categorize,
severity) and the actionability scorer's rubric (0-100).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache, lru_cache

from ..report import Error
from .dbwords import REFUSED
from .frames import frame
from .re2set import re2_set

_RULES: tuple[tuple[str, str], ...] = (
    # A test runner's timeouts are no network's: an assertion that waited for its
    # condition (Playwright's expect), a test that ran too long (Playwright's,
    # mocha's, jest's own words).
    ("assertion", r"Timed out \d+ms waiting for expect\("),
    ("runtime", r"(?:Test t|\bT)imeout of \d+ ?ms exceeded|Exceeded timeout of \d+ ?ms"),
    # Helm's words for a release it could not make: no failed test's
    ("config", r"\b(?:INSTALLATION|UPGRADE|ROLLBACK) FAILED: "),
    # A database server's words for a database or user it does not have, or credentials
    # it refuses (``dbwords``, which the SQL families read too): the environment's,
    # not a missing file ("does not exist" below)
    ("config", REFUSED),
    # An ORM's lookup that found no row (Django's ``Item.DoesNotExist``): the
    # program's exception, not a missing file either
    ("runtime", r"\w\.DoesNotExist\b|matching query does not exist"),
    # GHC's types, which its words "expected ... actual" would make an assertion
    ("type", r"Couldn't match (?:expected )?type"),
    # A name of the language's own library misspelt: no crate to add
    ("reference", r"unresolved imports? `(?:std|core|alloc|crate|self|super)::"),
    (
        "dependency",
        r"ModuleNotFoundError|ImportError|No module named|Cannot find module|"
        r"could not resolve (?:dependenc|import)|Could not resolve dependencies|"
        r"unresolved import|can't find crate|could not find .* in registry|"
        r"No matching distribution|Could not find a version that satisfies|"
        r"No matching version found for|Not Found - 404|"  # npm's, pnpm's
        r"Could not (?:resolve all (?:files|dependencies|artifacts)|determine the dependencies "
        r"of task)|Cannot resolve external "
        r"dependency|No cached version of|Plugin \[id: '[^']+'.*\] was not found|"  # Gradle's
        r"PackagesNotFoundError|ResolvePackageNotFound|"  # conda's
        r"No candidates found|isn't supported by any available resolver|"  # yarn's
        r"package [\w.]+ does not exist|"  # javac's
        r"pull access denied for|manifest unknown|"  # an image docker cannot pull
        r"ERESOLVE|peer dep|package .* is not in (?:GOROOT|std)|no required module provides|"
        r"cannot find -l|cannot find package|not find a required file|"
        r"Could not find artifact|Could not transfer artifact|Failed to collect dependencies|"
        r"(?:fatal error: )?[\w./+-]+\.h(?:pp|h|xx)?: (?:No such file|No existe el fichero|"
        r"Aucun fichier|Datei oder Verzeichnis|没有那个文件)|command not found|: not found$|"
        r"Could NOT find|Could not find (?:a package configuration|package)|E404|404 Not Found|"
        r"missing (?:library|dependency|package)|is not installed|requires? .* but|"
        r"is not recognized as (?:the|a) name of a cmdlet|cannot load such file|LoadError|"
        r"Can't locate \S+\.pm in @INC|GemNotFound|Could not find gem|there is no package called|"
        r"Could not (?:find|load) module|Cannot find implementation or library stub|"
        r"Library stubs not installed|requirements are unsatisfiable|No package matching|"
        r"Could not resolve \"|Rollup failed to resolve import|"
        r"Import \"[^\"]+\" could not be resolved|Module not found: Error: Can't resolve|"
        r"Unable to locate package|conflicting dependencies|ResolutionImpossible|"
        r"[Ll]ock ?file (?:\S+ )?needs to be updated|update your lock ?file|OUTDATED_LOCKFILE|"
        r"frozen-lockfile|poetry\.lock was last generated|engine \"node\" is incompatible|"
        r"EBADENGINE|"
        r"No solution found when resolving|Can't find unit|has no installation candidate|"
        r"dependency problems prevent|development packages? (?:are|is) installed|"
        r"No package '[^']+' found|requirements \(.*\) were not met|"
        r"Dependency \"[^\"]+\" not found|Can't find stylesheet to import|"
        r"Library \"[^\"]+\" not found|"  # dune's
        r"[Cc]annot find (?:the )?'?[\w.+-]+'? librar(?:y|ies)|"
        r"NU110[12]\b|Unable to find package|"  # NuGet's
        r"Missing bin(?:ary|ding)\b|could not find a binding for your current environment",
    ),
    (
        "network",
        r"ConnectionRefused|ConnectionReset|ConnectTimeout|ECONNREFUSED|ECONNRESET|"
        r"ETIMEDOUT|ENOTFOUND|EAI_AGAIN|Connection refused|"
        r"connection reset|\btimed? ?out\b|Temporary failure in name resolution|"
        r"Could not resolve host|Name or service not known|Network is unreachable|"
        r"unable to access 'https?:|SSL|certificate verify failed|socket hang up|"
        r"Cannot connect to the Docker daemon|Failed to connect|503 Service|502 Bad Gateway|"
        r"Received status code 5\d\d|Some index files failed to download|Failed to fetch|"
        r"RPC failed|GnuTLS recv error|remote end hung up unexpectedly|early EOF|"
        r"EADDRINUSE|[Aa]ddress already in use|No route to host|"
        r"Max retries exceeded with url|NewConnectionError|Failed to establish a new connection|"
        r"Unable to fetch some archives",  # apt's, after its "Failed to fetch"
    ),
    # Data that did not parse at run time, not the program's own syntax (JavaScript
    # calls both SyntaxError)
    ("runtime", r"in JSON at position \d|is not valid JSON|Unexpected end of JSON input"),
    (
        "syntax",
        r"SyntaxError|IndentationError|TabError|[Ss]yntax error|[Pp]arse error|ParseError|"
        r"Unclassifiable statement|Module parse failed|"
        # a token in quotes, punctuation only: mypy's 'expected "str"' is a type's name
        r"unexpected token|Unexpected token|expected (?:['\"`][^\w\s'\"`]{1,3}['\"`]|[;)(\]{}])|"
        r"expected ‘[^’\w]{1,2}’|invalid-syntax|missing \"[^\"\w\s]{1,2}\"|"
        # GNAT's and other Pascal-family compilers' wording: the awaited thing first
        r"\"[^\"\w\s]{1,2}\" expected|\b(?:operator|identifier|expression|statement) expected\b|"
        r"expected (?:expression|"
        r"identifier|declaration|statement)|unterminated|missing separator|unexpected EOF|"
        # a keyword where none may stand (Ruby's "unexpected keyword_end"), not
        # Python's "unexpected keyword argument", a call's type error
        r"Unexpected end of|invalid syntax|unexpected (?:character|indent|keyword(?:_| ?['\"`]))|"
        r"TS1\d{3}\b|"
        r"ParserError|ParseException|[Ee]xpecting ['\"(){}\[\]]|expected but .* found|"
        r"EOF while reading|"
        r"E0(?:0[0-9]{2}|1[0-6][0-9])\b|expected one of",
    ),
    (
        "assertion",
        r"AssertionError|AssertionFailedError|ComparisonFailure|ExpectationNotMetError|"
        r"\bassert(?:ion)?\b|"
        r"[Ee]xpected:?.*(?:[Rr]eceived|got|[Bb]ut was|[Aa]ctual|to (?:be|equal))|"
        r"\bAssert\.\w+(?:\(\))? ?(?:[Ff]ailure|failed)|\bBut was:|"
        r"expect\(|toBe|toEqual|\bgot\b.*\bwant\b|\bwant\b.*\bgot\b|assert_eq|"
        r"left == right|test failed|Test failed|FAILED|not ok \d+|Failed asserting that|"
        r"Expected objects to be|\?assert\w+|\{assert\w*,|did not equal|actual:|"
        r"Snapshot .{1,200} mismatched|toMatch(?:Inline)?Snapshot",  # jest's, vitest's
    ),
    (
        "reference",
        r"NameError|ReferenceError|is not defined|undefined reference|Unknown procedure: |"
        r"The name .{1,80} does not exist in the (?:current )?context|"  # C#'s CS0103, valac's
        r"undefined: |cannot find (?:symbol|value|function|type|name|macro)|"
        r"was not declared|undeclared|unresolved (?:external|reference|symbol)|"
        r"not found in (?:this scope|scope)|E0425|E0433|E0412|TS2304|TS2305|TS2307|TS2552|"
        r"has no attribute|has no member|Unresolved reference|is not a member|"
        r"no (?:field|method) named|NoSuchMethodError|NoClassDefFoundError|"
        r"ClassNotFoundException|symbol lookup error|cannot find symbol|NoMethodError|"
        r"undefined method|undefined local variable|uninitialized constant|"
        r"Undefined subroutine|Global symbol|attempt to call a nil value|object '.+' not found|"
        r"could not find function|not in scope|Unable to resolve symbol|No such var|"
        r"Unresolved symbol|not found: (?:value|type|object)|Not found: |"
        r"cannot find '[^']+' in scope|use of unresolved identifier|"  # Swift's, and before 5.2
        r"isn't defined for the (?:type|class)|"  # Dart's analyzer
        r"\bNG800[124]\b|"  # Angular's: an unknown element, a property, a pipe
        r"No matching export in |Cannot query field \"|"  # esbuild's, GraphQL's
        r"[Uu]ndefined name ['`]|Undefined control sequence|void-function|void-variable|"
        r"is undefined(?:\.|$)|variable '[^']+' is unbound|function \w+/\d+ undefined|"  # erlc's
        r"undefined (?:function|variable) \S|"  # Elixir's
        r"\bE0(?:499|502|505|506|597|716)\b|cannot borrow|does not live long enough|"
        r"is unbound\.|unbound identifier|Unknown function|Undefined variable|"
        # SQL's undefined names: PostgreSQL's, MySQL's, SQLite's (not a missing file)
        r"\b(?:relation|column|table|function|schema|type|constraint|index|sequence) \"[^\"]+\""
        r"(?: [\w ]+?)? does not exist|"  # words between: "column "x" referenced in ..."
        r"Table '[^']+' doesn't exist|"
        r"Unknown column '|no such (?:table|column): |"
        r"Unsupported attribute|"
        r"FixtureLookupError|fixture '[^']+' not found|Cannot access attribute|is possibly unbound|"
        # OCaml's names it cannot bind; gfortran's variable never declared
        r"Unbound (?:value|module|constructor|type|record field|field|class|method)|"
        r"has no IMPLICIT type|UndefVarError|"
        r"undefined identifier|no property `|"  # D's
        r"Identifier not found|unable to resolve class",  # Free Pascal's, Groovy's
    ),
    (
        "type",
        r"TypeError|[Tt]ype mismatch|mismatched types|incompatible types?|"
        r"does not exist on type|"  # TypeScript's TS2339, not a missing file
        r"This expression has type|Rank mismatch|cannot be assigned to (?:parameter|declared)|"
        r"is not assignable|not assignable to|[Cc]annot (?:be )?convert|cannot use .* as|"
        r"\bTS(?:[27]\d{3}|18\d{3})\b|E0308|E0277|invalid operands|ClassCastException|"
        r"has incompatible type|Incompatible (?:types|return value type|default for)|"
        r"Argument \d+ to|expected type|"
        r"wrong type|no matching function|invalid conversion|no match for ['‘]operator|"
        r"no viable (?:conversion|overloaded)|call to deleted (?:constructor|function)|"
        r"to non-scalar type|Couldn't match|"
        r"No instance for|wrong-type-argument|contract violation|\bE0382\b|use of moved value|"
        r"borrow of moved value|unexpected keyword argument|Too (?:many|few) arguments|"
        r"MethodError: no method matching|cannot implicitly convert|got multiple values for "
        r"(?:keyword )?argument|"
        # PHP's and PHPStan's wording of a value of the wrong type
        r"(?:expects|must be of type) [^,]+, \S+ given|should return \S+ but returns|"
        # mypy's and pyright's operators and optional values; pyright's rules by name
        r"Unsupported operand types?|Unsupported (?:left|right) operand|"
        r"Operator \"[^\"]+\" not supported|is not a known attribute of \"None\"|"
        r"\breport(?:Optional\w+|OperatorIssue|ArgumentType|ReturnType|AssignmentType|CallIssue)\b",
    ),
    (
        "filesystem",
        r"No such file or directory|ENOENT|EACCES|EPERM|Permission denied|"
        r"FileNotFoundError|NoSuchFileException|FileNotFoundException|IsADirectoryError|"
        r"Not a directory|Read-only file system|No space left|EEXIST|file not found|"
        r"cannot open|does not exist|EISDIR|ENOSPC|Operation not permitted|"
        r"header '[^']+' not found|Does the file exist\?|"  # a module map's; Vite's
        # the C library's words for ENOENT in other locales (gcc, make, the shells)
        r"No existe el fichero o el directorio|Aucun fichier ou dossier de ce type|"
        r"Datei oder Verzeichnis nicht gefunden|File o directory non esistente|"
        r"Arquivo ou diretório inexistente|没有那个文件或目录",
    ),
    (
        "config",
        r"[Cc]onfig(?:uration)? (?:error|invalid)|[Ii]nvalid (?:config|option|value|"
        r"argument)|[Uu]nknown (?:option|argument|flag)|unrecognized (?:option|arguments)|"
        r"environment variable|not set|ImproperlyConfigured|"
        # os.environ's KeyError: a name of capitals with "_" (not a dict's 'GBP'), or one
        # of the variables every shell sets
        r"KeyError: '(?:[A-Z][A-Z0-9]*_[A-Z0-9_]+|HOME|PATH|USER|SHELL|LANG|TERM|PWD|CI)'|"
        r"usage: |Usage: |must be set|missing required|is required|invalid setting|"
        r"Missing script|Unsupported (?:argument|block type)|"
        r"could not read Username|terminal prompts disabled|[Rr]epository (?:'.+' )?not found|"
        r"Host key verification failed|Authentication failed|"
        r"duplication of key|"  # yamllint's: the same key twice in a mapping
        r"to the configured target environment .* is not supported|"  # esbuild's target
        r"A problem occurred evaluating (?:root )?project",  # Gradle's build script
    ),
    (
        "build",
        r"[Cc]ompil(?:e|ation)|[Bb]uild failed|[Ff]ailed to build\b|linker|\bld\b|collect2|"
        r"make(?:\[\d+\])?: \*\*\*|CMake Error|error\[E\d+\]|\berror TS|BUILD FAILURE|"
        r"Execution failed for task|Failed to execute goal|cannot compile|ninja: build stopped|"
        r"did not complete successfully|executor failed running",  # docker build's
    ),
    (
        "runtime",
        r"Exception|Error:|panic|panicked|Segmentation fault|core dumped|"
        r"Traceback|fatal error|FATAL|Killed|Aborted|stack overflow|RuntimeError|"
        r"ValueError|KeyError|IndexError|ZeroDivisionError|[Dd]ivision by zero|NullPointer|"
        r"nil pointer|"
        r"out of memory|OutOfMemory|deadlock|unhandled|Uncaught|exit (?:code|status)|"
        r"\*\*(?:error|exit|throw):|\b(?:badarith|badarg|badmatch|function_clause|case_clause|undef)\b|"
        r"\*\* \(\w+Error\)|arith-error|UnhandledPromiseRejection|ERR_UNHANDLED_REJECTION",
    ),
)


# The rules as one set: one pass over the text instead of a search per rule,
# and one compilation, quicker than the rules' one by one.
_SET = re2_set((rx for _, rx in _RULES), anchored=False)


@cache
def _searches() -> list[tuple[str, re.Pattern[str]]]:
    """The rules as Python regexes, for a text RE2 cannot take (or no re2)."""
    return [(cat, re.compile(rx)) for cat, rx in _RULES]


@lru_cache(maxsize=4096)
def categorize(text: str) -> str:
    """The taxonomy category of an error's text ("unknown" when nothing fits)."""
    if _SET is not None:
        try:
            hits = _SET.Match(text)
        except UnicodeEncodeError:  # a lone surrogate: no UTF-8 for RE2
            pass
        else:
            return _RULES[min(hits)][0] if hits else "unknown"
    for cat, rx in _searches():
        if rx.search(text):
            return cat
    return "unknown"


def categorize_block(block: Sequence[str]) -> str:
    """The category of what an error's first lines say, its stack frames left out:
    a frame names a function (``Module._compile``), not what went wrong."""
    return categorize("\n".join(line for line in block[:10] if frame(line) is None))


def categorize_error(message: str, code: str | None, block: Sequence[str]) -> str:
    """An error's category: what its message says; else its code with it, where
    the rules know the code (``TS2304``, ``E0425``) and the words say nothing;
    else what its first lines say (``categorize_block``)."""
    category = categorize(message)
    if category == "unknown" and code:
        category = categorize(f"{code} {message}")
    if category == "unknown" and len(block) > 1:
        category = categorize_block(block)
    return category


def severity(category: str, text: str) -> str:
    """How much an error stops the run, after the detection design's ``classify_severity``."""
    if category in ("syntax", "build", "dependency"):
        return "blocking"
    if category in ("assertion", "type", "reference", "runtime", "config"):
        return "high"
    if category == "filesystem":
        return "medium" if re.search(r"test|spec|mock", text) else "high"
    return "medium"


_SPECIFIC = re.compile(
    r"\b[A-Z]\w*(?:Error|Exception|Failure)\b|\bE[A-Z]{3,}\b|\b[A-Z]{1,4}\d{3,5}\b"
    r"|\bE\d{4}\b|\bpanic\b|Segmentation fault"
)
# What says the error in detail, and what suggests a fix: words looked for in
# the lowered text, and words that need a boundary, looked for as written.
_DETAIL_WORDS = (
    "expected",
    "received",
    "but was",
    "missing",
    "not defined",
    "not found",
    "cannot find",
    "undefined",
    "no such",
    "unresolved",
    "not assignable",
    "mismatch",
    "unknown",
    "invalid",
    "!=",
    "==",
    "has no",
)
_DETAIL_BOUNDED = r"\b(?:got|want|named)\b"
_SUGGESTION_WORDS = (
    "did you mean",
    "consider",
    "help: ",
    "hint: ",
    "perhaps",
    "run `",
    "rerun",
    "re-run",
    "to fix",
    "suggest",
    "maybe you",
)
_SUGGESTION_BOUNDED = r"\b[Tt]ry\b"


# Both kinds of words as one set over an ASCII text: one pass names the kinds
# it holds, where the substring tests and the bounded regexes take one each.
# Over ASCII, a literal in the lowered text is the literal in any case, and
# RE2's word boundary is Python's.
_RUBRIC = re2_set(
    (
        f"(?i:{'|'.join(map(re.escape, words))})|{bounded}"
        for words, bounded in (
            (_DETAIL_WORDS, _DETAIL_BOUNDED),
            (_SUGGESTION_WORDS, _SUGGESTION_BOUNDED),
        )
    ),
    anchored=False,
    max_mem=8 << 20,
)


@cache
def _bounded() -> tuple[re.Pattern[str], re.Pattern[str]]:
    return re.compile(_DETAIL_BOUNDED), re.compile(_SUGGESTION_BOUNDED)


def _detail_and_suggestion(body: str) -> tuple[bool, bool]:
    """Whether ``body`` gives detail (expected/got, not found...), and suggests a fix."""
    if _RUBRIC is not None and body.isascii():
        kinds = _RUBRIC.Match(body) or ()
        return 0 in kinds, 1 in kinds
    return _by_words(body)


def _by_words(body: str) -> tuple[bool, bool]:
    """``_detail_and_suggestion`` without RE2: substring tests on the lowered text
    (not one alternation in Python's re, which would try every branch at every
    position), the bounded words only where the word is there."""
    lowered = body.lower()
    detail_rx, suggestion_rx = _bounded()
    detail = any(w in lowered for w in _DETAIL_WORDS) or (
        ("got" in lowered or "want" in lowered or "named" in lowered)
        and detail_rx.search(body) is not None
    )
    suggestion = any(w in lowered for w in _SUGGESTION_WORDS) or (
        "try" in lowered and suggestion_rx.search(body) is not None
    )
    return detail, suggestion


def actionability(err: Error) -> int:
    """0-100: file 25, line 20, specific type 20, detail 20, fix suggestion 15."""
    detail, suggestion = _detail_and_suggestion("\n".join([err.message, *err.block[:12]]))
    score = 0
    if err.file:
        score += 25
    if err.line is not None:
        score += 20
    if err.code or err.category != "unknown" or _SPECIFIC.search(err.message):
        score += 20
    if detail:
        score += 20
    if err.match is not None or suggestion:
        score += 15
    return min(score, 100)
