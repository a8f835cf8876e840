# The transposition table of the alpha-beta, shared by all its threads.
#
# Buckets of two entries, 64 bytes each, on cache-line boundaries (a probe
# touches one cache line; of 48-byte buckets every other one straddled two):
# the first keeps the deepest result (replaced by a result at least as deep,
# by one of a later search, or when empty), the second is always replaced.
# An entry is three 64-bit words,
#
#     check = key ^ d1 ^ d2,  d1 = score | move << 32,  d2 = depth | flag << 16 | gen << 24
#
# written and read word by word with relaxed atomics (engine/smp.h). Threads
# write entries without locks, so a reader may see the words of two different
# writes mixed; then check ^ d1 ^ d2 is not the key it looks for and the
# entry is ignored (Hyatt and Mann's lockless hashing). One thread sees
# exactly what it wrote. Scores of won and lost games are stored relative to
# the node (distance to the end from here) and converted back on probe.
from libc.stdint cimport int16_t, int32_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memset

from yinsh.engine.game cimport WIN_BOUND
from yinsh.engine.smp cimport smp_load_u64, smp_store_u64
from yinsh.platform cimport aligned_free, aligned_malloc

cdef enum:
    TT_NONE = 0
    TT_EXACT = 1
    TT_LOWER = 2
    TT_UPPER = 3

ctypedef struct TTSlot:
    uint64_t check
    uint64_t d1
    uint64_t d2

ctypedef struct TTBucket:
    TTSlot slot[2]
    uint64_t pad[2]            # to 64 bytes

ctypedef struct TTable:
    TTBucket* table            # NULL without a table
    uint64_t buckets           # a power of two
    uint32_t gen               # the current search's generation (8 bits used)

ctypedef struct TTHit:
    uint64_t key
    int score
    int move
    int depth
    int flag
    int gen


cdef inline int tt_alloc(TTable* t, uint64_t buckets) noexcept nogil:
    """Allocates a cleared table of buckets (a power of two) on a cache-line
    boundary; returns -1 without memory."""
    cdef void* mem = aligned_malloc(64, buckets * sizeof(TTBucket))
    if mem == NULL:
        return -1
    memset(mem, 0, buckets * sizeof(TTBucket))
    t.table = <TTBucket*>mem
    t.buckets = buckets
    return 0


cdef inline void tt_free(TTable* t) noexcept nogil:
    aligned_free(t.table)
    t.table = NULL
    t.buckets = 0


cdef inline void tt_clear(TTable* t) noexcept nogil:
    if t.table != NULL:
        memset(t.table, 0, t.buckets * sizeof(TTBucket))


cdef inline int tt_hashfull(const TTable* t) noexcept nogil:
    """Permille of the first 1000 entries in use."""
    cdef uint64_t i, used = 0, n = min(<uint64_t>1000, t.buckets * 2)
    if n == 0:
        return 0
    for i in range(n):
        if ((t.table[i // 2].slot[i % 2].d2 >> 16) & 0xFF) != TT_NONE:
            used += 1
    return <int>(used * 1000 // n)


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


cdef inline void tt_read(TTSlot* e, TTHit* out) noexcept nogil:
    """Reads an entry word by word and decodes it (out.key is what the check
    word gives: the entry's key unless it is torn)."""
    cdef uint64_t c = smp_load_u64(&e.check)
    cdef uint64_t d1 = smp_load_u64(&e.d1)
    cdef uint64_t d2 = smp_load_u64(&e.d2)
    out.key = c ^ d1 ^ d2
    out.score = <int32_t>(<uint32_t>(d1 & 0xFFFFFFFFULL))
    out.move = <int32_t>(<uint32_t>(d1 >> 32))
    out.depth = <int16_t>(<uint16_t>(d2 & 0xFFFFULL))
    out.flag = <int>((d2 >> 16) & 0xFF)
    out.gen = <int>((d2 >> 24) & 0xFF)


cdef inline bint tt_probe(const TTable* t, uint64_t key, int ply, TTHit* out) noexcept nogil:
    """Looks key up; on a hit fills out (score converted for ply) and
    returns true."""
    cdef TTSlot* b
    if t.table == NULL:
        return False
    b = t.table[key & (t.buckets - 1)].slot
    tt_read(&b[0], out)
    if out.key == key and out.flag != TT_NONE:
        out.score = score_from_tt(out.score, ply)
        return True
    tt_read(&b[1], out)
    if out.key == key and out.flag != TT_NONE:
        out.score = score_from_tt(out.score, ply)
        return True
    return False


cdef inline void tt_store(TTable* t, uint64_t key, int depth, int score, int flag, int move,
                          int ply) noexcept nogil:
    """Stores a search result (move 0: none known; an entry of the same key
    keeps its move then)."""
    cdef TTSlot* b
    cdef TTSlot* e
    cdef TTHit first, old
    cdef uint64_t d1, d2
    cdef int gen = t.gen & 0xFF
    if t.table == NULL:
        return
    b = t.table[key & (t.buckets - 1)].slot
    tt_read(&b[0], &first)
    if first.key == key or depth >= first.depth or first.flag == TT_NONE or first.gen != gen:
        e = &b[0]
        old = first
    else:
        e = &b[1]
        tt_read(e, &old)
    if old.key == key and move == 0:
        move = old.move                       # keep the known best move
    d1 = <uint64_t>(<uint32_t>score_to_tt(score, ply)) | (<uint64_t>(<uint32_t>move) << 32)
    d2 = (<uint64_t>(<uint16_t>(<int16_t>depth)) | (<uint64_t>(<uint8_t>flag) << 16)
          | (<uint64_t>gen << 24))
    smp_store_u64(&e.check, key ^ d1 ^ d2)
    smp_store_u64(&e.d1, d1)
    smp_store_u64(&e.d2, d2)
