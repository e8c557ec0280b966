/* The two hot loops of black-and-white nonograms, in C: line logic to its fixpoint, and
 * the clauses of the order encoding of block starts; and belief propagation, which gives the
 * hard racer its phases (C only, see below).
 *
 * Why: in Python, building the clauses costs more than solving them on most 25x25
 * tournament puzzles, and line logic dominates large line-solvable ones (benchmarks/README.md
 * has both). These are twins of lines.propagate and encode.line_clauses, which stay as the
 * reference and the fallback where no C compiler was found at install time; tests check that
 * both give the same grid and the same clauses, clause for clause.
 *
 * A grid is one byte per cell, row-major: 0 empty, 1 filled, UNK open. Lines 0..H-1 are the
 * rows, H..H+W-1 the columns. Propagation keeps a queue of lines to look at again; a line is
 * solved exactly (every arrangement of its clue that fits the known cells counts) by two
 * dynamic programmes: blocks 0..j-1 within a prefix, blocks j..k-1 within a suffix. A block
 * may start at s when it fits there with the blocks before it in the prefix and the blocks
 * after it in the suffix: these starts are the encoding's block-start variables.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define UNK 2

typedef unsigned char cell_t;

typedef struct {
    int width, height, nlines, ncells;
    int *first, *stride, *length; /* per line: its first cell, the step between cells */
    int *nblocks, **blocks;       /* per line: its clue */
    /* scratch for one line */
    int *zeros, *ones, *cover;
    int *minpre, *minsuf; /* cells blocks 0..j-1 (j..k-1) need at least */
    unsigned char *pre, *suf;
    cell_t *line;
    /* the queue of lines to solve again */
    int *queue, head, count;
    unsigned char *queued;
    /* the order encoding: per block its possible starts, their first and last */
    unsigned char *possible;
    int *lo, *hi;
    long *base;
} Puzzle;

static void enqueue(Puzzle *p, int line)
{
    if (p->queued[line]) return;
    p->queued[line] = 1;
    p->queue[(p->head + p->count) % p->nlines] = line;
    p->count++;
}

static void enqueue_cell(Puzzle *p, int cell)
{
    enqueue(p, cell / p->width);
    enqueue(p, p->height + cell % p->width);
}

/* Load line li of grid g into the scratch tables: the cells, prefix counts of empty and
 * filled cells, and the two dynamic programmes. Returns whether any arrangement fits. */
static int line_tables(Puzzle *p, const cell_t *g, int li)
{
    const int n = p->length[li], k = p->nblocks[li], *b = p->blocks[li];
    const int first = p->first[li], stride = p->stride[li], n1 = n + 1;
    cell_t *x = p->line;
    int *z = p->zeros, *o = p->ones;
    unsigned char *pre = p->pre, *suf = p->suf;
    int i, j;

    int *minpre = p->minpre, *minsuf = p->minsuf;

    minpre[0] = 0;
    for (j = 1; j <= k; j++) minpre[j] = minpre[j - 1] + b[j - 1] + (j > 1);
    minsuf[k] = 0;
    for (j = k - 1; j >= 0; j--) minsuf[j] = minsuf[j + 1] + b[j] + (j < k - 1);
    z[0] = o[0] = 0;
    for (i = 0; i < n; i++) {
        x[i] = g ? g[first + i * stride] : UNK;
        z[i + 1] = z[i] + (x[i] == 0);
        o[i + 1] = o[i] + (x[i] == 1);
    }
    /* pre[j][i]: blocks 0..j-1 fit in cells [0, i), the last may end at i-1 */
    for (i = 0; i <= n; i++) pre[i] = o[i] == 0;
    for (j = 1; j <= k; j++) {
        const int len = b[j - 1];
        unsigned char *row = pre + j * n1, *prev = pre + (j - 1) * n1;
        memset(row, 0, (size_t)(minpre[j] < n1 ? minpre[j] : n1));
        for (i = minpre[j] > 0 ? minpre[j] : 1; i <= n; i++) {
            int ok = x[i - 1] != 1 && row[i - 1];
            if (!ok) {
                int s = i - len;
                if (s >= 0 && z[i] == z[s])
                    ok = s == 0 ? j == 1 : (x[s - 1] != 1 && prev[s - 1]);
            }
            row[i] = (unsigned char)ok;
        }
    }
    /* suf[j][i]: blocks j..k-1 fit in cells [i, n), the first may start at i */
    for (i = 0; i <= n; i++) suf[k * n1 + i] = o[n] == o[i];
    for (j = k - 1; j >= 0; j--) {
        const int len = b[j];
        unsigned char *row = suf + j * n1, *next = suf + (j + 1) * n1;
        int top = n - minsuf[j];
        for (i = n; i > top && i >= 0; i--) row[i] = 0;
        for (i = top; i >= 0; i--) {
            int ok = x[i] != 1 && row[i + 1];
            if (!ok) {
                int e = i + len;
                if (e <= n && z[e] == z[i])
                    ok = e == n ? j == k - 1 : (x[e] != 1 && next[e + 1]);
            }
            row[i] = (unsigned char)ok;
        }
    }
    return suf[0];
}

