# The compiled search: evaluation, transposition table, move ordering and a
# negamax alpha-beta with principal variation search and iterative deepening.
#
# Every action is one ply (placements and removals included), except that a
# forced action (the only legal one) does not use up depth. Scores are from
# the side to act; a win in N plies (actions from the root) is WIN - N.
# See docs/search.md.
from libc.stdint cimport int16_t, int32_t, uint8_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec

from yinsh._core cimport *

# ---------------------------------------------------------------------------
# Constants.
# ---------------------------------------------------------------------------

cdef enum:
    MAX_PLY = 128
    MAX_DEPTH = 64
    WIN = 1000000
    WIN_BOUND = WIN - 1000       # scores beyond this are proven wins / losses
    INF = WIN + 1
    HIST_SIZE = 6 * 16384        # indexed by the packed action (kind <= 5)
    HIST_MAX = 1 << 20
    SIGNAL_POLL = 1024           # nodes between polls for Ctrl-C (a power of two)

# Evaluation weights (a removed ring is 10000; see docs/search.md).
ctypedef struct Weights:
    int ring                     # a removed ring
    int threat                   # 4 own markers + own ring in a window of 5
    int flip                     # 4 own markers + an opponent marker in a window of 5
    int three                    # 3 own markers, the other two points empty
    int marker                   # an own marker on the board
    int mobility                 # one ring move, in the movement phases
    int placing                  # one ring move, in the placement phase
    int tempo                    # the side to act holds a threat (a row next move)

cdef Weights DEFAULT_WEIGHTS
DEFAULT_WEIGHTS.ring = 10000
DEFAULT_WEIGHTS.threat = 300
DEFAULT_WEIGHTS.flip = 120
DEFAULT_WEIGHTS.three = 15
DEFAULT_WEIGHTS.marker = 20
DEFAULT_WEIGHTS.mobility = 0
DEFAULT_WEIGHTS.tempo = 1500
DEFAULT_WEIGHTS.placing = 4

# Transposition table bounds.
cdef enum:
    TT_NONE = 0
    TT_EXACT = 1
    TT_LOWER = 2
    TT_UPPER = 3

ctypedef struct TTEntry:
    uint64_t key
    int32_t score
    int32_t move
    int16_t depth
    uint8_t flag
    uint8_t pad

ctypedef struct SearchState:
    TTEntry* tt                  # 2 entries per bucket, NULL without a table
    uint64_t tt_buckets          # a power of two
    uint64_t nodes
    uint64_t node_limit          # 0: none
    double start
    double hard_deadline         # 0: none
    volatile int stop_flag       # set from another thread by stop()
    int stopped                  # the current iteration was cut short
    int interrupted              # a signal handler raised (Ctrl-C): the search is abandoned
    int can_stop                 # limits are only obeyed after iteration 1
    int root_best
    int sel_depth
    int killers[MAX_PLY][2]
    int pv[MAX_PLY][MAX_PLY]
    int pv_len[MAX_PLY]
    int history[2][HIST_SIZE]
    Weights w                    # the weights set for this searcher
    Weights ew                   # the weights of the current search
    int use_lmr                  # the least depth that late moves are reduced at (0: never)
    int use_aspiration
    int lmr_ply                  # the least ply that late moves are reduced at

# ---------------------------------------------------------------------------
# Tables (built once at import).
# ---------------------------------------------------------------------------

cdef const BoardTables* T = board_tables()

# ---------------------------------------------------------------------------
# Evaluation.
# ---------------------------------------------------------------------------

cdef inline u128 completions(u128 own) noexcept nogil:
    """The points that would complete a row of own markers if they became
    own markers (the fifth point of a window holding 4 of own)."""
    cdef u128 a0, a1, a2, a3, a4, result = 0
    cdef int s, axis
    for axis in range(3):
        s = 1 if axis == 0 else (11 if axis == 1 else 12)
        a0 = own
        a1 = own >> s
        a2 = own >> (2 * s)
        a3 = own >> (3 * s)
        a4 = own >> (4 * s)
        result |= (a1 & a2 & a3 & a4)
        result |= (a0 & a2 & a3 & a4) << s
        result |= (a0 & a1 & a3 & a4) << (2 * s)
        result |= (a0 & a1 & a2 & a4) << (3 * s)
        result |= (a0 & a1 & a2 & a3) << (4 * s)
    return result


