"""The standard RL interfaces (yinsh.envs, docs/rl.md) under their ecosystems'
own checkers: PettingZoo's api_test and seed_test, Gymnasium's check_env,
OpenSpiel's random simulation test and MCTS bot; and 1,000 steps a game
whose observations and masks must be the library's own."""
import pickle
import subprocess
import sys
import warnings

import numpy as np
import pytest

import yinsh

# The rl extra (without it the module is skipped: conftest.py).
import gymnasium
import pyspiel
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from yinsh.envs import gymnasium_envs, insert_v0, ludo_v0, yinsh_v0
from yinsh.envs import openspiel_games  # noqa: F401  (registers the games with pyspiel)
from yinsh.envs.games import GAMES

# module, options: every game, and each option that changes the shape of play.
AEC = [(yinsh_v0, {}), (yinsh_v0, {"variant": "blitz"}), (insert_v0, {"layout": 77}),
       (ludo_v0, {}), (ludo_v0, {"players": 2}), (ludo_v0, {"players": 3, "variant": "places"})]
AEC_IDS = [f"{m.__name__.rsplit('.', 1)[1]}-{'-'.join(map(str, o.values())) or 'default'}" for m, o in AEC]


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        # api_test warns that Dict observations are not Box ones: PettingZoo's
        # classic games (observation + action_mask) get the same warnings.
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        yield


# PettingZoo -------------------------------------------------------------------

@pytest.mark.parametrize("module,options", AEC, ids=AEC_IDS)
def test_pettingzoo_api_and_seed_tests(module, options):
    api_test(module.env(**options), num_cycles=1000)
    seed_test(lambda: module.env(**options), num_cycles=200)
    env = module.env(**options)
    assert env.metadata["name"] == module.__name__.rsplit(".", 1)[1]
    assert env.metadata["render_modes"] == ["ansi", "rgb_array"] and not env.metadata["is_parallelizable"]


def library_agrees(env):
    """The observations of every agent and the mask of the one to act are the
    board's own planes and mask; the agent to act is the side to act."""
    board, game = env.board, env.game
    colors = game.seats(board)
    to_act = game.to_act(board)                 # None once the game is over
    assert to_act is None or env.agent_selection == f"player_{to_act}"
    for i, agent in enumerate(env.possible_agents):
        obs = env.observe(agent)
        assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
        assert np.array_equal(obs["observation"], board.planes(perspective=colors[i].name.lower()))
        if i == to_act:
            assert np.array_equal(obs["observation"], board.planes())
            assert np.array_equal(obs["action_mask"], board.legal_action_mask().astype(np.int8))
        else:
            assert not obs["action_mask"].any()


@pytest.mark.parametrize("module,options", [AEC[0], AEC[2], AEC[3]], ids=["yinsh", "insert", "ludo"])
def test_thousand_steps_agree_with_the_library(module, options):
    env = module.raw_env(**options)
    env.reset(seed=7)
    rng = np.random.default_rng(7)
    games, steps, repeats, previous = 0, 0, 0, None
    while steps < 1000:
        library_agrees(env)
        obs, reward, termination, truncation, info = env.last()
        if termination:
            board = env.board
            returns = env.game.returns(board)
            assert board.is_game_over() and sum(returns) == pytest.approx(0.0)
            assert [env.rewards[a] for a in env.possible_agents] == returns
            games += 1
            env.reset(seed=int(rng.integers(1 << 30)))
            previous = None
            continue
        repeats += env.agent_selection == previous
        previous = env.agent_selection
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert games >= 1
    # A Yinsh turn (a ring move, then the row and ring removals) is several
    # steps of the same agent; an Insert turn is one action (in Ludo both
    # happen: the others' turns are skipped when no throw lets them move).
    if module is yinsh_v0:
        assert repeats > 0
    if module is insert_v0:
        assert repeats == 0


def test_illegal_actions():
    env = insert_v0.raw_env()
    env.reset()
    env.step(14)
    before = env.board.position()
    with pytest.raises(yinsh.IllegalMoveError):
        env.step(14)                        # taken: the library's error, nothing changed
    with pytest.raises(TypeError):
        env.step(1.5)
    assert env.board.position() == before and env.agent_selection == "player_1"
    wrapped = insert_v0.env()
    wrapped.reset()
    wrapped.step(14)
    wrapped.step(14)                        # PettingZoo's classic rule: the mover loses
    assert wrapped.rewards == {"player_0": 0.0, "player_1": -1.0}
    assert all(wrapped.terminations.values())


