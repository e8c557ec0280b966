/* A complete search for black-and-white nonograms: depth first, with probing at every node,
 * stopping at two answers. It races MiniSat on the other core (sat.run_within).
 *
 * Why: most tournament puzzles (TAAI, ICGA) have many answers and line logic decides almost
 * none of their cells; MiniSat needs tens of milliseconds for a first answer, with a heavy
 * tail. Probing (each open cell set to each value on a copy, line logic to a fixpoint) finds
 * answers on such boards in a few nodes, and draws on the puzzle's clues alone, so it starts
 * before the encoding is built. A search that has tried every branch proves uniqueness (or
 * that there is no answer) as well as a second SAT call does: probing only ever concludes
 * what every answer of the node shares.
 *
 * Lines are bit masks (at most 63 cells, so that every boundary 0..n fits in a word): F holds
 * a line's filled cells, E its empty ones; rows are lines 0..H-1, columns H..H+W-1, and each
 * cell is kept in both its row's and its column's masks. A line is solved exactly by two
 * passes over its blocks, each one a few word operations per block (`forward`, once on the
 * line and once on its mirror image); line results are kept in a small cache keyed by the
 * line and its masks, since probing asks the same question many times over.
 *
 * Every answer is checked against the clues by the caller (solve.py) like any other.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;

#define MAX_LINE 63
#define CACHE_BITS 16

typedef struct {
    u64 F, E, outF, outE;
    uint32_t line; /* the line's number + 1: 0 is an unused entry (calloc's zeros) */
    int32_t ok;    /* 0 contradiction, 1 solved */
} CacheEntry;

typedef struct {
    int height, width, nlines;
    int *nblocks, **blocks, **mirrored; /* per line: its clue, and the clue read backwards */
    CacheEntry *cache;
    int *queue, *queued;
    size_t state_words; /* 2 * nlines: F then E */
    u64 *answers[2];
    int nanswers;
    long nodes;
    volatile const char *stop;
    int root_open;   /* cells line logic left open at the root (-1: it found a contradiction) */
} Search;