cdef inline double now() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9


cdef inline void window_counts(u128 own, u128 rings, u128 other, u128 empty,
                               int* threats, int* flips, int* threes) noexcept nogil:
    """Counts the windows of 5 points in a line holding 4 markers of own and
    a ring of own (threats), 4 of own and one of other (flips), and 3 of own
    with the other two empty (threes). Bit-parallel: bit b of a mask stands
    for the window that starts on point b."""
    cdef int axis, k, s
    cdef u128 a[5]
    cdef u128 pre[6]
    cdef u128 suf[6]
    cdef u128 four, fr, fo, ok, b0, b1, u0, u1, s0, s1, s2, c
    for axis in range(3):
        s = 1 if axis == 0 else (11 if axis == 1 else 12)
        for k in range(5):
            a[k] = own >> (k * s)
        # four: exactly the point k of the window is not own (prefix/suffix ands)
        pre[0] = ~(<u128>0)
        suf[5] = ~(<u128>0)
        for k in range(5):
            pre[k + 1] = pre[k] & a[k]
            suf[4 - k] = suf[5 - k] & a[4 - k]
        fr = 0
        fo = 0
        for k in range(5):
            four = pre[k] & suf[k + 1]
            if four:
                fr |= four & (rings >> (k * s))
                fo |= four & (other >> (k * s))
        threats[0] += bb_popcount(fr)
        flips[0] += bb_popcount(fo)
        # threes: every point own or empty, and exactly 3 own (a bit-sliced sum)
        ok = ~(<u128>0)
        for k in range(5):
            ok &= a[k] | (empty >> (k * s))
        if ok == 0:
            continue
        b0 = a[0] ^ a[1] ^ a[2]
        b1 = (a[0] & a[1]) | ((a[0] ^ a[1]) & a[2])
        u0 = a[3] ^ a[4]
        u1 = a[3] & a[4]
        s0 = b0 ^ u0
        c = b0 & u0
        s1 = b1 ^ u1 ^ c
        s2 = (b1 & u1) | (b1 & c) | (u1 & c)
        threes[0] += bb_popcount(ok & s0 & s1 & ~s2)


cdef inline int mobility(const Position* p, int side) noexcept nogil:
    cdef Position q = p[0]
    q.turn = side
    return count_ring_moves(&q)


cdef int evaluate(const Weights* w, const Position* p) noexcept nogil:
    """The static score of p for the side to act (no search)."""
    cdef int us = p.turn, them = us ^ 1, side, score
    cdef int threats[2]
    cdef int flips[2]
    cdef int threes[2]
    cdef u128 empty
    if p.phase == PH_GAME_OVER:
        if p.winner == C_DRAW:
            return 0
        return WIN if p.winner == us else -WIN
    score = w.ring * (p.removed[us] - p.removed[them])
    if p.phase == PH_REMOVE_ROW or p.phase == PH_REMOVE_RING:
        score += w.ring                       # the pending row is ours
    empty = T.valid & ~(p.rings[0] | p.rings[1] | p.markers[0] | p.markers[1])
    for side in range(2):
        threats[side] = 0
        flips[side] = 0
        threes[side] = 0
        if p.phase != PH_PLACE:
            window_counts(p.markers[side], p.rings[side], p.markers[side ^ 1], empty,
                          &threats[side], &flips[side], &threes[side])
    score += w.threat * (threats[us] - threats[them])
    score += w.flip * (flips[us] - flips[them])
    score += w.three * (threes[us] - threes[them])
    score += w.marker * (bb_popcount(p.markers[us]) - bb_popcount(p.markers[them]))
    if p.phase == PH_PLACE:
        score += w.placing * (mobility(p, us) - mobility(p, them))
    elif w.mobility:
        score += w.mobility * (mobility(p, us) - mobility(p, them))
    if p.phase == PH_MOVE and threats[us] > 0:
        score += w.tempo
    return score