/* After line_tables: may block j of line li start at cell s? */
static int block_fits(const Puzzle *p, int li, int j, int s)
{
    const int n = p->length[li], k = p->nblocks[li], n1 = n + 1, e = s + p->blocks[li][j];
    const cell_t *x = p->line;
    if (e > n || p->zeros[e] != p->zeros[s]) return 0;
    if (s == 0 ? j != 0 : (x[s - 1] == 1 || !p->pre[j * n1 + s - 1])) return 0;
    return e == n ? j == k - 1 : (x[e] != 1 && p->suf[(j + 1) * n1 + e + 1]);
}

/* Solve one line on grid g: write the cells it forces and queue their crossing lines.
 * Returns 0, or -1 if no arrangement fits. */
static int solve_line(Puzzle *p, cell_t *g, int li)
{
    const int n = p->length[li], k = p->nblocks[li], n1 = n + 1;
    const int first = p->first[li], stride = p->stride[li];
    int *cover = p->cover;
    int i, j, s, jlo, jhi, covered = 0;

    if (!line_tables(p, g, li)) return -1;
    /* a cell may be filled if a block that fits covers it */
    memset(cover, 0, sizeof(int) * (size_t)n1);
    for (j = 0; j < k; j++) {
        for (s = p->minpre[j] + (j > 0); s <= n - p->minsuf[j]; s++) {
            if (block_fits(p, li, j, s)) {
                cover[s]++;
                cover[s + p->blocks[li][j]]--;
            }
        }
    }
    for (i = 0, jlo = 0, jhi = 0; i < n; i++) {
        int can1, can0 = 0;
        covered += cover[i];
        /* a cell may be empty if blocks 0..j-1 fit before it and j..k-1 after it, which
         * needs minpre[j] <= i and minsuf[j] < n - i: an interval of j moving right */
        while (jhi < k && p->minpre[jhi + 1] <= i) jhi++;
        while (jlo < k && p->minsuf[jlo] >= n - i) jlo++;
        if (p->line[i] != UNK) continue;
        can1 = covered > 0;
        for (j = jlo; j <= jhi && !can0; j++) can0 = p->pre[j * n1 + i] && p->suf[j * n1 + i + 1];
        if (can0 == can1) {
            if (!can0) return -1;
            continue;
        }
        g[first + i * stride] = (cell_t)can1;
        enqueue_cell(p, first + i * stride);
    }
    return 0;
}

/* Line logic to its fixpoint on g: every line once, then each line again whenever a
 * crossing line fixed one of its cells. Returns 0, or -1 on a contradiction. */
static int propagate(Puzzle *p, cell_t *g)
{
    int li;
    for (li = 0; li < p->nlines; li++) enqueue(p, li);
    while (p->count) {
        li = p->queue[p->head];
        p->head = (p->head + 1) % p->nlines;
        p->count--;
        p->queued[li] = 0;
        if (solve_line(p, g, li) < 0) return -1;
    }
    return 0;
}

/* ------------------------------------------------------------- the order encoding */

/* Append the clause of the n literals given to out. */
static int add(PyObject *out, int n, long a, long b, long c)
{
    long lits[3] = {a, b, c};
    PyObject *clause = PyList_New(n);
    int i;
    if (!clause) return -1;
    for (i = 0; i < n; i++) {
        PyObject *lit = PyLong_FromLong(lits[i]);
        if (!lit) {
            Py_DECREF(clause);
            return -1;
        }
        PyList_SET_ITEM(clause, i, lit);
    }
    i = PyList_Append(out, clause);
    Py_DECREF(clause);
    return i;
}

