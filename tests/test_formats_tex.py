"""TeX and LaTeX: pdflatex's ``!`` errors placed by the open file and ``l.N``, the
``-file-line-error`` form, latexmk's summary, BibTeX, and warnings that stay warnings."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect.formats.tex import open_file

# Real runs of pdfTeX 1.40.24 / TeX Live 2022 (Debian 12), latexmk 4.79, BibTeX 0.99d:
# the live cases benchmarks/live/tex-*.

LATEXMK = """
This is pdfTeX, Version 3.141592653-2.6-1.40.24 (TeX Live 2022/Debian) (preloaded format=pdflatex)
 restricted \\write18 enabled.
entering extended mode
(./main.tex
LaTeX2e <2022-11-01> patch level 1
L3 programming layer <2023-01-16>
(/usr/share/texlive/texmf-dist/tex/latex/base/article.cls
Document Class: article 2022/07/02 v1.4n Standard LaTeX document class
(/usr/share/texlive/texmf-dist/tex/latex/base/size10.clo))
For additional information on amsmath, use the `?' option.
(/usr/share/texlive/texmf-dist/tex/latex/l3backend/l3backend-pdftex.def)
(/tmp/tmp.6ctbE45kMJ/main.aux)
! Undefined control sequence.
l.5 The mean is \\avg
                    {x} over all runs.

! LaTeX Error: \\begin{itemize} on input line 6 ended by \\end{enumerate}.

See the LaTeX manual or LaTeX Companion for explanation.
Type  H <return>  for immediate help.
 ...                                              
                                                  
l.9 \\end{enumerate}
                   
[1{/var/lib/texmf/fonts/map/pdftex/updmap/pdftex.map}]
(/tmp/tmp.6ctbE45kMJ/main.aux) )
(see the transcript file for additional information) </root/.texlive2022/texmf-
var/fonts/pk/ljfour/jknappen/ec/tcrm1000.600pk></usr/share/texlive/texmf-dist/f
onts/type1/public/amsfonts/cm/cmbx12.pfb></usr/share/texlive/texmf-dist/fonts/t
ype1/public/amsfonts/cm/cmr10.pfb>
Output written on /tmp/tmp.6ctbE45kMJ/main.pdf (1 page, 24719 bytes).
Transcript written on /tmp/tmp.6ctbE45kMJ/main.log.
Latexmk: If appropriate, the -f option can be used to get latexmk
  to try to force complete processing.
Latexmk: Getting log file '/tmp/tmp.6ctbE45kMJ/main.log'
Latexmk: Examining '/tmp/tmp.6ctbE45kMJ/main.fls'
Latexmk: Examining '/tmp/tmp.6ctbE45kMJ/main.log'
Latexmk: Log file says output to '/tmp/tmp.6ctbE45kMJ/main.pdf'
Latexmk: Errors, so I did not complete making targets
Collected error summary (may duplicate other messages):
  pdflatex: Command for 'pdflatex' gave return code 1
      Refer to '/tmp/tmp.6ctbE45kMJ/main.log' and/or above output for details
"""  # noqa: W291, W293


def test_each_tex_error_is_at_the_open_file_and_its_l_line() -> None:
    report = scan(LATEXMK)
    undefined, mismatch = report.errors
    assert (undefined.file, undefined.line, undefined.category) == ("./main.tex", 5, "reference")
    assert undefined.message == "Undefined control sequence."
    assert (mismatch.file, mismatch.line, mismatch.category) == ("./main.tex", 9, "syntax")
    assert mismatch.message.startswith("LaTeX Error: \\begin{itemize} on input line 6 ended by")
    assert report.primary_index == 0


def test_latexmks_summary_folds_into_the_errors_above() -> None:
    report = scan(LATEXMK)
    assert len(report.errors) == 2
    last = LATEXMK.count("\n") - 1  # the first newline opens the string
    assert report.errors[1].related[-1][1] == last


MISSING_PACKAGE = """
This is pdfTeX, Version 3.141592653-2.6-1.40.24 (TeX Live 2022/Debian) (preloaded format=pdflatex)
 restricted \\write18 enabled.
entering extended mode
(./main.tex
LaTeX2e <2022-11-01> patch level 1
L3 programming layer <2023-01-16>
(/usr/share/texlive/texmf-dist/tex/latex/base/article.cls
Document Class: article 2022/07/02 v1.4n Standard LaTeX document class
(/usr/share/texlive/texmf-dist/tex/latex/base/size10.clo))
(/usr/share/texlive/texmf-dist/tex/latex/amsmath/amsmath.sty
For additional information on amsmath, use the `?' option.
(/usr/share/texlive/texmf-dist/tex/latex/amsmath/amstext.sty
(/usr/share/texlive/texmf-dist/tex/latex/amsmath/amsgen.sty))
(/usr/share/texlive/texmf-dist/tex/latex/amsmath/amsbsy.sty)
(/usr/share/texlive/texmf-dist/tex/latex/amsmath/amsopn.sty))

