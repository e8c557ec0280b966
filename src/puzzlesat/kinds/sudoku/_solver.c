/* Many boxed Sudokus at once, in one call: singles on bit sets and a depth-first search that
 * tries every branch, up to a second answer (many.py's first engine).
 *
 * Why: a file of thousands of Sudokus is mostly easy puzzles, each a few microseconds of
 * work; the numpy engine shares its fixed costs across thousands of puzzles, but importing
 * numpy alone takes longer than this engine needs for a file of thousands. One call takes
 * every puzzle of a shape as bytes and gives back a status and up to two answers each, so
 * that Python does no work per puzzle beyond building its result.
 *
 * A state is one candidate mask per cell (bit d-1 for digit d; sides up to 32). A cell that
 * comes down to one digit is queued once (the moment it does), and when taken from the
 * queue its digit leaves its peers (naked singles); once the queue is empty, every row,
 * column and box is scanned for a digit with one place left (hidden singles), until neither
 * changes anything. A contradiction: a cell with no digit left, a digit with no place left in
 * a unit, or one cell that is the last place of two digits. The search splits on a cell of
 * fewest candidates, each of its digits in turn on a copy of the state, and goes on until
 * every branch is tried or two answers are found: one answer after every branch is a unique
 * puzzle, as a second SAT call would prove. A puzzle that needs more than `budget` branches
 * is handed back undecided, for the numpy engine or SAT.
 *
 * Every answer is checked against the rules by the caller (check.py), as any engine's is.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint32_t mask;

#define MAX_SIDE 32

enum { NONE = 0, UNIQUE = 1, MULTIPLE = 2, GAVE_UP = 3 };

/* Set bits of x, inline: without -mpopcnt (not assumed), __builtin_popcount is a call. */
static inline int count_bits(mask x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
}

/* The digit of a mask of one bit. */
static inline int digit_of(mask x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz(x) + 1;
#else
    int d = 1;
    while (!(x & 1)) {
        x >>= 1;
        d++;
    }
    return d;
#endif
}

typedef struct {
    int n, cells, nunits, npeers;
    mask full;
    int *units;    /* nunits * n cells: the rows, the columns, the boxes */
    int *peers;    /* cells * npeers: the other cells of each cell's row, column and box */
    int *queue;    /* cells: the cells that came down to one digit, not yet taken */
    mask *states;  /* (cells + 1) * cells: the state of each depth of the search */
    uint8_t *answers; /* 2 * cells: the answers found to the current puzzle */
    int nanswers;
    long branches, budget;
    int gave_up;
} Shape;

static void free_shape(Shape *s)
{
    free(s->units);
    free(s->peers);
    free(s->queue);
    free(s->states);
    free(s->answers);
}

/* The units and peers of an n x n grid of br x bc boxes; 0 when out of memory. */
static int make_shape(Shape *s, int n, int br, int bc)
{
    s->n = n;
    s->cells = n * n;
    s->nunits = 3 * n;
    s->npeers = 3 * n - br - bc - 1; /* row and column: 2(n-1); the box adds (br-1)(bc-1) */
    s->full = n == 32 ? ~(mask)0 : (((mask)1 << n) - 1);
    s->units = malloc(sizeof(int) * s->nunits * n);
    s->peers = malloc(sizeof(int) * s->cells * s->npeers);
    s->queue = malloc(sizeof(int) * s->cells);
    s->states = malloc(sizeof(mask) * (size_t)(s->cells + 1) * s->cells);
    s->answers = malloc(2 * (size_t)s->cells);
    char *peer = malloc(s->cells);
    if (!s->units || !s->peers || !s->queue || !s->states || !s->answers || !peer) {
        free(peer);
        return 0;
    }
    int stacks = n / bc;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < n; k++) {
            s->units[i * n + k] = i * n + k;                                  /* row i */
            s->units[(n + i) * n + k] = k * n + i;                            /* column i */
            int top = (i / stacks) * br, left = (i % stacks) * bc;            /* box i */
            s->units[(2 * n + i) * n + k] = (top + k / bc) * n + left + k % bc;
        }
    for (int c = 0; c < s->cells; c++) {
        int r = c / n, col = c % n, box = (r / br) * stacks + col / bc, found = 0;
        memset(peer, 0, s->cells);
        for (int k = 0; k < n; k++) {
            peer[s->units[r * n + k]] = 1;
            peer[s->units[(n + col) * n + k]] = 1;
            peer[s->units[(2 * n + box) * n + k]] = 1;
        }
        peer[c] = 0;
        for (int p = 0; p < s->cells; p++)
            if (peer[p]) s->peers[c * s->npeers + found++] = p;
    }
    free(peer);
    return 1;
}

