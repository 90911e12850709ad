/* The loops over a command's output that Python runs a byte at a time, in C.
 *
 * re.sub pays about 120 ns a colour sequence, and bytes.count and bytes.rfind
 * read about 3 GB/s; here each jumps from one byte it looks for to the next
 * with memchr. On 75 MB of CI output, colour stripping takes 9 ms instead of
 * 63, and counting lines 7 instead of 27. ``text.py`` and ``lookback.py`` fall
 * back on the same in Python where this module was not built (no C compiler
 * at install time): the results are the same. ``prefilter.py`` falls back on
 * a copy with more line starts (``segments``): the same lines are found.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#define ESC 0x1B

/* The length of the escape sequence at p (p[0] is ESC), or 0 where none
 * starts: text.ANSI_BYTES's grammar, its alternatives tried in its order. */
static Py_ssize_t
sequence(const unsigned char *p, const unsigned char *end)
{
    const unsigned char *q;

    if (end - p < 2) {
        return 0;
    }
    if (p[1] == '[') {  /* CSI: parameters, intermediates, a final byte */
        for (q = p + 2; q < end && *q >= 0x30 && *q <= 0x3F; q++) {
        }
        for (; q < end && *q >= 0x20 && *q <= 0x2F; q++) {
        }
        return (q < end && *q >= 0x40 && *q <= 0x7E) ? q + 1 - p : 0;
    }
    if (p[1] == ']') {  /* OSC: text up to BEL or ST, on one line */
        for (q = p + 2; q < end && *q != 0x07 && *q != ESC && *q != '\n'; q++) {
        }
        if (q < end && *q == 0x07) {
            return q + 1 - p;
        }
        if (end - q >= 2 && q[0] == ESC && q[1] == '\\') {
            return q + 2 - p;
        }
        return 2;  /* unterminated: ESC ] is one of the two-byte sequences */
    }
    if ((p[1] >= 0x40 && p[1] <= 0x5A) || (p[1] >= 0x5C && p[1] <= 0x5F)) {
        return 2;
    }
    return 0;
}

PyDoc_STRVAR(strip_escapes_doc,
"strip_escapes(data: bytes) -> bytes\n\n"
"``data`` without its ANSI escape sequences, each read from its ESC on as a\n"
"terminal reads it, a move to the line's start (``ESC[1G``, ``ESC[G``,\n"
"``ESC[2K``) becoming ``\\r``: ``text.strip_escapes`` in one pass.");

/* Whether the n bytes at p (an escape sequence) move the cursor to the line's
 * start or erase the line: what comes after them is written over the line. */
static int
to_line_start(const unsigned char *p, Py_ssize_t n)
{
    if (n == 3) {
        return p[1] == '[' && p[2] == 'G';
    }
    return n == 4 && p[1] == '[' && ((p[2] == '1' && p[3] == 'G') || (p[2] == '2' && p[3] == 'K'));
}

static PyObject *
strip_escapes(PyObject *module, PyObject *arg)
{
    if (!PyBytes_Check(arg)) {
        PyErr_Format(PyExc_TypeError, "strip_escapes() takes bytes, not %.100s",
                     Py_TYPE(arg)->tp_name);
        return NULL;
    }
    const unsigned char *start = (const unsigned char *)PyBytes_AS_STRING(arg);
    Py_ssize_t size = PyBytes_GET_SIZE(arg);
    const unsigned char *end = start + size;
    const unsigned char *esc = memchr(start, ESC, size);
    if (esc == NULL) {
        return Py_NewRef(arg);
    }
    PyObject *out = PyBytes_FromStringAndSize(NULL, size);
    if (out == NULL) {
        return NULL;
    }
    unsigned char *w = (unsigned char *)PyBytes_AS_STRING(out);
    const unsigned char *r = start;  /* the first byte not copied yet */
    while (esc != NULL) {
        Py_ssize_t n = sequence(esc, end);
        if (n == 0) {
            esc++;  /* a lone ESC is text */
        }
        else {
            memcpy(w, r, esc - r);
            w += esc - r;
            if (to_line_start(esc, n)) {
                *w++ = '\r';
            }
            r = esc = esc + n;
        }
        esc = esc < end ? memchr(esc, ESC, end - esc) : NULL;
    }
    memcpy(w, r, end - r);
    w += end - r;
    if (_PyBytes_Resize(&out, w - (unsigned char *)PyBytes_AS_STRING(out)) < 0) {
        return NULL;
    }
    return out;
}