/* Set bits of x, inline: without -mpopcnt (not assumed), __builtin_popcountll is a call. */
static inline int count_bits(u64 x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

static inline u64 low_bits(int n) { return n >= 64 ? ~0ULL : ((1ULL << n) - 1); }

/* Cells reachable from `seeds` moving up through set bits of `path` (each run of `path`
 * filled from its lowest seed up). */
static inline u64 fill_up(u64 seeds, u64 path)
{
    u64 g = seeds & path, p = path;
    g |= p & (g << 1); p &= p << 1;
    g |= p & (g << 2); p &= p << 2;
    g |= p & (g << 4); p &= p << 4;
    g |= p & (g << 8); p &= p << 8;
    g |= p & (g << 16); p &= p << 16;
    g |= p & (g << 32);
    return g;
}

static inline u64 mirror(u64 x, int n)
{
    x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
    x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
    return __builtin_bswap64(x) >> (64 - n);
}

/* One pass left to right. may_empty / may_fill: cells not known filled / not known empty.
 * starts[j]: where block j may start given the blocks before it; gaps[j]: cells that may be
 * empty between block j-1 and block j given the blocks before (gaps[k]: after the last).
 * Returns whether the whole clue fits. */
static int forward(int n, int k, const int *clue, u64 may_empty, u64 may_fill, u64 *starts,
                   u64 *gaps)
{
    int lead = __builtin_ctzll(~may_empty);
    if (lead > n) lead = n;
    gaps[0] = low_bits(lead);
    u64 from = (gaps[0] << 1) | 1;
    for (int j = 0; j < k; j++) {
        int len = clue[j];
        if (len > n) return 0;
        u64 fits = may_fill;
        for (int t = 1; t < len; t++) fits &= may_fill >> t;
        u64 ends_clear = (may_empty >> len) | (1ULL << (n - len));
        starts[j] = from & fits & ends_clear;
        if (!starts[j]) return 0;
        u64 ends = starts[j] << len;
        gaps[j + 1] = fill_up(ends & may_empty, may_empty);
        if (j + 1 < k)
            from = gaps[j + 1] << 1;
        else if (!((ends >> n) & 1) && !((gaps[k] >> (n - 1)) & 1))
            return 0;
    }
    return 1;
}

/* Every arrangement of the clue that fits F and E: cells filled in all of them join F, cells
 * empty in all join E. Returns 0 when none fits. */
static int solve_line_exactly(int n, int k, const int *clue, const int *mirrored, u64 F, u64 E,
                              u64 *outF, u64 *outE)
{
    u64 all = low_bits(n);
    if (F & E) return 0;
    if (k == 0) {
        if (F) return 0;
        *outF = 0;
        *outE = all;
        return 1;
    }
    u64 may_empty = all & ~F, may_fill = all & ~E;
    u64 starts[MAX_LINE], gaps[MAX_LINE + 1], back_starts[MAX_LINE], back_gaps[MAX_LINE + 1];
    if (!forward(n, k, clue, may_empty, may_fill, starts, gaps)) return 0;
    if (!forward(n, k, mirrored, mirror(may_empty, n), mirror(may_fill, n), back_starts,
                 back_gaps))
        return 0;
    u64 can_fill = 0, can_empty = 0;
    for (int j = 0; j < k; j++) {
        int len = clue[j];
        /* block j at s is block k-1-j at n-s-len in the mirror image */
        u64 both = starts[j] & (mirror(back_starts[k - 1 - j], n) >> (len - 1));
        u64 covered = both;
        for (int t = 1; t < len; t++) covered |= both << t;
        can_fill |= covered;
    }
    for (int j = 0; j <= k; j++) can_empty |= gaps[j] & mirror(back_gaps[k - j], n);
    if ((can_empty | can_fill) != all) return 0;
    *outF = all & ~can_empty;
    *outE = all & ~can_fill;
    return 1;
}

static int solve_line(Search *s, int line, u64 F, u64 E, u64 *outF, u64 *outE)
{
    u64 h = (F * 0x9E3779B97F4A7C15ULL) ^ (E * 0xC2B2AE3D27D4EB4FULL) ^
            ((u64)(line + 1) * 0x165667B19E3779F9ULL);
    CacheEntry *e = &s->cache[(h ^ (h >> 29)) & ((1u << CACHE_BITS) - 1)];
    if (e->line == (uint32_t)line + 1 && e->F == F && e->E == E) {
        *outF = e->outF;
        *outE = e->outE;
        return e->ok;
    }
    int n = line < s->height ? s->width : s->height;
    int ok = solve_line_exactly(n, s->nblocks[line], s->blocks[line], s->mirrored[line], F, E,
                                outF, outE);
    e->F = F;
    e->E = E;
    e->line = (uint32_t)line + 1;
    e->ok = ok;
    e->outF = ok ? *outF : 0;
    e->outE = ok ? *outE : 0;
    return ok;
}

/* ---------------------------------------------------------------- states */

#define FILLED(s, st) (st)
#define EMPTY(s, st) ((st) + (s)->nlines)

/* Queue a line unless it is queued; the queue is a ring of nlines (a line is in it once). */
static void mark(Search *s, int line, int *count)
{
    if (!s->queued[line]) {
        s->queued[line] = 1;
        s->queue[(*count)++ % s->nlines] = line;
    }
}

/* Line logic to its fixpoint from the lines already queued. Returns the number of cells it
 * fixed (each is new to exactly one line solve), or -1 on a contradiction: probing counts
 * what a probe fixed without counting the grid again. */
static int propagate(Search *s, u64 *st, int count)
{
    u64 *F = FILLED(s, st), *E = EMPTY(s, st);
    int ok = 1, fixed = 0;
    for (int head = 0; head < count; head++) {
        int line = s->queue[head % s->nlines];
        s->queued[line] = 0;
        if (!ok) continue;
        u64 outF, outE;
        if (!solve_line(s, line, F[line], E[line], &outF, &outE)) {
            ok = 0;
            continue;
        }
        u64 newF = outF & ~F[line], newE = outE & ~E[line];
        fixed += count_bits(newF | newE);
        F[line] = outF;
        E[line] = outE;
        int is_row = line < s->height, at = is_row ? line : line - s->height;
        int cross_base = is_row ? s->height : 0;
        for (int pass = 0; pass < 2; pass++) {
            u64 bits = pass ? newE : newF;
            u64 *masks = pass ? E : F;
            while (bits) {
                int b = __builtin_ctzll(bits);
                bits &= bits - 1;
                masks[cross_base + b] |= 1ULL << at;
                mark(s, cross_base + b, &count);
            }
        }
    }
    return ok ? fixed : -1;
}

static void put_cell(Search *s, u64 *st, int r, int c, int filled)
{
    u64 *masks = filled ? FILLED(s, st) : EMPTY(s, st);
    masks[r] |= 1ULL << c;
    masks[s->height + c] |= 1ULL << r;
}

/* Set a cell and propagate: the number of cells now known that were not (the cell
 * included), or -1 on a contradiction. */
static int set_cell(Search *s, u64 *st, int r, int c, int filled)
{
    int count = 0;
    put_cell(s, st, r, c, filled);
    mark(s, r, &count);
    mark(s, s->height + c, &count);
    int fixed = propagate(s, st, count);
    return fixed < 0 ? -1 : fixed + 1;
}

static int known_cells(const Search *s, const u64 *st)
{
    int n = 0;
    for (int r = 0; r < s->height; r++)
        n += count_bits(FILLED(s, st)[r] | EMPTY(s, st)[r]);
    return n;
}

/* A complete state is an answer (every line passed line logic); keep it unless seen. */
static void record(Search *s, const u64 *st)
{
    size_t bytes = sizeof(u64) * s->height;
    if (s->nanswers >= 2) return;
    for (int i = 0; i < s->nanswers; i++)
        if (!memcmp(s->answers[i], st, bytes)) return;
    memcpy(s->answers[s->nanswers++], st, bytes);
}

enum { DEAD, OPEN, DONE };

/* Whether the state is an answer (then recorded); `known` gets its count of known cells. */
static int answered(Search *s, const u64 *st, int *known)
{
    *known = known_cells(s, st);
    if (*known < s->height * s->width) return 0;
    record(s, st);
    return 1;
}

/* Probe every open cell both ways, fixing what a contradiction or an agreement forces, until
 * a round fixes nothing (the root) or once (below it: the parent's round did most of the
 * work). DONE: the node is solved, two answers are known, or the search must stop. On OPEN,
 * the cell to branch on is the one whose two probes fix most cells together, tried first
 * with the value that fixes fewer (it leaves more answers to find). */
static int probe_node(Search *s, u64 *st, u64 *try0, u64 *try1, int *at, int *first)
{
    size_t words = s->state_words;
    for (;;) {
        int changed = 0, have = 0;
        long best = -1;
        int base = known_cells(s, st);
        for (int r = 0; r < s->height; r++) {
            for (int c = 0; c < s->width; c++) {
                if (((FILLED(s, st)[r] | EMPTY(s, st)[r]) >> c) & 1) continue;
                if (*s->stop) return DONE;
                memcpy(try0, st, words * sizeof(u64));
                memcpy(try1, st, words * sizeof(u64));
                int fixed0 = set_cell(s, try0, r, c, 0), fixed1 = set_cell(s, try1, r, c, 1);
                int ok0 = fixed0 >= 0, ok1 = fixed1 >= 0;
                if (!ok0 && !ok1) return DEAD;
                if (!ok0 || !ok1) {
                    memcpy(st, ok0 ? try0 : try1, words * sizeof(u64));
                    changed = 1;
                    if (answered(s, st, &base)) return DONE;
                    continue;
                }
                int known0 = base + fixed0, known1 = base + fixed1;
                if (known0 == s->height * s->width) record(s, try0);
                if (known1 == s->height * s->width) record(s, try1);
                if (s->nanswers >= 2) return DONE;
                int count = 0;
                for (int line = 0; line < s->height; line++) {
                    u64 both_filled = FILLED(s, try0)[line] & FILLED(s, try1)[line];
                    u64 both_empty = EMPTY(s, try0)[line] & EMPTY(s, try1)[line];
                    for (int pass = 0; pass < 2; pass++) {
                        u64 bits = (pass ? both_empty : both_filled) &
                                   ~(pass ? EMPTY(s, st) : FILLED(s, st))[line];
                        while (bits) {
                            int b = __builtin_ctzll(bits);
                            bits &= bits - 1;
                            put_cell(s, st, line, b, !pass);
                            mark(s, line, &count);
                            mark(s, s->height + b, &count);
                        }
                    }
                }
                if (count) {
                    if (propagate(s, st, count) < 0) return DEAD;
                    changed = 1;
                    if (answered(s, st, &base)) return DONE;
                    continue;
                }
                long gain0 = known0 - base, gain1 = known1 - base;
                long score = (gain0 + 1) * (gain1 + 1);
                if (!have || score > best) {
                    have = 1;
                    best = score;
                    at[0] = r;
                    at[1] = c;
                    *first = gain1 < gain0;
                }
            }
        }
        if (!changed || s->nodes > 1) {
            if (answered(s, st, &base)) return DONE;
            return have ? OPEN : DEAD;
        }
    }
}

typedef struct {
    int r, c, first, tried;
} Frame;

/* Depth first over the probed nodes. Returns 1 when every branch was tried or two answers
 * are known (the answers then decide), 0 when stopped, -1 out of memory. */
static int search(Search *s)
{
    size_t words = s->state_words;
    int depth_max = s->height * s->width + 2;
    u64 *states = malloc(sizeof(u64) * words * (depth_max + 2));
    Frame *frames = malloc(sizeof(Frame) * depth_max);
    if (!states || !frames) {
        free(states);
        free(frames);
        return -1;
    }
    u64 *try0 = states + words * depth_max, *try1 = try0 + words;
    memset(states, 0, sizeof(u64) * words);
    int count = 0;
    for (int line = 0; line < s->nlines; line++) mark(s, line, &count);
    int complete = 1, depth = -1;
    s->root_open = -1;
    if (propagate(s, states, count) >= 0) {
        depth = 0;
        frames[0].tried = -1; /* not yet probed */
        s->root_open = s->height * s->width - known_cells(s, states);
    }
    while (depth >= 0) {
        Frame *f = &frames[depth];
        u64 *st = states + words * depth;
        if (f->tried < 0) {
            if (*s->stop) {
                complete = 0;
                break;
            }
            s->nodes++;
            int at[2];
            int verdict = probe_node(s, st, try0, try1, at, &f->first);
            if (*s->stop) {
                complete = 0;
                break;
            }
            if (s->nanswers >= 2) break;
            if (verdict != OPEN) {
                depth--;
                continue;
            }
            f->r = at[0];
            f->c = at[1];
            f->tried = 0;
        }
        if (f->tried == 2) {
            depth--;
            continue;
        }
        int value = f->tried == 0 ? f->first : !f->first;
        f->tried++;
        u64 *child = st + words;
        memcpy(child, st, words * sizeof(u64));
        if (set_cell(s, child, f->r, f->c, value) >= 0) {
            depth++;
            frames[depth].tried = -1;
        }
    }
    free(states);
    free(frames);
    return complete;
}

/* ---------------------------------------------------------------- Python */

static void free_search(Search *s)
{
    if (s->blocks)
        for (int i = 0; i < s->nlines; i++) free(s->blocks[i]);
    if (s->mirrored)
        for (int i = 0; i < s->nlines; i++) free(s->mirrored[i]);
    free(s->blocks);
    free(s->mirrored);
    free(s->nblocks);
    free(s->cache);
    free(s->queue);
    free(s->queued);
    free(s->answers[0]);
    free(s->answers[1]);
}

static int read_clues(Search *s, PyObject *lines, int first, int n)
{
    for (int i = 0; i < PyList_GET_SIZE(lines); i++) {
        PyObject *clue = PySequence_Fast(PyList_GET_ITEM(lines, i), "a clue is a sequence");
        if (!clue) return 0;
        Py_ssize_t k = PySequence_Fast_GET_SIZE(clue);
        int line = first + i, kept = 0;
        s->blocks[line] = malloc(sizeof(int) * (k + 1));
        s->mirrored[line] = malloc(sizeof(int) * (k + 1));
        if (!s->blocks[line] || !s->mirrored[line]) {
            Py_DECREF(clue);
            PyErr_NoMemory();
            return 0;
        }
        for (Py_ssize_t j = 0; j < k; j++) {
            long len = PyLong_AsLong(PySequence_Fast_GET_ITEM(clue, j));
            if (len == -1 && PyErr_Occurred()) {
                Py_DECREF(clue);
                return 0;
            }
            if (len < 0 || len > n || k > MAX_LINE) {
                Py_DECREF(clue);
                PyErr_SetString(PyExc_ValueError, "a clue does not fit its line");
                return 0;
            }
            if (len > 0) s->blocks[line][kept++] = (int)len;
        }
        Py_DECREF(clue);
        s->nblocks[line] = kept;
        for (int j = 0; j < kept; j++) s->mirrored[line][j] = s->blocks[line][kept - 1 - j];
    }
    return 1;
}

static PyObject *two_answers(PyObject *self, PyObject *args)
{
    PyObject *rows, *cols;
    Py_buffer stop;
    if (!PyArg_ParseTuple(args, "O!O!w*", &PyList_Type, &rows, &PyList_Type, &cols, &stop))
        return NULL;
    Search s;
    memset(&s, 0, sizeof s);
    s.height = (int)PyList_GET_SIZE(rows);
    s.width = (int)PyList_GET_SIZE(cols);
    PyObject *result = NULL;
    if (stop.len < 1 || s.height < 1 || s.width < 1 || s.height > MAX_LINE ||
        s.width > MAX_LINE) {
        PyErr_SetString(PyExc_ValueError,
                        "lines of 1 to 63 cells and a stop flag of one or two bytes");
        goto done;
    }
    s.nlines = s.height + s.width;
    s.state_words = 2 * (size_t)s.nlines;
    s.stop = (volatile const char *)stop.buf;
    s.nblocks = calloc(s.nlines, sizeof(int));
    s.blocks = calloc(s.nlines, sizeof(int *));
    s.mirrored = calloc(s.nlines, sizeof(int *));
    s.cache = calloc((size_t)1 << CACHE_BITS, sizeof(CacheEntry)); /* pages zeroed as used */
    s.queue = malloc(sizeof(int) * s.nlines);
    s.queued = calloc(s.nlines, sizeof(int));
    s.answers[0] = malloc(sizeof(u64) * s.height);
    s.answers[1] = malloc(sizeof(u64) * s.height);
    if (!s.nblocks || !s.blocks || !s.mirrored || !s.cache || !s.queue || !s.queued ||
        !s.answers[0] || !s.answers[1]) {
        PyErr_NoMemory();
        goto done;
    }
    if (!read_clues(&s, rows, 0, s.width) || !read_clues(&s, cols, s.height, s.height))
        goto done;
    int complete;
    Py_BEGIN_ALLOW_THREADS
    complete = search(&s);
    if (complete == 1 && stop.len > 1) /* said before the GIL is taken back: see the doc */
        ((volatile char *)stop.buf)[1] = 1;
    Py_END_ALLOW_THREADS
    if (complete < 0) {
        PyErr_NoMemory();
        goto done;
    }
    PyObject *answers = PyList_New(0);
    if (!answers) goto done;
    for (int i = 0; i < s.nanswers; i++) {
        PyObject *grid = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)s.height * s.width);
        if (!grid || PyList_Append(answers, grid) < 0) {
            Py_XDECREF(grid);
            Py_DECREF(answers);
            goto done;
        }
        char *cells = PyBytes_AS_STRING(grid);
        for (int r = 0; r < s.height; r++)
            for (int c = 0; c < s.width; c++)
                cells[r * s.width + c] = (char)((s.answers[i][r] >> c) & 1);
        Py_DECREF(grid);
    }
    result = Py_BuildValue("(NNN)", PyBool_FromLong(complete), answers,
                           PyBool_FromLong(s.root_open == 0));
done:
    free_search(&s);
    PyBuffer_Release(&stop);
    return result;
}

PyDoc_STRVAR(two_answers_doc,
             "two_answers(rows, cols, stop) -> (complete, answers, line_solved)\n\n"
             "Search a black-and-white nonogram (lines of at most 63 cells) for two answers,\n"
             "without the GIL. `stop` is a writable buffer: a non-zero first byte stops the\n"
             "search; a second byte, where there is one, is set once the search has decided,\n"
             "before it takes the GIL back (the thread holding it can stop what the answer\n"
             "makes useless). `complete` is True when every branch was tried or two answers\n"
             "were found: the number of answers (each bytes of 0/1 cells, row-major) is then\n"
             "the verdict. Otherwise the search was stopped.\n\n"
             "`line_solved`: line logic alone decided every cell (what the encoding's\n"
             "line_solvable fact says, for an answer found before the encoding was built).");

static PyMethodDef methods[] = {
    {"two_answers", two_answers, METH_VARARGS, two_answers_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_search", "A complete probing search for black-and-white nonograms.",
    -1, methods,
};

PyMODINIT_FUNC PyInit__search(void) { return PyModule_Create(&module); }