/* Where each block of line li may start on g (p->possible, p->lo, p->hi), and the numbers
 * of its variables ge(j, q) from *top on (p->base). Returns 0 when no arrangement fits. */
static int number_starts(Puzzle *p, const cell_t *g, int li, long *top)
{
    const int n = p->length[li], k = p->nblocks[li];
    int j, q;
    if (!line_tables(p, g, li)) return 0;
    for (j = 0; j < k; j++) {
        p->lo[j] = -1;
        for (q = 0; q < n; q++) {
            p->possible[j * n + q] = q >= p->minpre[j] + (j > 0) && q <= n - p->minsuf[j] &&
                                     block_fits(p, li, j, q);
            if (p->possible[j * n + q]) {
                if (p->lo[j] < 0) p->lo[j] = q;
                p->hi[j] = q;
            }
        }
        p->base[j] = *top - p->lo[j];
        *top += p->hi[j] - p->lo[j];
    }
    return 1;
}

/* The clauses of one open line, as encode.encode_line writes them (same variables, same
 * order): ge(j, q) is "block j starts at q or later", a variable for lo[j] < q <= hi[j]. */
static int encode_line(Puzzle *p, const cell_t *g, int li, long *top, PyObject *out)
{
    const int n = p->length[li], k = p->nblocks[li], *b = p->blocks[li];
    const long first = p->first[li] + 1, stride = p->stride[li];
    int *lo = p->lo, *hi = p->hi, j, q, c;
    long *base = p->base;
    unsigned char *possible = p->possible;
#define CELL(i) (first + (long)(i) * stride)
#define GE(j, q) (base[j] + (q))
    if (!number_starts(p, g, li, top)) return add(out, 0, 0, 0, 0); /* no arrangement */
    for (j = 0; j < k; j++) {
        const int len = b[j];
        for (q = lo[j] + 1; q < hi[j]; q++) {
            if (add(out, 2, -GE(j, q + 1), GE(j, q), 0) < 0) return -1; /* the order chain */
            if (!possible[j * n + q] && add(out, 2, -GE(j, q), GE(j, q + 1), 0) < 0) return -1;
        }
        if (j + 1 < k) { /* the next block starts at least one cell after this one ends */
            for (q = lo[j] + 1; q <= hi[j]; q++) {
                int after = q + len + 1;
                if (after > hi[j + 1]) {
                    if (add(out, 1, -GE(j, q), 0, 0) < 0) return -1;
                } else if (after > lo[j + 1]) {
                    if (add(out, 2, -GE(j, q), GE(j + 1, after), 0) < 0) return -1;
                }
            }
        }
        for (c = lo[j]; c < hi[j] + len; c++) { /* started by c, not ended before: filled */
            long lits[3];
            int m = 0;
            lits[m++] = CELL(c);
            if (c - len + 1 > lo[j]) lits[m++] = -GE(j, c - len + 1);
            if (c + 1 <= hi[j]) lits[m++] = GE(j, c + 1);
            if (add(out, m, lits[0], lits[1], lits[2]) < 0) return -1;
        }
    }
    for (j = 0; j <= k; j++) { /* after block j-1 ended (or none), before block j: empty */
        int from = j ? lo[j - 1] + b[j - 1] : 0, to = j < k ? hi[j] - 1 : n - 1;
        for (c = from; c <= to; c++) {
            long lits[3];
            int m = 0;
            lits[m++] = -CELL(c);
            if (j && c - b[j - 1] + 1 <= hi[j - 1]) lits[m++] = GE(j - 1, c - b[j - 1] + 1);
            if (j < k && c + 1 > lo[j]) lits[m++] = -GE(j, c + 1);
            if (add(out, m, lits[0], lits[1], lits[2]) < 0) return -1;
        }
    }
#undef CELL
#undef GE
    return 0;
}

/* ------------------------------------------------------- belief propagation (phases) */

/* Why: on the hardest puzzles (Knotty, Faase) neither line logic nor probing decides a cell,
 * and where a CDCL solver starts decides whether it answers in a second or in minutes.
 * Belief propagation estimates, per cell, how likely it is filled: each line weighs its
 * arrangements by what its crossing lines believe of its cells, and tells each cell what
 * it believes itself (its own evidence, the crossing line's divided out), over a few rounds.
 * A solver set to those phases starts next to an answer (benchmarks/README.md). */