! LaTeX Error: File `siunitxx.sty' not found.

Type X to quit or <RETURN> to proceed,
or enter new name. (Default extension: sty)

Enter file name: 
! Emergency stop.
<read *> 
         
l.4 \\usepackage
               {graphicx}^^M
!  ==> Fatal error occurred, no output PDF file produced!
Transcript written on /tmp/tmp.bk5J7O3qib/main.log.
"""  # noqa: W291, W293


def test_a_missing_package_is_a_dependency_error_at_the_line_tex_stopped_at() -> None:
    report = scan(MISSING_PACKAGE)
    (err,) = report.errors
    assert (err.file, err.line, err.category) == ("./main.tex", 4, "dependency")
    assert err.message == "LaTeX Error: File `siunitxx.sty' not found."
    assert err.related == [(28, 28)]  # ==> Fatal error occurred


FILE_LINE_ERROR = """
This is pdfTeX, Version 3.141592653-2.6-1.40.24 (TeX Live 2022/Debian) (preloaded format=pdflatex)
 restricted \\write18 enabled.
entering extended mode
(./main.tex
LaTeX2e <2022-11-01> patch level 1
L3 programming layer <2023-01-16>
(/usr/share/texlive/texmf-dist/tex/latex/base/report.cls
Document Class: report 2022/07/02 v1.4n Standard LaTeX document class
(/usr/share/texlive/texmf-dist/tex/latex/base/size10.clo))
(/usr/share/texlive/texmf-dist/tex/latex/l3backend/l3backend-pdftex.def)
No file main.aux.
(./chapters/intro.tex
Chapter 1.
./chapters/intro.tex:2: Undefined control sequence.
l.2 This report measures the cache, see \\cref
                                             {sec:method}.
) (./chapters/method.tex [1{/var/lib/texmf/fonts/map/pdftex/updmap/pdftex.map}]

Chapter 2.
./chapters/method.tex:3: Double superscript.
l.3 ...bounded by $\\epsilon < 10^{-3}$ and $x^2_1^
                                                  3$.
) [2] (/tmp/tmp.R2aYNdtORf/main.aux)

LaTeX Warning: Label(s) may have changed. Rerun to get cross-references right.

 )
(see the transcript file for additional information)</usr/share/texlive/texmf-d
ist/fonts/type1/public/amsfonts/cm/cmbx12.pfb></usr/share/texlive/texmf-dist/fo
nts/type1/public/amsfonts/cm/cmmi10.pfb></usr/share/texlive/texmf-dist/fonts/ty
pe1/public/amsfonts/cm/cmmi7.pfb></usr/share/texlive/texmf-dist/fonts/type1/pub
lic/amsfonts/cm/cmr10.pfb></usr/share/texlive/texmf-dist/fonts/type1/public/ams
fonts/cm/cmr7.pfb></usr/share/texlive/texmf-dist/fonts/type1/public/amsfonts/cm
/cmsy7.pfb>
Output written on /tmp/tmp.R2aYNdtORf/main.pdf (2 pages, 60537 bytes).
Transcript written on /tmp/tmp.R2aYNdtORf/main.log.
"""


def test_file_line_error_names_each_input_file() -> None:
    report = scan(FILE_LINE_ERROR)
    intro, method = report.errors
    assert (intro.file, intro.line) == ("./chapters/intro.tex", 2)
    assert intro.span == (14, 16)
    assert (method.file, method.line, method.message) == (
        "./chapters/method.tex",
        3,
        "Double superscript.",
    )
    assert [w.message for w in report.warnings] == [
        "LaTeX Warning: Label(s) may have changed. Rerun to get cross-references right."
    ]


BIBTEX = """
This is BibTeX, Version 0.99d (TeX Live 2022/Debian)
The top-level auxiliary file: main.aux
The style file: plain.bst
Database file #1: refs.bib
I was expecting a `,' or a `}'---line 6 of file refs.bib
 : 
 : @book{hennessy17,
(Error may have been on previous line)
I'm skipping whatever remains of this entry
(There was 1 error message)
"""  # noqa: W291


def test_bibtex_names_the_bib_file_and_line() -> None:
    report = scan(BIBTEX)
    (err,) = report.errors
    assert (err.tool, err.file, err.line, err.category) == ("bibtex", "refs.bib", 6, "syntax")
    assert err.message == "I was expecting a `,' or a `}'"
    assert err.related  # (There was 1 error message)