# ---------------------------------------------------------------------------
# Transposition table.
# ---------------------------------------------------------------------------

cdef inline int score_to_tt(int s, int ply) noexcept nogil:
    if s > WIN_BOUND:
        return s + ply
    if s < -WIN_BOUND:
        return s - ply
    return s


cdef inline int score_from_tt(int s, int ply) noexcept nogil:
    if s > WIN_BOUND:
        return s - ply
    if s < -WIN_BOUND:
        return s + ply
    return s


cdef inline TTEntry* tt_probe(SearchState* S, uint64_t key) noexcept nogil:
    cdef TTEntry* b
    if S.tt == NULL:
        return NULL
    b = &S.tt[2 * (key & (S.tt_buckets - 1))]
    if b[0].key == key and b[0].flag != TT_NONE:
        return &b[0]
    if b[1].key == key and b[1].flag != TT_NONE:
        return &b[1]
    return NULL


cdef inline void tt_store(SearchState* S, uint64_t key, int depth, int score, int flag,
                          int move, int ply) noexcept nogil:
    cdef TTEntry* b
    cdef TTEntry* e
    if S.tt == NULL:
        return
    b = &S.tt[2 * (key & (S.tt_buckets - 1))]
    if b[0].key == key or depth >= b[0].depth or b[0].flag == TT_NONE:
        e = &b[0]
    else:
        e = &b[1]
    if e.key == key and move == 0:
        move = e.move                         # keep the known best move
    e.key = key
    e.score = score_to_tt(score, ply)
    e.move = move
    e.depth = <int16_t>depth
    e.flag = <uint8_t>flag

# ---------------------------------------------------------------------------
# Move ordering.
# ---------------------------------------------------------------------------

cdef inline int static_order(const Position* p, int m, u128 c_us, u128 c_them) noexcept nogil:
    """A cheap score of a ring move: whether it completes a row for us (its
    new marker or a marker it flips to us lands on a completion point of
    ours), whether it completes one for the opponent, and the markers it
    turns to our colour."""
    cdef int f = move_from(m), t = move_to(m), d, us = p.turn, them = us ^ 1, s
    cdef u128 jumped
    d = T.dir_of[f][t]
    jumped = (T.ray_mask[f][d] ^ T.ray_mask[t][d]) & (p.markers[0] | p.markers[1])
    s = 0
    if jumped:
        s = 512 * (bb_popcount(jumped & p.markers[them]) - bb_popcount(jumped & p.markers[us]))
        if (jumped & p.markers[us]) & c_them:
            s -= 1 << 24
    if (T.bit[f] | (jumped & p.markers[them])) & c_us:
        s += 1 << 28
    return s


cdef inline int hist_index(int m) noexcept nogil:
    return (move_kind(m) * 16384 + (m & 16383)) % HIST_SIZE


cdef void order_moves(SearchState* S, const Position* p, int* moves, int n, int hash_move,
                      int ply) noexcept nogil:
    cdef int scores[MAX_MOVES]
    cdef int i, j, m, s, side = p.turn
    cdef u128 c_us = 0, c_them = 0
    if p.phase == PH_MOVE:
        c_us = completions(p.markers[side])
        c_them = completions(p.markers[side ^ 1])
    for i in range(n):
        m = moves[i]
        if m == hash_move:
            s = 1 << 30
        elif m == S.killers[ply][0]:
            s = 1 << 26
        elif m == S.killers[ply][1]:
            s = (1 << 26) - 1
        else:
            s = S.history[side][hist_index(m)]
        if move_kind(m) == K_MOVE and m != hash_move:
            s += static_order(p, m, c_us, c_them)
        scores[i] = s
    # insertion sort, stable, descending
    for i in range(1, n):
        m = moves[i]
        s = scores[i]
        j = i - 1
        while j >= 0 and scores[j] < s:
            scores[j + 1] = scores[j]
            moves[j + 1] = moves[j]
            j -= 1
        scores[j + 1] = s
        moves[j + 1] = m