#define BP_FLOOR 1e-6 /* a message is never certain: one line must not veto another */

typedef struct {
    long double *fwd, *bwd;        /* (k + 1) x (n + 2) sums over the placements */
    double *logs, *blocks;         /* prefix sums of the filled weights' logs; per block and
                                      cell, the weight of the block placed there */
    long double *empty;            /* per cell, the weight of its being empty */
    double *weight, *filled;       /* per cell: what the crossing line believes; the result */
    long double *start;            /* per block and cell: the chance the block starts there */
} Beliefs;

/* The chance of each arrangement of line li is the product of its cells' weights (filled:
 * weight, empty: 1 - weight); arrangements must fit g. b->start gets, per block and cell, the
 * chance that the block starts there, b->filled per cell the chance it is filled. Returns 0
 * when no arrangement fits (or the sums do not fit a long double): the line says nothing.
 * Each cell's two weights are divided by the larger (every arrangement's chance by the same
 * number, so the chances stay), and a block's weight is taken from sums of logs: products
 * over hundreds of cells would otherwise underflow. */
static int line_beliefs(Puzzle *p, const cell_t *g, int li, Beliefs *b)
{
    const int n = p->length[li], k = p->nblocks[li], *len = p->blocks[li], w = n + 2;
    const int first = p->first[li], stride = p->stride[li];
    long double *f = b->fwd, *r = b->bwd, *empty = b->empty, total;
    long double *start = b->start;
    double *logs = b->logs, *block_w = b->blocks;
    int *z = p->zeros, i, j;
    cell_t *x = p->line;

    z[0] = 0;
    logs[0] = 0;
    for (i = 0; i < n; i++) {
        long double filled = b->weight[i], larger;
        empty[i] = 1 - filled;
        larger = filled > empty[i] ? filled : empty[i];
        empty[i] /= larger;
        logs[i + 1] = logs[i] + log((double)(filled / larger));
        x[i] = g ? g[first + i * stride] : UNK;
        z[i + 1] = z[i] + (x[i] == 0);
    }
#define EMPTY_W(i) ((i) >= n ? 1.0L : empty[i])
#define CAN_EMPTY(i) ((i) >= n || x[i] != 1)
#define FITS(j, i) ((i) + len[j] <= n && z[(i) + len[j]] == z[i] && CAN_EMPTY((i) + len[j]))
#define BLOCK_W(j, i) ((long double)block_w[(j) * n + (i)])
    for (j = 0; j < k; j++)
        for (i = 0; i < n; i++)
            block_w[j * n + i] = FITS(j, i) ? exp(logs[i + len[j]] - logs[i]) *
                                                  (double)EMPTY_W(i + len[j])
                                            : 0;
    for (i = 0; i < (k + 1) * w; i++) f[i] = r[i] = 0;
    f[0] = 1; /* f[j][i]: blocks 0..j-1 placed in cells [0, i), cell i-1 empty or i = 0 */
    for (i = 0; i <= n; i++)
        for (j = 0; j <= k; j++) {
            long double v = f[j * w + i];
            if (v == 0) continue;
            if (CAN_EMPTY(i)) f[j * w + i + 1] += v * EMPTY_W(i);
            if (j < k && FITS(j, i)) f[(j + 1) * w + i + len[j] + 1] += v * BLOCK_W(j, i);
        }
    r[k * w + n + 1] = 1; /* r[j][i]: blocks j..k-1 placed in cells [i, n] */
    for (i = n; i >= 0; i--)
        for (j = k; j >= 0; j--) {
            long double v = CAN_EMPTY(i) ? r[j * w + i + 1] * EMPTY_W(i) : 0;
            if (j < k && FITS(j, i)) v += r[(j + 1) * w + i + len[j] + 1] * BLOCK_W(j, i);
            r[j * w + i] = v;
        }
    total = r[0];
    if (!(total > 0) || isinf(total)) return 0;
    for (i = 0; i <= n; i++) b->filled[i] = 0;
    for (j = 0; j < k; j++) {
        for (i = 0; i < n; i++) {
            long double chance = 0;
            if (f[j * w + i] > 0 && FITS(j, i))
                chance = f[j * w + i] * BLOCK_W(j, i) * r[(j + 1) * w + i + len[j] + 1] / total;
            start[j * n + i] = chance;
            if (chance > 0) { /* the block fits: i + len[j] <= n */
                /* filled[] first holds the difference of covering starts, summed below */
                b->filled[i] += (double)chance;
                b->filled[i + len[j]] -= (double)chance;
            }
        }
    }
    for (i = 1; i < n; i++) b->filled[i] += b->filled[i - 1];
#undef EMPTY_W
#undef CAN_EMPTY
#undef FITS
#undef BLOCK_W
    return 1;
}