def test_ludo_dice_are_thrown_by_the_seeded_generator():
    first, second = ludo_v0.raw_env(), ludo_v0.raw_env()
    first.reset(seed=11)
    second.reset(seed=11)
    for _ in range(50):
        assert first.board.position() == second.board.position()
        assert not first.board.is_chance()
        action = int(np.flatnonzero(first.observe(first.agent_selection)["action_mask"])[0])
        first.step(action)
        second.step(action)
    dice = first.board.dice
    planes = first.observe(first.agent_selection)["observation"]
    assert [planes[12 + i, 0] for i in range(3)] == [d / 6 for d in dice] + [0.0] * (3 - len(dice))


@pytest.mark.parametrize("module", [yinsh_v0, insert_v0, ludo_v0])
def test_render_modes(module):
    env = module.env(render_mode="ansi")
    env.reset(seed=0)
    assert env.render() == str(env.unwrapped.board)
    env = module.env(render_mode="rgb_array")
    env.reset(seed=0)
    picture = env.render()
    assert picture.dtype == np.uint8 and picture.ndim == 3 and picture.shape[2] == 3
    assert picture.shape[1] >= 400 and len(np.unique(picture.reshape(-1, 3), axis=0)) > 10
    with pytest.raises(ValueError):
        module.raw_env(render_mode="human")
    with pytest.raises(TypeError):
        module.raw_env(colour="red")


def test_environments_pickle():
    env = ludo_v0.raw_env(players=2)
    env.reset(seed=5)
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    copy = pickle.loads(pickle.dumps(env))
    assert copy.board == env.board and copy.agent_selection == env.agent_selection
    gym_env = gymnasium_envs.YinshEnv(opponent="greedy")
    gym_env.reset(seed=1)
    assert pickle.loads(pickle.dumps(gym_env)).board == gym_env.board


# Gymnasium --------------------------------------------------------------------

GYM = [("yinsh/Yinsh-v0", {}), ("yinsh/Yinsh-v0", {"opponent": "greedy", "seat": 1, "variant": "blitz"}),
       ("yinsh/Insert-v0", {"opponent": "engine"}), ("yinsh/Insert-v0", {"opponent": "greedy", "seat": 1}),
       ("yinsh/Ludo-v0", {"opponent": "heuristic", "seat": 2}), ("yinsh/Ludo-v0", {"players": 2})]


@pytest.mark.parametrize("env_id,options", GYM)
def test_gymnasium_check_env_and_an_episode(env_id, options):
    check_env(gymnasium.make(env_id, **options).unwrapped)
    env = gymnasium.make(env_id, **options)
    observation, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    terminated = False
    while not terminated:
        board = env.unwrapped.board
        assert env.unwrapped.game.to_act(board) == env.unwrapped.seat
        assert np.array_equal(observation["action_mask"], board.legal_action_mask().astype(np.int8))
        action = rng.choice(np.flatnonzero(observation["action_mask"]))
        observation, reward, terminated, truncated, info = env.step(action)
        assert not truncated and "illegal_action" not in info
    board = env.unwrapped.board
    assert board.is_game_over() and reward == env.unwrapped.game.returns(board)[env.unwrapped.seat]


def test_gymnasium_illegal_action_and_options():
    env = gymnasium.make("yinsh/Yinsh-v0")
    env.reset(seed=0)
    board = env.unwrapped.board.copy()
    observation, reward, terminated, truncated, info = env.step(yinsh.move_to_action("xe5-e9"))
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    assert info["error"] == "illegal action 4771 (xe5-e9): White must place a ring now"
    assert env.unwrapped.board == board                           # unchanged
    with pytest.raises(RuntimeError):
        gymnasium_envs.InsertEnv().step(0)                        # before reset: no game
    with pytest.raises(ValueError):
        gymnasium_envs.YinshEnv(opponent="heuristic")            # a Ludo player
    with pytest.raises(TypeError):
        gymnasium_envs.LudoEnv(opponent=3)
    with pytest.raises(ValueError):
        gymnasium_envs.LudoEnv(players=2, seat=2)
    engine = yinsh.Engine(hash_mb=1, depth=1)
    env = gymnasium_envs.InsertEnv(opponent=engine, seat=1)      # any object with best_move
    observation, info = env.reset(seed=0)
    assert len(env.board.move_stack) == 1