# ---------------------------------------------------------------------------
# Search.
# ---------------------------------------------------------------------------

cdef inline bint out_of_limits(SearchState* S) noexcept nogil:
    if not S.can_stop:
        return False
    if S.stop_flag:
        return True
    if S.node_limit and S.nodes >= S.node_limit:
        return True
    if S.hard_deadline > 0 and (S.nodes & 1023) == 0 and now() >= S.hard_deadline:
        return True
    return False


cdef inline int terminal_score(const Position* p, int ply) noexcept nogil:
    if p.winner == C_DRAW:
        return 0
    return WIN - ply if p.winner == p.turn else -(WIN - ply)


cdef inline int child_value(SearchState* S, const Position* child, bint same, int depth,
                            int alpha, int beta, int ply) noexcept nogil:
    """The child's score from the parent's side to act."""
    if same:
        return negamax(S, child, depth, alpha, beta, ply + 1)
    return -negamax(S, child, depth, -beta, -alpha, ply + 1)


cdef int negamax(SearchState* S, const Position* p, int depth, int alpha, int beta,
                 int ply) noexcept nogil:
    cdef int moves[MAX_MOVES]
    cdef int n, i, m, best, best_move = 0, hash_move = 0, s, new_depth, r, flag, k
    cdef int orig_alpha = alpha
    cdef bint pv_node = beta - alpha > 1, same
    cdef bint removal = p.phase == PH_REMOVE_ROW or p.phase == PH_REMOVE_RING
    cdef uint64_t key
    cdef TTEntry* e
    cdef Position child

    S.pv_len[ply] = 0
    S.nodes += 1
    if (S.nodes & (SIGNAL_POLL - 1)) == 0 and signal_raised():
        S.interrupted = 1                     # even in iteration 1
        S.stopped = 1
        return 0
    if ply > S.sel_depth:
        S.sel_depth = ply
    if p.phase == PH_GAME_OVER:
        return terminal_score(p, ply)
    if ply >= MAX_PLY - 1:
        return evaluate(&S.ew, p)
    if depth <= 0 and not removal:
        return evaluate(&S.ew, p)
    if out_of_limits(S):
        S.stopped = 1
        return 0

    # mate distance pruning
    if alpha < -(WIN - ply):
        alpha = -(WIN - ply)
    if beta > WIN - ply - 1:
        beta = WIN - ply - 1
    if alpha >= beta:
        return alpha

    key = pos_hash(p)
    e = tt_probe(S, key)
    if e != NULL:
        hash_move = e.move
        if not pv_node and e.depth >= depth and ply > 0:
            s = score_from_tt(e.score, ply)
            if e.flag == TT_EXACT:
                return s
            if e.flag == TT_LOWER and s >= beta:
                return s
            if e.flag == TT_UPPER and s <= alpha:
                return s

    n = gen_moves(p, moves)
    if n == 0:
        return evaluate(&S.ew, p)
    if n > 1:
        order_moves(S, p, moves, n, hash_move, ply)
    best = -INF
    for i in range(n):
        m = moves[i]
        child = p[0]
        do_move(&child, m)
        same = child.turn == p.turn
        new_depth = depth if n == 1 or depth <= 0 else depth - 1
        if i == 0:
            s = child_value(S, &child, same, new_depth, alpha, beta, ply)
        else:
            r = 0
            if (S.use_lmr and depth >= S.use_lmr and ply >= S.lmr_ply and i >= 3
                    and move_kind(m) == K_MOVE and m != S.killers[ply][0] and m != S.killers[ply][1]):
                r = 1
                if i >= 6 and depth >= 4 and not pv_node:
                    r = 2
            s = child_value(S, &child, same, new_depth - r, alpha, alpha + 1, ply)
            if s > alpha and r:
                s = child_value(S, &child, same, new_depth, alpha, alpha + 1, ply)
            if s > alpha and s < beta:
                s = child_value(S, &child, same, new_depth, alpha, beta, ply)
        if S.stopped:
            return 0
        if s > best:
            best = s
            best_move = m
            if ply == 0:
                S.root_best = m
            if s > alpha:
                alpha = s
                S.pv[ply][0] = m
                for k in range(S.pv_len[ply + 1]):
                    S.pv[ply][k + 1] = S.pv[ply + 1][k]
                S.pv_len[ply] = S.pv_len[ply + 1] + 1
                if s >= beta:
                    if move_kind(m) == K_MOVE or move_kind(m) == K_PLACE:
                        if S.killers[ply][0] != m:
                            S.killers[ply][1] = S.killers[ply][0]
                            S.killers[ply][0] = m
                    k = hist_index(m)
                    S.history[p.turn][k] += depth * depth
                    if S.history[p.turn][k] > HIST_MAX:
                        for k in range(HIST_SIZE):
                            S.history[0][k] >>= 1
                            S.history[1][k] >>= 1
                    break
    if best >= beta:
        flag = TT_LOWER
    elif best > orig_alpha:
        flag = TT_EXACT
    else:
        flag = TT_UPPER
    tt_store(S, key, depth, best, flag, best_move, ply)
    return best