static double clamp(double v, double floor) { return v < floor ? floor : v > 1 - floor ? 1 - floor : v; }

/* One round: every row hears the columns, then every column the rows. by_row[c] / by_col[c]:
 * what a cell's row / column tells it (its chance of being filled). */
static void bp_round(Puzzle *p, const cell_t *g, Beliefs *b, double *by_row, double *by_col)
{
    int li, i;
    for (li = 0; li < p->nlines; li++) {
        const int n = p->length[li], first = p->first[li], stride = p->stride[li];
        double *told = li < p->height ? by_row : by_col, *heard = li < p->height ? by_col : by_row;
        for (i = 0; i < n; i++) b->weight[i] = heard[first + i * stride];
        if (!line_beliefs(p, g, li, b)) continue;
        for (i = 0; i < n; i++) {
            double *out = &told[first + i * stride];
            double after = clamp(b->filled[i], 1e-9), before = b->weight[i];
            /* the line's own evidence: the odds after, divided by the odds it was given */
            double yes = after * (1 - before), no = (1 - after) * before;
            *out = 0.5 * *out + 0.5 * clamp(yes / (yes + no), BP_FLOOR);
        }
    }
}

/* ------------------------------------------------------------------ Python */

static void free_puzzle(Puzzle *p)
{
    int li;
    if (p->blocks)
        for (li = 0; li < p->nlines; li++) free(p->blocks[li]);
    free(p->blocks);
    free(p->first);
    free(p->stride);
    free(p->length);
    free(p->nblocks);
    free(p->zeros);
    free(p->ones);
    free(p->cover);
    free(p->minpre);
    free(p->minsuf);
    free(p->pre);
    free(p->suf);
    free(p->line);
    free(p->queue);
    free(p->queued);
    free(p->possible);
    free(p->lo);
    free(p->hi);
    free(p->base);
}

/* Read one clue (a sequence of block lengths) into line li. A clue that cannot fit its
 * line at all is kept as one block a cell longer than the line: no arrangement fits, as for
 * the clue itself, and no sum of its blocks can overflow an int later. */
static int read_clue(Puzzle *p, int li, PyObject *clue, int *most)
{
    PyObject *seq = PySequence_Tuple(clue); /* a copy: an item's __index__ cannot change it */
    Py_ssize_t k, j;
    long long need = 0;
    if (!seq) return -1;
    k = PyTuple_GET_SIZE(seq);
    p->blocks[li] = malloc(sizeof(int) * (size_t)(k ? k : 1));
    if (!p->blocks[li]) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return -1;
    }
    for (j = 0; j < k; j++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(seq, j));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (v < 1 || v > p->length[li]) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "a block length must be 1..the line's length");
            return -1;
        }
        if (need <= p->length[li]) p->blocks[li][j] = (int)v;
        need += v + (j > 0);
    }
    Py_DECREF(seq);
    if (need > p->length[li]) {
        k = 1;
        p->blocks[li][0] = p->length[li] + 1;
    }
    p->nblocks[li] = (int)k;
    if (k > *most) *most = (int)k;
    return 0;
}

/* The cells of the largest board taken: an int indexes them with room to spare. A side is
   bounded by it alone (a board of one long line is a board), and the module says so to the
   Python as MOST_CELLS and MOST_SIDE. Its tables take (blocks + 1) x (longest line) bytes. */
#define MOST_CELLS 100000000