/* Singles to a fixpoint on state x, whose `queued` first cells of s->queue are decided and
 * not yet taken; *placed counts the cells taken so far. 0 on a contradiction. */
static int propagate(Shape *s, mask *x, int queued, int *placed)
{
    const int n = s->n, npeers = s->npeers;
    int *queue = s->queue, head = 0, tail = queued;
    for (;;) {
        while (head < tail) {
            int c = queue[head++];
            mask bit = x[c];
            const int *p = s->peers + c * npeers;
            for (int k = 0; k < npeers; k++) {
                mask m = x[p[k]];
                if (m & bit) {
                    m &= ~bit;
                    if (!m) return 0;
                    x[p[k]] = m;
                    if (!(m & (m - 1))) queue[tail++] = p[k];
                }
            }
            (*placed)++;
        }
        if (*placed == s->cells) return 1;
        for (int u = 0; u < s->nunits; u++) {
            const int *unit = s->units + u * n;
            mask once = 0, twice = 0;
            for (int k = 0; k < n; k++) {
                mask m = x[unit[k]];
                twice |= once & m;
                once |= m;
            }
            if (once != s->full) return 0; /* a digit with no place left */
            mask alone = once & ~twice;
            for (int k = 0; alone && k < n; k++) {
                mask m = x[unit[k]] & alone;
                if (!m) continue;
                if (m & (m - 1)) return 0; /* the one place of two digits */
                alone &= ~m;
                if (x[unit[k]] != m) {
                    x[unit[k]] = m;
                    queue[tail++] = unit[k];
                }
            }
        }
        if (head == tail) return 1;
    }
}

static void record(Shape *s, const mask *x)
{
    if (s->nanswers < 2) {
        uint8_t *out = s->answers + s->nanswers * s->cells;
        for (int c = 0; c < s->cells; c++) out[c] = (uint8_t)digit_of(x[c]);
    }
    s->nanswers++;
}

/* Every branch below the propagated state of `depth` (with `placed` cells taken), until two
 * answers or the budget. */
static void search(Shape *s, int depth, int placed)
{
    const int cells = s->cells;
    mask *x = s->states + (size_t)depth * cells;
    if (placed == cells) {
        record(s, x);
        return;
    }
    int best = -1, fewest = MAX_SIDE + 1;
    for (int c = 0; c < cells; c++) {
        mask m = x[c];
        if (m & (m - 1)) {
            int k = count_bits(m);
            if (k < fewest) {
                fewest = k;
                best = c;
                if (k == 2) break;
            }
        }
    }
    mask *y = x + cells;
    for (mask left = x[best]; left; left &= left - 1) {
        if (++s->branches > s->budget) {
            s->gave_up = 1;
            return;
        }
        memcpy(y, x, sizeof(mask) * cells);
        y[best] = left & (~left + 1);
        s->queue[0] = best;
        int now = placed;
        if (propagate(s, y, 1, &now)) search(s, depth + 1, now);
        if (s->nanswers >= 2 || s->gave_up) return;
    }
}

/* One puzzle's status; its answers in s->answers. */
static int solve_one(Shape *s, const uint8_t *values)
{
    mask *x = s->states;
    int queued = 0, placed = 0;
    for (int c = 0; c < s->cells; c++) {
        int v = values[c];
        if (v > s->n) return NONE;
        x[c] = v ? (mask)1 << (v - 1) : s->full;
        if (v) s->queue[queued++] = c;
    }
    s->nanswers = 0;
    s->branches = 0;
    s->gave_up = 0;
    if (propagate(s, x, queued, &placed)) search(s, 0, placed);
    if (s->nanswers >= 2) return MULTIPLE;
    if (s->gave_up) return GAVE_UP;
    return s->nanswers;
}

/* ------------------------------------------------------------- 9x9: a bit board a digit
 *
 * The common case, four to five times faster than masks per cell: the 81 cells in three
 * bands of three rows, 27 bits a band (bit 9 * row in the band + column), and per digit the
 * cells it may still take. A digit placed clears its cell from the other digits and itself
 * from the cell's peers in a dozen word operations, where a mask per cell visits twenty
 * peers; naked singles are the cells one digit's bits alone cover (bit-sliced counting), and
 * a row's, a box's or a column's positions of a digit are a few shifts away.
 */
