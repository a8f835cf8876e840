# The game interface: what a game provides to the compiled searches.
#
# This file is the contract, written down once. The searches (alpha-beta and
# MCTS, templates in this directory) are compiled once per game: setup.py
# renders engine/search.pyx.tp with the game's hooks module and writes the
# game's search module beside it (Yinsh: src/yinsh/yinsh/_hooks.pxd ->
# src/yinsh/yinsh/_search.pyx). The rendered code does `cimport <hooks> as G` and
# calls the hooks below as `G.name(...)`; they are `cdef inline` functions in
# the hooks .pxd, so the C compiler inlines them into the search loops: no
# function pointers from the search's side.
#
# A game's hooks .pxd defines exactly these names (docs/architecture.md walks
# through adding a game; src/yinsh/toys/dice/_hooks.pxd is a complete small
# example with dice and 2-4 players).
#
# Types and sizes
#   ctypedef ... State        Plain C struct, copied by value: the searches
#                             copy a state and apply one action to the copy
#                             (copy-make); they never undo. No pointers to
#                             owned memory inside.
#   ctypedef ... Weights      Plain C struct of named int fields: the
#                             evaluation and ordering weights (a Python view
#                             lists and changes them: params()/configure()).
#   enum MAX_ACTIONS          More than any state's number of legal actions
#                             or chance outcomes (buffer size).
#   enum PLAYERS              The most players a state of the game can have
#                             (1 < PLAYERS <= MAX_PLAYERS below).
#   enum HISTORY_SIZE         history_index() is in 0 .. HISTORY_SIZE-1.
#   enum HAS_CHANCE           1 if states can have the chance actor, else 0
#                             (lets the C compiler drop the chance code).
#   enum LATE_MOVE_PRUNING    1 if the alpha-beta may prune late moves (the
#                             lmp_depth parameter), 0 if it never does.
#
# Rules (cdef inline ... noexcept nogil; s is never NULL)
#   int actor(const State* s)
#       The player to act, 0 .. num_players(s)-1; ACTOR_CHANCE when the next
#       action is a chance outcome (a die throw); ACTOR_TERMINAL when the
#       game is over. (Mind C's conversions: `ACTOR_TERMINAL if over else
#       s.turn` with a uint8_t turn is a uint8_t, 254; return from separate
#       branches.)
#   int num_players(const State* s)
#       Players in this game, 2 .. PLAYERS.
#   int legal_actions(const State* s, int* out)
#       Writes the legal actions (action codes, 0 <= code < 2**31, never
#       repeated) into out[0 .. n-1] in a fixed order and returns n; 0 only
#       for a terminal state. At a chance state: the outcomes.
#   int chance_outcomes(const State* s, int* out, double* probs)
#       At a chance state: the outcomes and their probabilities (> 0, sum 1).
#       Never called at other states (a game without dice may return 0).
#   void make(State* s, int action)
#       Applies a legal action (or outcome) in place.
#   void returns(const State* s, double* out)
#       At a terminal state: each player's result in -1 .. 1 (win 1, loss -1,
#       draw 0; with several players e.g. places). out[0 .. num_players-1].
#   uint64_t hash(const State* s)
#       A 64-bit key of everything that decides the future of the game
#       (pieces, actor, phase, dice, counters): equal states have equal keys.
#
# Evaluation and search hints (cdef inline ... noexcept nogil)
#   int evaluate(const State* s, int player, const Weights* w)
#       Heuristic score of a non-terminal state from player's view, in the
#       alpha-beta's units: |score| well below WIN_BOUND (below).
#   void values(const State* s, const Weights* w, double* out)
#       Heuristic value of a non-terminal state for each player, in -1 .. 1
#       (MCTS playouts cut off after K plies use it).
#   void priors(const State* s, const int* actions, int n, float* out)
#       A prior probability of each legal action (PUCT); uniform is fine.
#   void order_scores(const State* s, const Weights* w, const int* actions,
#                     int n, int* out)
#       A static move-ordering score of each action (bigger is searched
#       first; added to the history score; |score| < 2**29).
#   int history_index(const State* s, int action)
#       The action's slot in the history table of the actor, 0 .. HISTORY_SIZE-1.
#   bint killer_ok(const State* s, int action)
#       Whether a cutting action may be kept as a killer (quiet actions).
#   bint reducible(const State* s, int action)
#       Whether late-move reductions may reduce the action.
#   bint search_on(const State* s)
#       True when s is not quiet: at depth 0 the alpha-beta searches its
#       actions instead of evaluating (Yinsh: a row or ring removal pending).
#   void search_weights(const State* root, const Weights* w, Weights* out)
#       The weights a search from root uses (may depend on the root's phase).
#
# Python boundary (with the GIL; only outside the search loops)
#   int load_state(object board, State* out) except -1
#       Copies the state of a board of this game; TypeError for anything else.
#   object action_object(int code)
#       The action as the game's Python value (Yinsh: a Move).
#   Weights default_weights()
#   list weight_specs()
#       [(name, lo, hi, doc)] for each field of Weights, in display order.
#   str game_name()
#       The game's name ("yinsh"), the search module's GAME.
#
# Conventions the searches rely on
# - Every action (and chance outcome) is one ply of depth, except that a node
#   with a single choice costs none (forced actions, a certain outcome).
# - Alpha-beta: two players (num_players == 2), negamax from the actor's
#   view; chance nodes are expectimax nodes (probability-weighted mean of
#   the outcomes, each searched with a full window; the `star` parameter
#   turns on Star1 / Star2 windows). A won game is worth WIN - plies from
#   the root.
# - A chance state may be the root of both searches: its view is that of
#   the player whose throw it is, read from the Python board (its `turn`
#   in `players`, or an int `turn`), since no hook names it.
# - MCTS: any number of players; a node's value is from the view of the
#   player who acted at its parent; chance outcomes are sampled.

cdef enum:
    MAX_PLAYERS = 4
    ACTOR_CHANCE = -1
    ACTOR_TERMINAL = -2

# Scores of the alpha-beta (also in yinsh/engine/info.py for Python).
cdef enum:
    WIN = 1000000             # a won game; a win in N plies is WIN - N
    WIN_BOUND = WIN - 1000    # scores beyond this are proven wins / losses
    INF = WIN + 1
    MAX_PLY = 128             # the deepest a search line goes
    MAX_DEPTH = 64            # the deepest iteration