def test_bibtex_that_cannot_open_the_database_says_which_file() -> None:
    report = scan(
        """
        This is BibTeX, Version 0.99d (TeX Live 2022/Debian)
        The top-level auxiliary file: main.aux
        The style file: plain.bst
        I couldn't open database file refs.bib
        ---line 4 of file main.aux
         : \\bibdata{refs
         :              }
        I'm skipping whatever remains of this command
        I found no database files---while reading file main.aux
        Warning--I didn't find a database entry for "knuth84"
        (There were 2 error messages)
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.category) == ("refs.bib", None, "filesystem")
    assert err.span == (4, 8)
    assert err.related == [(9, 11)]
    assert [w.message for w in report.warnings] == ['I didn\'t find a database entry for "knuth84"']


CLEAN = """
Running 'pdflatex  -interaction=nonstopmode -recorder -output-directory="/tmp/tmp.Cu7WuDoYnR"  "main.tex"'
------------
This is pdfTeX, Version 3.141592653-2.6-1.40.24 (TeX Live 2022/Debian) (preloaded format=pdflatex)
 restricted \\write18 enabled.
entering extended mode
(./main.tex
LaTeX2e <2022-11-01> patch level 1
L3 programming layer <2023-01-16>
(/usr/share/texlive/texmf-dist/tex/latex/base/article.cls
Document Class: article 2022/07/02 v1.4n Standard LaTeX document class
(/usr/share/texlive/texmf-dist/tex/latex/base/size10.clo))
(/usr/share/texlive/texmf-dist/tex/latex/amsmath/amsmath.sty
For additional information on amsmath, use the `?' option.
(/usr/share/texlive/texmf-dist/tex/latex/amsmath/amstext.sty
(/usr/share/texlive/texmf-dist/tex/latex/amsmath/amsgen.sty))
(/usr/share/texlive/texmf-dist/tex/latex/amsmath/amsbsy.sty)
(/usr/share/texlive/texmf-dist/tex/latex/amsmath/amsopn.sty))
(/usr/share/texlive/texmf-dist/tex/latex/l3backend/l3backend-pdftex.def)
(/tmp/tmp.Cu7WuDoYnR/main.aux)

LaTeX Warning: Reference `sec:results' on page 1 undefined on input line 6.


LaTeX Warning: Reference `sec:later' on page 1 undefined on input line 6.


Overfull \\hbox (6.13966pt too wide) in paragraph at lines 5--8
\\OT1/cmr/m/n/10 long-wordthat-can-not-be-hy-phen-atedany-where-atall-soitover-f
low-sthelinewidthforsure. 
[1{/var/lib/texmf/fonts/map/pdftex/updmap/pdftex.map}]
(/tmp/tmp.Cu7WuDoYnR/main.aux)

LaTeX Warning: There were undefined references.


LaTeX Warning: Label(s) may have changed. Rerun to get cross-references right.

 )
(see the transcript file for additional information)</usr/share/texlive/texmf-d
ist/fonts/type1/public/amsfonts/cm/cmbx10.pfb></usr/share/texlive/texmf-dist/fo
nts/type1/public/amsfonts/cm/cmbx12.pfb></usr/share/texlive/texmf-dist/fonts/ty
pe1/public/amsfonts/cm/cmex10.pfb></usr/share/texlive/texmf-dist/fonts/type1/pu
blic/amsfonts/cm/cmmi10.pfb></usr/share/texlive/texmf-dist/fonts/type1/public/a
msfonts/cm/cmmi7.pfb></usr/share/texlive/texmf-dist/fonts/type1/public/amsfonts
/cm/cmr10.pfb></usr/share/texlive/texmf-dist/fonts/type1/public/amsfonts/cm/cmr
7.pfb>
Output written on /tmp/tmp.Cu7WuDoYnR/main.pdf (1 page, 68307 bytes).
Transcript written on /tmp/tmp.Cu7WuDoYnR/main.log.
"""  # noqa: E501, W291


def test_a_passing_build_with_warnings_and_an_overfull_box_has_no_errors() -> None:
    report = scan(CLEAN)
    assert report.errors == []
    assert any(w.message.startswith("Overfull \\hbox") for w in report.warnings)
    assert any(w.line == 6 and "sec:later" in w.message for w in report.warnings)


def test_the_open_file_is_the_innermost_source_not_closed_above() -> None:
    log = [
        "(./main.tex",
        "(/usr/share/texlive/texmf-dist/tex/latex/base/article.cls",
        "(/usr/share/texlive/texmf-dist/tex/latex/base/size10.clo))",
        "(./chapters/intro.tex",
        "Chapter 1.",
        ") (./chapters/method.tex [1]",
    ]
    assert open_file(log) == "./chapters/method.tex"
    assert open_file(log[:5]) == "./chapters/intro.tex"
    assert open_file(["[3] [4]", "(/tmp/build/main.aux)", "[5]"]) == "main.tex"