typedef struct {
    uint32_t may[9][3]; /* per digit (0-based), per band: the cells it may still take */
    uint32_t open[3];   /* per band: the cells not yet decided */
} Board;

#define ROW 0x1FFu      /* the first row of a band */
#define BOX 0x1C0E07u   /* the first box of a band: three columns of its three rows */
#define COLUMN 0x40201u /* the first column of a band: a cell a row */
#define BAND 0x7FFFFFFu

static uint32_t PEERS[81][3]; /* per cell, per band: the other cells of its row, column, box */

/* Per pattern of three-by-three segments (bit 3 * row + column of segments): the segments
 * that lie on a placement of one segment a row and one a column within it (0: none). */
static int PLACEMENTS[512];
static uint32_t SEGMENTS[512]; /* a band's cells in those segments (row-box segments) */

static void make_tables(void)
{
    static const int orders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int seen = 0; seen < 512; seen++) {
        for (int k = 0; k < 6; k++) {
            int placement = 0;
            for (int r = 0; r < 3; r++) placement |= 1 << (3 * r + orders[k][r]);
            if ((seen & placement) == placement) PLACEMENTS[seen] |= placement;
        }
        for (int j = 0; j < 9; j++)
            if (seen >> j & 1) SEGMENTS[seen] |= 7u << (9 * (j / 3) + 3 * (j % 3));
    }
    for (int c = 0; c < 81; c++)
        for (int p = 0; p < 81; p++) {
            int same_box = p / 27 == c / 27 && p % 9 / 3 == c % 9 / 3;
            if (p != c && (p / 9 == c / 9 || p % 9 == c % 9 || same_box))
                PEERS[c][p / 27] |= 1u << (p % 27);
        }
}

static inline int lowest(uint32_t x) { return digit_of(x) - 1; }

/* Digit d into bit i of band b; 0 when d may not go there. */
static inline int place(Board *x, int d, int b, int i)
{
    uint32_t bit = 1u << i;
    if (!(x->may[d][b] & bit)) return 0;
    const uint32_t *peers = PEERS[27 * b + i];
    for (int e = 0; e < 9; e++) x->may[e][b] &= ~bit;
    x->may[d][0] &= ~peers[0];
    x->may[d][1] &= ~peers[1];
    x->may[d][2] &= ~peers[2];
    x->may[d][b] |= bit;
    x->open[b] &= ~bit;
    return 1;
}

/* Naked singles: every open cell that one digit alone may take gets it. -1 on a
 * contradiction, else whether any was placed. */
static int naked(Board *x)
{
    int placed = 0;
    for (int b = 0; b < 3; b++) {
        uint32_t once = 0, twice = 0;
        for (int d = 0; d < 9; d++) {
            twice |= once & x->may[d][b];
            once |= x->may[d][b];
        }
        if (x->open[b] & ~once) return -1; /* a cell with no digit left */
        for (uint32_t single = x->open[b] & ~twice; single; single &= single - 1) {
            int i = lowest(single), d = 0;
            while (d < 9 && !(x->may[d][b] >> i & 1)) d++;
            if (d == 9) return -1; /* its digit went to a peer placed just now */
            place(x, d, b, i);
            placed = 1;
        }
    }
    return placed;
}

/* Hidden singles of digit d: a row, box or column with one place left for it gets it there.
 * -1 on a contradiction (a unit with no place for d), else whether any was placed. */