/* The arguments of a function that takes (data: bytes, a: int, b: int); -1 on an error. */
static int
bytes_and_two_ints(const char *name, PyObject *const *args, Py_ssize_t nargs,
                   Py_ssize_t *a, Py_ssize_t *b)
{
    if (nargs != 3) {
        PyErr_Format(PyExc_TypeError, "%s() takes 3 arguments (%zd given)", name, nargs);
        return -1;
    }
    if (!PyBytes_Check(args[0])) {
        PyErr_Format(PyExc_TypeError, "%s() takes bytes, not %.100s", name,
                     Py_TYPE(args[0])->tp_name);
        return -1;
    }
    *a = PyNumber_AsSsize_t(args[1], PyExc_OverflowError);
    if (*a == -1 && PyErr_Occurred()) {
        return -1;
    }
    *b = PyNumber_AsSsize_t(args[2], PyExc_OverflowError);
    return *b == -1 && PyErr_Occurred() ? -1 : 0;
}

PyDoc_STRVAR(count_lines_doc,
"count_lines(data: bytes, start: int, end: int) -> int\n\n"
"The newlines in ``data[start:end]``: ``data.count(b\"\\n\", start, end)``.");

static PyObject *
count_lines(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    Py_ssize_t lo, hi;
    if (bytes_and_two_ints("count_lines", args, nargs, &lo, &hi) < 0) {
        return NULL;
    }
    Py_ssize_t size = PyBytes_GET_SIZE(args[0]);
    PySlice_AdjustIndices(size, &lo, &hi, 1);  /* as a slice: negative from the end */
    const unsigned char *p = (const unsigned char *)PyBytes_AS_STRING(args[0]);
    const unsigned char *q = p + lo, *end = p + hi;
    Py_ssize_t n = 0;
    while (q < end && (q = memchr(q, '\n', end - q)) != NULL) {
        n++;
        q++;
    }
    return PyLong_FromSsize_t(n);
}

PyDoc_STRVAR(contains_doc,
"contains(data: bytes, part: bytes) -> bool\n\n"
"Whether ``part`` is in ``data``: ``part in data``, a memchr away from each of\n"
"its first byte's places (bytes' own search reads about 3 GB/s of CI logs).");

static PyObject *
contains(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "contains() takes 2 arguments (%zd given)", nargs);
        return NULL;
    }
    if (!PyBytes_Check(args[0]) || !PyBytes_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "contains() takes bytes");
        return NULL;
    }
    const char *p = PyBytes_AS_STRING(args[0]), *part = PyBytes_AS_STRING(args[1]);
    Py_ssize_t size = PyBytes_GET_SIZE(args[0]), n = PyBytes_GET_SIZE(args[1]);
    if (n == 0) {
        Py_RETURN_TRUE;
    }
    const char *end = p + size - n + 1;  /* the last place ``part`` may start, plus one */
    while (p < end && (p = memchr(p, part[0], end - p)) != NULL) {
        if (memcmp(p, part, n) == 0) {
            Py_RETURN_TRUE;
        }
        p++;
    }
    Py_RETURN_FALSE;
}

/* Where the last newline in buf[0:n] is, or -1. */
static Py_ssize_t
last_newline(const char *buf, Py_ssize_t n)
{
#ifdef HAVE_MEMRCHR
    const char *at = n > 0 ? memrchr(buf, '\n', n) : NULL;
    return at == NULL ? -1 : at - buf;
#else
    while (--n >= 0 && buf[n] != '\n') {
    }
    return n;
#endif
}

PyDoc_STRVAR(last_lines_doc,
"last_lines(data: bytes, end: int, k: int) -> list[bytes]\n\n"
"Up to ``k`` lines of ``data`` that end at ``end``, oldest first (lookback.py).");