static int setup(Puzzle *p, PyObject *rows, PyObject *cols)
{
    Py_ssize_t h, w;
    int li, most = 0, longest;
    memset(p, 0, sizeof *p);
    h = PySequence_Length(rows);
    w = h < 0 ? -1 : PySequence_Length(cols);
    if (h < 1 || w < 1 || h > MOST_CELLS || w > MOST_CELLS || h * w > MOST_CELLS) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "no board of that size");
        return -1;
    }
    p->height = (int)h;
    p->width = (int)w;
    p->nlines = p->height + p->width;
    p->ncells = p->height * p->width;
    longest = p->height > p->width ? p->height : p->width;
    p->first = malloc(sizeof(int) * (size_t)p->nlines);
    p->stride = malloc(sizeof(int) * (size_t)p->nlines);
    p->length = malloc(sizeof(int) * (size_t)p->nlines);
    p->nblocks = calloc((size_t)p->nlines, sizeof(int));
    p->blocks = calloc((size_t)p->nlines, sizeof(int *));
    if (!p->first || !p->stride || !p->length || !p->nblocks || !p->blocks) {
        PyErr_NoMemory();
        return -1;
    }
    for (li = 0; li < p->nlines; li++) {
        int is_row = li < p->height, r;
        PyObject *clue;
        p->first[li] = is_row ? li * p->width : li - p->height;
        p->stride[li] = is_row ? 1 : p->width;
        p->length[li] = is_row ? p->width : p->height;
        clue = PySequence_GetItem(is_row ? rows : cols, is_row ? li : li - p->height);
        if (!clue) return -1;
        r = read_clue(p, li, clue, &most);
        Py_DECREF(clue);
        if (r < 0) return -1;
    }
    p->zeros = malloc(sizeof(int) * (size_t)(longest + 1));
    p->ones = malloc(sizeof(int) * (size_t)(longest + 1));
    p->cover = malloc(sizeof(int) * (size_t)(longest + 1));
    p->pre = malloc((size_t)(most + 1) * (size_t)(longest + 1));
    p->suf = malloc((size_t)(most + 1) * (size_t)(longest + 1));
    p->line = malloc((size_t)longest);
    p->queue = malloc(sizeof(int) * (size_t)p->nlines);
    p->queued = calloc((size_t)p->nlines, 1);
    p->possible = malloc((size_t)(most + 1) * (size_t)longest);
    p->minpre = malloc(sizeof(int) * (size_t)(most + 1));
    p->minsuf = malloc(sizeof(int) * (size_t)(most + 1));
    p->lo = malloc(sizeof(int) * (size_t)(most + 1));
    p->hi = malloc(sizeof(int) * (size_t)(most + 1));
    p->base = malloc(sizeof(long) * (size_t)(most + 1));
    if (!p->zeros || !p->ones || !p->cover || !p->pre || !p->suf || !p->line || !p->queue ||
        !p->queued || !p->possible || !p->minpre || !p->minsuf || !p->lo || !p->hi || !p->base) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

PyDoc_STRVAR(line_logic_doc,
"line_logic(rows, cols) -> bytes | None\n\n"
"Line logic to its fixpoint: one byte per cell, row-major, 0 empty, 1 filled, 2 open;\n"
"None when line logic alone finds a contradiction.");

static PyObject *line_logic(PyObject *self, PyObject *args)
{
    PyObject *rows, *cols, *result = NULL;
    Puzzle p;
    cell_t *g = NULL;
    int contradiction;
    (void)self;
    if (!PyArg_ParseTuple(args, "OO", &rows, &cols)) return NULL;
    if (setup(&p, rows, cols) < 0) goto done;
    g = malloc((size_t)p.ncells);
    if (!g) {
        PyErr_NoMemory();
        goto done;
    }
    memset(g, UNK, (size_t)p.ncells);
    Py_BEGIN_ALLOW_THREADS
    contradiction = propagate(&p, g) < 0;
    Py_END_ALLOW_THREADS
    if (contradiction) {
        result = Py_None;
        Py_INCREF(result);
    } else {
        result = PyBytes_FromStringAndSize((const char *)g, p.ncells);
    }
done:
    free(g);
    free_puzzle(&p);
    return result;
}