static int hidden(Board *x, int d)
{
    int placed = 0;
    uint32_t once = 0, twice = 0; /* columns where d may go in one band, in two */
    for (int b = 0; b < 3; b++) {
        for (int k = 0; k < 3; k++) {
            uint32_t row = x->may[d][b] & (ROW << 9 * k), box = x->may[d][b] & (BOX << 3 * k);
            if (!row || !box) return -1;
            if (!(row & (row - 1)) && (row & x->open[b])) placed = place(x, d, b, lowest(row));
            box = x->may[d][b] & (BOX << 3 * k);
            if (!(box & (box - 1)) && (box & x->open[b])) placed = place(x, d, b, lowest(box));
        }
        uint32_t m = x->may[d][b], r0 = m & ROW, r1 = m >> 9 & ROW, r2 = m >> 18;
        uint32_t here = r0 | r1 | r2, more = (r0 & r1) | (r0 & r2) | (r1 & r2);
        twice |= more | (once & here);
        once |= here;
    }
    if (once != ROW) return -1;
    for (uint32_t alone = once & ~twice; alone; alone &= alone - 1) {
        int column = lowest(alone);
        for (int b = 0; b < 3; b++) {
            uint32_t cell = x->may[d][b] & (COLUMN << column);
            if (cell) { /* (none left: a placement above took it; the next round sees) */
                if (cell & x->open[b]) placed = place(x, d, b, lowest(cell));
                break;
            }
        }
    }
    return placed;
}

/* Locked candidates of digit d, all at once: in a band, d takes one cell in each of its
 * rows and in each of its boxes, so the row-box segments where it may still go must hold a
 * placement of one segment a row and one a box (a permutation of three); a segment on no
 * such placement loses d. The same holds in a stack of boxes, for its columns and bands.
 * (Pointing and claiming are the simplest cases.) -1 on a contradiction, else whether any
 * candidate went. */
static int locked(Board *x, int d)
{
    int changed = 0;
    for (int b = 0; b < 3; b++) {
        uint32_t m = x->may[d][b];
        int seen = 0;
        for (int j = 0; j < 9; j++)
            if (m >> (9 * (j / 3) + 3 * (j % 3)) & 7) seen |= 1 << j;
        int kept = PLACEMENTS[seen];
        if (kept == seen) continue;
        if (!kept || (m & ~SEGMENTS[kept] & ~x->open[b])) return -1;
        x->may[d][b] = m & SEGMENTS[kept];
        changed = 1;
    }
    for (int stack = 0; stack < 3; stack++) {
        int seen = 0;
        for (int j = 0; j < 9; j++)
            if (x->may[d][j / 3] & (COLUMN << (3 * stack + j % 3))) seen |= 1 << j;
        int kept = PLACEMENTS[seen];
        if (kept == seen) continue;
        if (!kept) return -1;
        for (int gone = seen & ~kept; gone; gone &= gone - 1) {
            int j = lowest((uint32_t)gone), b = j / 3;
            uint32_t cells = x->may[d][b] & (COLUMN << (3 * stack + j % 3));
            if (cells & ~x->open[b]) return -1;
            x->may[d][b] &= ~cells;
        }
        changed = 1;
    }
    return changed;
}

/* Naked and hidden singles to a fixpoint, then locked candidates, until none changes
 * anything: 0 on a contradiction. */
static int settle(Board *x)
{
    for (;;) {
        int placed = naked(x);
        if (placed < 0) return 0;
        if (placed) continue;
        if (!(x->open[0] | x->open[1] | x->open[2])) return 1;
        for (int d = 0; d < 9; d++) {
            int found = hidden(x, d);
            if (found < 0) return 0;
            placed |= found;
        }
        if (placed) continue;
        for (int d = 0; d < 9; d++) {
            int found = locked(x, d);
            if (found < 0) return 0;
            placed |= found;
        }
        if (!placed) return 1;
    }
}

/* The open cell to split: one of two digits if there is one, else one of fewest. */
static void pick(const Board *x, int *band, int *bit)
{
    int fewest = 10;
    for (int b = 0; b < 3; b++) {
        uint32_t once = 0, twice = 0, more = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t m = x->may[d][b] & x->open[b];
            more |= twice & m;
            twice |= once & m;
            once |= m;
        }
        uint32_t two = twice & ~more;
        if (two) {
            *band = b;
            *bit = lowest(two);
            return;
        }
        for (uint32_t left = x->open[b]; left; left &= left - 1) {
            int i = lowest(left), k = 0;
            for (int d = 0; d < 9; d++) k += x->may[d][b] >> i & 1;
            if (k < fewest) {
                fewest = k;
                *band = b;
                *bit = i;
            }
        }
    }
}

static void record_nine(Shape *s, const Board *x)
{
    if (s->nanswers < 2) {
        uint8_t *out = s->answers + s->nanswers * 81;
        for (int c = 0; c < 81; c++) {
            int d = 0;
            while (!(x->may[d][c / 27] >> (c % 27) & 1)) d++;
            out[c] = (uint8_t)(d + 1);
        }
    }
    s->nanswers++;
}

