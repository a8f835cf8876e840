# The tunables of the searches as C structs. The names, defaults and ranges
# are in yinsh/engine/params.py (one table each); the search objects fill
# these structs from it (a dict of the same names), so no default is
# written twice.

ctypedef struct AbParams:
    int lmr_depth                # reduce late moves at this remaining depth or more (0: never)
    int lmr_ply                  # ... this far from the root or more
    int lmr_move                 # ... from this move on (index in the ordered list)
    int lmr2_move                # reduce two plies from this move on, off the PV ...
    int lmr2_depth               # ... at this remaining depth or more
    int lmp_depth                # late-move pruning at this remaining depth or less (0: never)
    int lmp_moves                # ... searching this many moves per remaining ply
    int aspiration               # 1: aspiration windows
    int aspiration_depth         # the first iteration with a window
    int aspiration_window        # its half width
    int aspiration_widen         # a failed window widens by this factor
    int aspiration_max           # a window wider than this becomes the full window
    double soft_time             # no new iteration after this fraction of the time limit
    int partial_move             # 1: out of time inside an iteration, play its best move so far
    int poll_nodes               # nodes between clock / Ctrl-C polls (a power of two)
    int order_late               # score the actions after the table's move only when it did not cut off
    int order_killer             # ordering: first killer (second: one less)
    int history_max              # history halves past this
    int helper_offset            # Lazy SMP: odd helper threads start this many plies deeper
    int star                     # chance nodes: 0 plain expectimax, 1 Star1, 2 Star2 (Ballard's *-minimax)

ctypedef struct MctsParams:
    double exploration           # c of UCT / PUCT
    int puct                     # 1: PUCT with the game's priors, 0: UCT
    double fpu                   # PUCT: value of an unvisited child
    int playout_plies            # random plies, then the evaluation (-1: to the end)
    int reuse_depth              # tree reuse: plies below the last root searched for the new root
    int poll_playouts            # playouts between clock / Ctrl-C polls