/* line_logic's grid (or None: every cell open) into *g, checked. Returns -1 on an error. */
static int read_known(const Puzzle *p, PyObject *known, const cell_t **g)
{
    int c;
    *g = NULL;
    if (known == Py_None) return 0;
    if (!PyBytes_Check(known) || PyBytes_GET_SIZE(known) != p->ncells) {
        PyErr_SetString(PyExc_ValueError, "known must be one byte per cell");
        return -1;
    }
    *g = (const cell_t *)PyBytes_AS_STRING(known);
    for (c = 0; c < p->ncells; c++) {
        if ((*g)[c] > UNK) {
            PyErr_SetString(PyExc_ValueError, "known cells must be 0, 1 or 2");
            return -1;
        }
    }
    return 0;
}

/* Whether line li has an open cell on g (None: all open): only those are encoded. */
static int line_is_open(const Puzzle *p, const cell_t *g, int li)
{
    int i;
    for (i = 0; g && i < p->length[li]; i++)
        if (g[p->first[li] + i * p->stride[li]] == UNK) return 1;
    return !g;
}

PyDoc_STRVAR(order_encoding_doc,
"order_encoding(rows, cols, known, first_var) -> (clauses, last_var)\n\n"
"The unit clauses of the known cells, then the clauses of every line with an open cell,\n"
"rows first, exactly as encode.encode_line writes them; new variables from first_var on.\n"
"known is line_logic's grid, or None for every cell open.");

static PyObject *order_encoding(PyObject *self, PyObject *args)
{
    PyObject *rows, *cols, *known, *out = NULL, *result = NULL;
    Puzzle p;
    const cell_t *g = NULL;
    long top;
    int li, c;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOl", &rows, &cols, &known, &top)) return NULL;
    top--;
    if (setup(&p, rows, cols) < 0) goto done;
    if (read_known(&p, known, &g) < 0) goto done;
    out = PyList_New(0);
    if (!out) goto done;
    for (c = 0; g && c < p.ncells; c++)
        if (g[c] != UNK && add(out, 1, g[c] ? c + 1 : -(c + 1), 0, 0) < 0) goto done;
    for (li = 0; li < p.nlines; li++)
        if (line_is_open(&p, g, li) && encode_line(&p, g, li, &top, out) < 0) goto done;
    if (top > 2147483647L) { /* SAT solvers number variables with 32-bit ints */
        PyErr_SetString(PyExc_OverflowError, "more variables than a SAT solver can number");
        goto done;
    }
    result = Py_BuildValue("(Ol)", out, top);
done:
    Py_XDECREF(out);
    free_puzzle(&p);
    return result;
}

static void free_beliefs(Beliefs *b)
{
    free(b->fwd);
    free(b->bwd);
    free(b->logs);
    free(b->blocks);
    free(b->empty);
    free(b->weight);
    free(b->filled);
    free(b->start);
}

static int make_beliefs(Beliefs *b, const Puzzle *p)
{
    int li, most = 0, longest = p->height > p->width ? p->height : p->width;
    for (li = 0; li < p->nlines; li++)
        if (p->nblocks[li] > most) most = p->nblocks[li];
    b->fwd = malloc(sizeof(long double) * (size_t)(most + 1) * (size_t)(longest + 2));
    b->bwd = malloc(sizeof(long double) * (size_t)(most + 1) * (size_t)(longest + 2));
    b->logs = malloc(sizeof(double) * (size_t)(longest + 1));
    b->blocks = malloc(sizeof(double) * (size_t)(most + 1) * (size_t)longest);
    b->empty = malloc(sizeof(long double) * (size_t)longest);
    b->weight = malloc(sizeof(double) * (size_t)longest);
    b->filled = malloc(sizeof(double) * (size_t)(longest + 2));
    b->start = malloc(sizeof(long double) * (size_t)(most + 1) * (size_t)longest);
    return b->fwd && b->bwd && b->logs && b->blocks && b->empty && b->weight && b->filled &&
           b->start;
}

/* A cell's phase: filled if its row and column, as independent evidence, find it likelier. */
static double cell_belief(const cell_t *g, int c, const double *by_row, const double *by_col)
{
    double yes = by_row[c] * by_col[c], no = (1 - by_row[c]) * (1 - by_col[c]);
    if (g && g[c] != UNK) return g[c];
    return yes / (yes + no);
}

/* Append each block start variable's phase of line li: ge(j, q) ("block j starts at q or
 * later") is true where the line, weighed by its crossing lines, finds that likelier. */