static void search_nine(Shape *s, const Board *x)
{
    if (!(x->open[0] | x->open[1] | x->open[2])) {
        record_nine(s, x);
        return;
    }
    int b = 0, i = 0;
    pick(x, &b, &i);
    for (int d = 0; d < 9; d++) {
        if (!(x->may[d][b] >> i & 1)) continue;
        if (++s->branches > s->budget) {
            s->gave_up = 1;
            return;
        }
        Board y = *x;
        place(&y, d, b, i);
        if (settle(&y)) search_nine(s, &y);
        if (s->nanswers >= 2 || s->gave_up) return;
    }
}

static int solve_nine(Shape *s, const uint8_t *values)
{
    Board x;
    for (int b = 0; b < 3; b++) {
        x.open[b] = BAND;
        for (int d = 0; d < 9; d++) x.may[d][b] = BAND;
    }
    for (int c = 0; c < 81; c++) {
        int v = values[c];
        if (v > 9) return NONE;
        if (v && !place(&x, v - 1, c / 27, c % 27)) return NONE;
    }
    s->nanswers = 0;
    s->branches = 0;
    s->gave_up = 0;
    if (settle(&x)) search_nine(s, &x);
    if (s->nanswers >= 2) return MULTIPLE;
    if (s->gave_up) return GAVE_UP;
    return s->nanswers;
}

static PyObject *solve(PyObject *self, PyObject *args)
{
    Py_buffer values;
    int n, br, bc;
    long budget;
    if (!PyArg_ParseTuple(args, "y*iiil", &values, &n, &br, &bc, &budget)) return NULL;
    PyObject *result = NULL, *statuses = NULL, *answers = NULL;
    Shape s;
    memset(&s, 0, sizeof s);
    if (n < 1 || n > MAX_SIDE || br < 1 || bc < 1 || br * bc != n ||
        values.len % ((Py_ssize_t)n * n)) {
        PyErr_SetString(PyExc_ValueError,
                        "a side of 1 to 32, boxes that tile it, and n*n values a puzzle");
        goto done;
    }
    Py_ssize_t count = values.len / ((Py_ssize_t)n * n), cells = (Py_ssize_t)n * n;
    statuses = PyBytes_FromStringAndSize(NULL, count);
    answers = PyBytes_FromStringAndSize(NULL, 2 * cells * count);
    if (!statuses || !answers) goto done;
    if (!make_shape(&s, n, br, bc)) {
        PyErr_NoMemory();
        goto done;
    }
    s.budget = budget;
    int nine = n == 9 && br == 3 && bc == 3;
    uint8_t *status = (uint8_t *)PyBytes_AS_STRING(statuses);
    uint8_t *out = (uint8_t *)PyBytes_AS_STRING(answers);
    const uint8_t *in = values.buf;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < count; i++) {
        status[i] = (uint8_t)(nine ? solve_nine(&s, in + i * cells) : solve_one(&s, in + i * cells));
        int kept = s.nanswers < 2 ? s.nanswers : 2;
        memcpy(out + 2 * i * cells, s.answers, kept * cells);
        memset(out + (2 * i + kept) * cells, 0, (2 - kept) * cells);
    }
    Py_END_ALLOW_THREADS
    result = PyTuple_Pack(2, statuses, answers);
done:
    Py_XDECREF(statuses);
    Py_XDECREF(answers);
    free_shape(&s);
    PyBuffer_Release(&values);
    return result;
}

PyDoc_STRVAR(solve_doc,
             "solve(values, n, box_rows, box_cols, budget) -> (statuses, answers)\n\n"
             "Solve many n x n Sudokus of box_rows x box_cols boxes, without the GIL.\n"
             "`values`: n*n bytes a puzzle, row after row, 0 for an empty cell. `statuses`:\n"
             "a byte a puzzle, 0 no answer (a value past n included), 1 unique, 2 several,\n"
             "3 undecided after `budget` branches. `answers`: 2*n*n bytes a puzzle, its\n"
             "first and second answers (zeros where there is none).");

static PyMethodDef methods[] = {
    {"solve", solve, METH_VARARGS, solve_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_solver", "Singles and a complete search for boxed Sudokus.", -1,
    methods,
};

PyMODINIT_FUNC PyInit__solver(void)
{
    make_tables();
    return PyModule_Create(&module);
}