static PyObject *
last_lines(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    Py_ssize_t p, k;
    if (bytes_and_two_ints("last_lines", args, nargs, &p, &k) < 0) {
        return NULL;
    }
    const char *buf = PyBytes_AS_STRING(args[0]);
    Py_ssize_t size = PyBytes_GET_SIZE(args[0]);
    PyObject *lines = PyList_New(0);
    if (lines == NULL) {
        return NULL;
    }
    while (PyList_GET_SIZE(lines) < k && p > 0) {
        /* A line's own newline, at p - 1, does not end the one before. */
        Py_ssize_t q = last_newline(buf, p - 1 < size ? p - 1 : size) + 1;
        Py_ssize_t stop = p < size ? p : size;  /* as a slice: past the end is the end */
        PyObject *line = PyBytes_FromStringAndSize(buf + q, stop > q ? stop - q : 0);
        if (line == NULL || PyList_Append(lines, line) < 0) {
            Py_XDECREF(line);
            Py_DECREF(lines);
            return NULL;
        }
        Py_DECREF(line);
        p = q;
    }
    if (PyList_Reverse(lines) < 0) {
        Py_DECREF(lines);
        return NULL;
    }
    return lines;
}

PyDoc_STRVAR(segments_doc,
"segments(data: bytes) -> bytes\n\n"
"``data`` with a newline for each ``\\r`` from the one that starts the last\n"
"segment of its line with a visible ASCII character on: the segment a\n"
"terminal shows (``text.visible``), and any after it, start lines of their\n"
"own; what was written over before it stays one line with the line's start\n"
"(``prefilter.segments``). ``data`` itself where it has no ``\\r``.");

static PyObject *
segments(PyObject *module, PyObject *data)
{
    if (!PyBytes_Check(data)) {
        PyErr_SetString(PyExc_TypeError, "segments() takes bytes");
        return NULL;
    }
    const char *buf = PyBytes_AS_STRING(data), *end = buf + PyBytes_GET_SIZE(data);
    const char *cr = memchr(buf, '\r', end - buf);
    if (cr == NULL) {
        return Py_NewRef(data);
    }
    /* A new object to write into: from NULL, never the shared one of a byte. */
    PyObject *out = PyBytes_FromStringAndSize(NULL, end - buf);
    if (out == NULL) {
        return NULL;
    }
    char *o = PyBytes_AS_STRING(out);
    memcpy(o, buf, end - buf);
    while (cr != NULL) {  /* cr: the first \r of its line */
        const char *line_end = memchr(cr, '\n', end - cr);
        if (line_end == NULL) {
            line_end = end;
        }
        /* The last visible ASCII character after cr, if any; the \r that starts
         * its segment is where newlines begin. None after cr: the line's first
         * segment may be the one shown, so every \r of the line becomes one. */
        const char *q = line_end, *from = cr;
        while (q > cr && !(q[-1] > 0x20 && q[-1] < 0x7F)) {
            q--;
        }
        if (q > cr) {
            for (from = q - 1; *from != '\r'; from--) {
            }
        }
        for (const char *r = from; r < line_end; r++) {
            if (*r == '\r') {
                o[r - buf] = '\n';
            }
        }
        cr = line_end < end ? memchr(line_end, '\r', end - line_end) : NULL;
    }
    return out;
}

static PyMethodDef methods[] = {
    {"segments", segments, METH_O, segments_doc},
    {"strip_escapes", strip_escapes, METH_O, strip_escapes_doc},
    {"count_lines", (PyCFunction)(void (*)(void))count_lines, METH_FASTCALL, count_lines_doc},
    {"contains", (PyCFunction)(void (*)(void))contains, METH_FASTCALL, contains_doc},
    {"last_lines", (PyCFunction)(void (*)(void))last_lines, METH_FASTCALL, last_lines_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef_Slot slots[] = {
#ifdef Py_mod_multiple_interpreters
    {Py_mod_multiple_interpreters, Py_MOD_PER_INTERPRETER_GIL_SUPPORTED},
#endif
#ifdef Py_mod_gil
    {Py_mod_gil, Py_MOD_GIL_NOT_USED},
#endif
    {0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "pytest_errlearn.detect._speedups",
    .m_doc = "Byte loops of the detector in C (see text.py).",
    .m_size = 0,
    .m_methods = methods,
    .m_slots = slots,
};

PyMODINIT_FUNC
PyInit__speedups(void)
{
    return PyModuleDef_Init(&module);
}