def test_gymnasium_make_imports_the_module_itself():
    code = ("import gymnasium; env = gymnasium.make('yinsh.envs.gymnasium_envs:yinsh/Ludo-v0', players=2);"
            "print(env.reset(seed=0)[0]['observation'].shape)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "(17, 58)"


# OpenSpiel --------------------------------------------------------------------

SPIEL = ["python_yinsh(variant=blitz)", "python_yinsh", "python_insert(layout=9)", "python_ludo(players=2)",
         "python_ludo(players=4,variant=places)"]


@pytest.mark.parametrize("name", SPIEL)
def test_openspiel_random_simulation(name):
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    table = GAMES[game.get_type().short_name[len("python_"):]]
    assert game.observation_tensor_shape() == list(table.plane_shape)
    rng = np.random.default_rng(1)
    for _ in range(2):                          # the same through the Python API, checked
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                assert sum(probs) == pytest.approx(1.0) and list(actions) == list(range(6))
                state.apply_action(int(rng.choice(actions)))
                continue
            player = state.current_player()
            legal = state.legal_actions()
            assert legal == sorted(legal) == np.flatnonzero(state.board.legal_action_mask()).tolist()
            colour = table.seats(state.board)[player]
            assert np.array_equal(np.asarray(state.observation_tensor(player)),
                                  state.board.planes(perspective=colour.name.lower()).ravel())
            assert state.observation_string(player) == str(state.board)
            state.apply_action(int(rng.choice(legal)))
        returns = state.returns()
        assert len(returns) == game.num_players() and sum(returns) == pytest.approx(0.0)
        assert max(returns) <= 1.0 and state.move_number() <= game.max_game_length()


@pytest.mark.parametrize("name", ["python_yinsh(variant=blitz)", "python_insert", "python_ludo(players=2)"])
def test_openspiel_mcts_bot_plays_a_full_game(name):
    from open_spiel.python.algorithms import mcts
    game = pyspiel.load_game(name)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [mcts.MCTSBot(game, uct_c=2, max_simulations=8, evaluator=evaluator, random_state=rng)
            for _ in range(game.num_players())]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    assert state.board.is_game_over() and sum(state.returns()) == pytest.approx(0.0)


def test_openspiel_clones_are_independent():
    game = pyspiel.load_game("python_ludo")
    state = game.new_initial_state()
    state.apply_action(5)
    state.apply_action(2)
    clone = state.clone()
    clone.apply_action(6)
    assert state.history() == [5, 2] and clone.history() == [5, 2, 6]
    assert state.board.ply == 2 and clone.board.ply == 3 and state.action_to_string(0, 6) == "s-3"


# Import hygiene ---------------------------------------------------------------

def test_import_yinsh_needs_no_rl_package():
    code = ("import sys, yinsh, yinsh.envs, yinsh.envs.games, yinsh.envs.raster\n"
            "bad = [m for m in ('pettingzoo', 'gymnasium', 'pyspiel', 'open_spiel', 'resvg_py') if m in sys.modules]\n"
            "print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_guide_docs_rl_md():
    import doctest
    from pathlib import Path
    path = Path(__file__).resolve().parent.parent / "docs" / "rl.md"
    failures, attempted = doctest.testfile(str(path), module_relative=False,
                                           optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert attempted > 0 and failures == 0


# Chance from the board protocol --------------------------------------------------

def test_envs_take_chance_from_the_board_protocol(monkeypatch):
    """The environments throw Ludo's dice through ``is_chance()`` and
    ``chance_outcomes()`` (``push_action``), not through Ludo's ``throw``."""
    def no_throw(self, rng=None):
        raise AssertionError("an environment called Ludo's own throw()")

    monkeypatch.setattr(yinsh.ludo.Board, "throw", no_throw)
    env = ludo_v0.env(players=2)
    env.reset(seed=4)
    for _ in range(40):
        agent = env.agent_selection
        if env.terminations[agent]:
            break
        mask = env.observe(agent)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    assert not env.unwrapped.board.is_chance()
    gym_env = gymnasium.make("yinsh/Ludo-v0", players=2)
    obs, info = gym_env.reset(seed=2)
    for _ in range(20):
        action = int(np.flatnonzero(obs["action_mask"])[0])
        obs, reward, terminated, truncated, info = gym_env.step(action)
        if terminated:
            break
    state = pyspiel.load_game("python_ludo(players=2)").new_initial_state()
    assert state.chance_outcomes() == state.board.chance_outcomes()
    state.apply_action(5)
    state.apply_action(2)
    assert not state.is_chance_node() and state.chance_outcomes() == [] == state.board.chance_outcomes()


def test_sampled_outcomes_follow_the_probabilities_and_the_throws_of_ludo():
    from yinsh.envs.chance import sample_outcome
    from yinsh.toys.dice import GAMBLE, Position
    board = yinsh.ludo.Board(players=2)
    a, b = np.random.default_rng(5), np.random.default_rng(5)
    for _ in range(20):                    # equally likely: the same draws as board.throw(rng)
        assert yinsh.ludo.Board(players=2).throw(a) == board.action_to_move(sample_outcome(board, b))
    rng = np.random.default_rng(1)
    die = Position((1, 2)).apply(GAMBLE)   # 10: 1/2, 11: 1/4, 13: 1/4
    counts = {10: 0, 11: 0, 13: 0}
    for _ in range(4000):
        counts[sample_outcome(die, rng)] += 1
    assert 1850 < counts[10] < 2150 and 880 < counts[11] < 1120 and 880 < counts[13] < 1120
    with pytest.raises(ValueError, match="no chance node"):
        sample_outcome(yinsh.Board(), rng)