# ---------------------------------------------------------------------------
# Python boundary.
# ---------------------------------------------------------------------------

def evaluate_board(CoreBoard board not None):
    """The static evaluation of board for the side to act (no search), on
    the score scale of the search: a removed ring is worth 10000."""
    return evaluate(&DEFAULT_WEIGHTS, &board.pos)


cdef class Searcher:
    """The native search state: a transposition table of ``hash_mb`` MB
    (0: none) and the ordering tables. One search at a time."""

    cdef SearchState* S
    cdef readonly int hash_mb

    def __cinit__(self, int hash_mb=16):
        cdef uint64_t buckets = 1, nbytes
        if hash_mb < 0 or hash_mb > 65536:
            raise ValueError(f"hash_mb must be between 0 and 65536, not {hash_mb}")
        self.hash_mb = hash_mb
        self.S = <SearchState*>calloc(1, sizeof(SearchState))
        if self.S == NULL:
            raise MemoryError()
        if hash_mb > 0:
            nbytes = <uint64_t>hash_mb * 1024 * 1024
            while buckets * 2 * 2 * sizeof(TTEntry) <= nbytes:
                buckets *= 2
            self.S.tt = <TTEntry*>calloc(buckets * 2, sizeof(TTEntry))
            if self.S.tt == NULL:
                free(self.S)
                self.S = NULL
                raise MemoryError(f"cannot allocate a {hash_mb} MB transposition table")
            self.S.tt_buckets = buckets
        self.S.w = DEFAULT_WEIGHTS
        self.S.use_lmr = 3
        self.S.lmr_ply = 2
        self.S.use_aspiration = 1

    def _configure(self, **options):
        """Changes evaluation weights (ring, threat, flip, three, marker,
        mobility, placing, tempo) or search settings of this searcher, for
        experiments: lmr (the least depth reduced, 0: no reductions),
        lmr_ply (the least ply reduced), aspiration (0 or 1). Returns the
        settings. Not a public API."""
        for key, value in options.items():
            if key == "lmr_ply":
                self.S.lmr_ply = int(value)
            elif key == "lmr":
                self.S.use_lmr = int(value)
            elif key == "aspiration":
                self.S.use_aspiration = 1 if value else 0
            elif key in dict(self.S.w):
                w = dict(self.S.w)
                w[key] = int(value)
                self.S.w = w
            else:
                raise ValueError(f"unknown search option {key!r}")
        return dict(self.S.w, lmr=self.S.use_lmr, lmr_ply=self.S.lmr_ply,
                    aspiration=self.S.use_aspiration)

    def __dealloc__(self):
        if self.S != NULL:
            free(self.S.tt)
            free(self.S)

    def stop(self):
        """Asks the running search to stop (safe from another thread)."""
        self.S.stop_flag = 1

    def clear_stop(self):
        """Forgets an earlier stop(); search() does not, so that a stop()
        arriving just before the search starts is not lost."""
        self.S.stop_flag = 0

    def search(self, CoreBoard board not None, int max_depth, double time_limit,
               unsigned long long node_limit, callback):
        """Iterative deepening from board up to max_depth (time_limit in
        seconds, 0: none; node_limit 0: none). callback(depth, score, nodes,
        seconds, sel_depth, pv_codes) is called after each finished
        iteration. Returns (depth, score, nodes, seconds, sel_depth, pv_codes)
        of the last finished iteration. A signal handler that raises while
        searching (Ctrl-C in the main thread: KeyboardInterrupt) stops the
        search within about a millisecond and its exception propagates."""
        cdef SearchState* S = self.S
        cdef Position root = board.pos
        cdef int depth, score = 0, done_depth = 0, done_score = 0, k, alpha, beta, delta, sel = 0
        cdef double soft_deadline = 0, elapsed
        cdef list pv = []
        if S.tt != NULL:
            memset(S.tt, 0, S.tt_buckets * 2 * sizeof(TTEntry))
        memset(S.killers, 0, sizeof(S.killers))
        memset(S.history, 0, sizeof(S.history))
        S.nodes = 0
        S.node_limit = node_limit
        S.ew = S.w
        if root.phase == PH_PLACE:
            S.ew.mobility = S.w.placing       # placing rings: judge the movement by mobility
        S.stopped = 0
        S.interrupted = 0
        S.can_stop = 0
        S.start = now()
        S.hard_deadline = S.start + time_limit if time_limit > 0 else 0
        if time_limit > 0:
            soft_deadline = S.start + time_limit * 0.45
        for depth in range(1, max_depth + 1):
            S.sel_depth = 0
            S.root_best = 0
            with nogil:
                if S.use_aspiration and depth >= 4 and score > -WIN_BOUND and score < WIN_BOUND:
                    delta = 300
                    alpha = score - delta
                    beta = score + delta
                    while True:
                        score = negamax(S, &root, depth, alpha, beta, 0)
                        if S.stopped:
                            break
                        if score <= alpha:
                            alpha = max(-INF, alpha - delta * 4)
                        elif score >= beta:
                            beta = min(INF, beta + delta * 4)
                        else:
                            break
                        delta *= 4
                        if delta > 20000:
                            alpha = -INF
                            beta = INF
                else:
                    score = negamax(S, &root, depth, -INF, INF, 0)
            if S.interrupted:
                raise_pending()
            S.can_stop = 1
            if S.stopped:
                break
            done_depth = depth
            done_score = score
            sel = S.sel_depth
            pv = [S.pv[0][k] for k in range(S.pv_len[0])]
            if not pv and S.root_best:
                pv = [S.root_best]
            elapsed = now() - S.start
            if callback is not None:
                callback(depth, score, S.nodes, elapsed, sel, pv)
            if S.stop_flag or (S.node_limit and S.nodes >= S.node_limit):
                break
            if soft_deadline > 0 and now() >= soft_deadline:
                break
            if score > WIN_BOUND or score < -WIN_BOUND:
                if WIN - abs(score) <= depth:
                    break                     # a proven result: deeper adds nothing
        return done_depth, done_score, S.nodes, now() - S.start, sel, pv


WIN_SCORE = WIN
WIN_THRESHOLD = WIN_BOUND
MAX_SEARCH_DEPTH = MAX_DEPTH


def one_ply_scores(CoreBoard board not None):
    """[(move code, score)] for every legal action of board: the static
    evaluation of the position after it, from the side to act in board
    (wins and losses as +-WIN_SCORE). The greedy player's move choice."""
    cdef int moves[MAX_MOVES]
    cdef int n = gen_moves(&board.pos, moves), i, s
    cdef Position child
    result = []
    for i in range(n):
        child = board.pos
        do_move(&child, moves[i])
        s = evaluate(&DEFAULT_WEIGHTS, &child)
        if child.turn != board.pos.turn:
            s = -s
        result.append((moves[i], s))
    return result