static int start_phases(Puzzle *p, const cell_t *g, int li, long *top, Beliefs *b,
                        const double *cross, PyObject *out)
{
    const int n = p->length[li], k = p->nblocks[li], first = p->first[li];
    const int stride = p->stride[li];
    int i, j, q, known;
    if (!number_starts(p, g, li, top)) return 0;
    for (i = 0; i < n; i++) b->weight[i] = cross[first + i * stride];
    known = line_beliefs(p, g, li, b);
    for (j = 0; j < k && known; j++) {
        long double later = 0;
        for (q = p->hi[j]; q > p->lo[j]; q--) {
            PyObject *lit;
            int r;
            later += b->start[j * n + q];
            lit = PyLong_FromLong(later >= 0.5L ? p->base[j] + q : -(p->base[j] + q));
            if (!lit) return -1;
            r = PyList_Append(out, lit);
            Py_DECREF(lit);
            if (r < 0) return -1;
        }
    }
    return 0;
}

PyDoc_STRVAR(phases_doc,
"phases(rows, cols, known, first_var, rounds) -> (phases, beliefs)\n\n"
"Belief propagation over `rounds` rounds on line_logic's grid `known` (None: all open).\n"
"phases: a literal per cell and per block start variable of order_encoding (numbered from\n"
"first_var on, as it numbers them), the likelier value; beliefs: per cell, row-major, the\n"
"chance it is filled.");

static PyObject *phases(PyObject *self, PyObject *args)
{
    PyObject *rows, *cols, *known, *out = NULL, *beliefs = NULL, *result = NULL;
    Puzzle p;
    Beliefs b;
    const cell_t *g = NULL;
    double *by_row = NULL, *by_col = NULL;
    long top;
    int li, c, rounds, round;
    (void)self;
    memset(&b, 0, sizeof b);
    if (!PyArg_ParseTuple(args, "OOOli", &rows, &cols, &known, &top, &rounds)) return NULL;
    top--;
    if (setup(&p, rows, cols) < 0) goto done;
    if (read_known(&p, known, &g) < 0) goto done;
    by_row = malloc(sizeof(double) * (size_t)p.ncells);
    by_col = malloc(sizeof(double) * (size_t)p.ncells);
    if (!by_row || !by_col || !make_beliefs(&b, &p)) {
        PyErr_NoMemory();
        goto done;
    }
    for (c = 0; c < p.ncells; c++) by_row[c] = by_col[c] = 0.5;
    Py_BEGIN_ALLOW_THREADS
    for (round = 0; round < rounds; round++) bp_round(&p, g, &b, by_row, by_col);
    Py_END_ALLOW_THREADS
    out = PyList_New(p.ncells);
    beliefs = PyList_New(p.ncells);
    if (!out || !beliefs) goto done;
    for (c = 0; c < p.ncells; c++) {
        double belief = cell_belief(g, c, by_row, by_col);
        PyObject *lit = PyLong_FromLong(belief >= 0.5 ? c + 1 : -(c + 1));
        PyObject *chance = PyFloat_FromDouble(belief);
        if (!lit || !chance) {
            Py_XDECREF(lit);
            Py_XDECREF(chance);
            goto done;
        }
        PyList_SET_ITEM(out, c, lit);
        PyList_SET_ITEM(beliefs, c, chance);
    }
    for (li = 0; li < p.nlines; li++) {
        const double *cross = li < p.height ? by_col : by_row;
        if (line_is_open(&p, g, li) && start_phases(&p, g, li, &top, &b, cross, out) < 0)
            goto done;
    }
    result = Py_BuildValue("(OO)", out, beliefs);
done:
    Py_XDECREF(out);
    Py_XDECREF(beliefs);
    free(by_row);
    free(by_col);
    free_beliefs(&b);
    free_puzzle(&p);
    return result;
}

static PyMethodDef methods[] = {
    {"line_logic", line_logic, METH_VARARGS, line_logic_doc},
    {"order_encoding", order_encoding, METH_VARARGS, order_encoding_doc},
    {"phases", phases, METH_VARARGS, phases_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_native",
    "Line logic and the order encoding of black-and-white nonograms, in C.",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__native(void)
{
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    if (PyModule_AddIntConstant(m, "MOST_CELLS", MOST_CELLS) < 0 ||
        PyModule_AddIntConstant(m, "MOST_SIDE", MOST_CELLS) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
