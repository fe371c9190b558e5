"""The computer players: what each level notices, and that each level beats the one below."""

from __future__ import annotations

import random
import threading
import time
from collections import Counter

import pytest
from minimax import Minimax, preference, sides

from tictactoe_tui.engine import Mark, Position
from tictactoe_tui.engine.bigboard.strategy import search
from tictactoe_tui.engine.levels import HARD_SLIP, MEDIUM_SLIP
from tictactoe_tui.engine.players import (
    DEFAULT_TIME_LIMIT,
    PLAYER_NAMES,
    PLAYERS,
    EasyPlayer,
    HardPlayer,
    MediumPlayer,
    PerfectPlayer,
    Player,
    RandomPlayer,
    make_player,
    pick,
)
from tictactoe_tui.engine.rules.spec import BoardSpec, Cell
from tictactoe_tui.engine.solver import SearchResult, Solver, Value


def named(position: Position, cell: Cell) -> str:
    return position.cell_name(cell)


def play_out(spec: str, x: Player, o: Player) -> Position:
    position = Position.empty(spec)
    while not position.is_over:
        player = x if position.to_move is Mark.X else o
        cell = player.choose(position)
        assert position.is_legal(cell)
        position = position.play(cell)
    return position


def match(spec: str, first: str, second: str, games: int) -> Counter[str | None]:
    """Seeded games between two levels, each playing X in half of them; the winners' names."""
    winners: Counter[str | None] = Counter()
    for number in range(games):
        x_name, o_name = (first, second) if number % 2 == 0 else (second, first)
        x = make_player(x_name, seed=2 * number)
        o = make_player(o_name, seed=2 * number + 1)
        winner = play_out(spec, x, o).outcome.winner
        winners[None if winner is None else x_name if winner is Mark.X else o_name] += 1
    return winners


def test_the_levels_are_listed_weakest_first() -> None:
    assert PLAYER_NAMES == ("random", "easy", "medium", "hard", "perfect")
    assert tuple(PLAYERS) == PLAYER_NAMES
    for name in PLAYER_NAMES:
        assert make_player(name, seed=1).name == name


def test_an_unknown_level_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="random, easy, medium, hard, perfect"):
        make_player("grandmaster")


def test_the_time_limit_reaches_the_perfect_player_only() -> None:
    player = make_player("perfect", time_limit=0.25)
    assert isinstance(player, PerfectPlayer) and player.time_limit == 0.25
    assert PerfectPlayer().time_limit == DEFAULT_TIME_LIMIT


@pytest.mark.parametrize("name", PLAYER_NAMES)
def test_no_level_moves_after_the_game_is_over(name: str) -> None:
    with pytest.raises(ValueError, match="over"):
        make_player(name, seed=0).choose(Position.from_moves("3x3", "a1 a2 b1 b2 c1"))


def test_a_seeded_player_replays_its_moves() -> None:
    for name in ("random", "easy", "medium"):
        first = play_out("5x5k4", make_player(name, seed=7), make_player(name, seed=8))
        second = play_out("5x5k4", make_player(name, seed=7), make_player(name, seed=8))
        assert first.moves == second.moves


def test_random_plays_every_legal_move_sometimes() -> None:
    position = Position.from_moves("3x3", "b2")
    player = RandomPlayer(random.Random(3))
    assert {player.choose(position) for _ in range(200)} == set(position.legal_moves)


@pytest.mark.parametrize("player", [EasyPlayer(random.Random(1)), MediumPlayer(random.Random(1))])
def test_easy_and_medium_take_a_win(player: Player) -> None:
    position = Position.from_moves("3x3", "a1 b2 b1 c2")  # X wins at c1, O threatens a2
    assert named(position, player.choose(position)) == "c1"
    position = Position.from_moves("15x15k5", "h8 a1 i8 a2 j8 a3 k8 a4")
    assert named(position, player.choose(position)) in {"g8", "l8"}


@pytest.mark.parametrize("player", [EasyPlayer(random.Random(2)), MediumPlayer(random.Random(2))])
def test_easy_and_medium_block_a_win(player: Player) -> None:
    position = Position.from_moves("3x3", "a1 b2 b1")
    assert named(position, player.choose(position)) == "c1"
    position = Position.from_moves("7x7k4", "a1 d4 b1 g7 c1")
    assert named(position, player.choose(position)) == "d1"


def test_easy_otherwise_moves_anywhere() -> None:
    position = Position.from_moves("3x3", "b2")
    player = EasyPlayer(random.Random(5))
    assert len({player.choose(position) for _ in range(200)}) == 8


def test_medium_makes_a_fork() -> None:
    # X: a1, c1; O: b1, a3. X's c3 threatens both c2 (column c) and b2 (the diagonal).
    position = Position.from_moves("3x3", "a1 b1 c1 a3")
    for seed in range(5):
        assert named(position, MediumPlayer(random.Random(seed), slip=0).choose(position)) == "c3"


def test_medium_blocks_the_only_fork() -> None:
    # X: b1, a2; O: a1, c2. O's c3 would threaten c1 and b2 at once, so X takes c3 first.
    position = Position.from_moves("3x3", "b1 a1 a2 c2")
    for seed in range(5):
        assert named(position, MediumPlayer(random.Random(seed), slip=0).choose(position)) == "c3"


def test_medium_answers_two_forks_with_a_threat_of_its_own() -> None:
    # X on opposite corners, O in the centre: taking a corner lets X fork at the other one, so
    # the rule player forces X with a side instead.
    position = Position.from_moves("3x3", "a1 b2 c3")
    for seed in range(10):
        move = MediumPlayer(random.Random(seed), slip=0).choose(position)
        assert named(position, move) in {"a2", "b1", "b3", "c2"}


def test_medium_prefers_the_centre_of_an_empty_board() -> None:
    for spec, centre in (("3x3", "b2"), ("5x5k4", "c3"), ("15x15k5", "h8")):
        position = Position.empty(spec)
        assert named(position, MediumPlayer(random.Random(0)).choose(position)) == centre


def test_medium_seldom_loses_to_easy_on_3x3_and_wins_some() -> None:
    winners = match("3x3", "medium", "easy", 200)
    assert winners["easy"] <= 10
    assert winners["medium"] >= 40


def careful_x(position: Position) -> str:
    """The classic trap: corner, then the opposite corner, then whatever wins, blocks or forks."""
    if not position.moves:
        return "a1"
    if len(position.moves) == 2 and position.cell_name(position.moves[1]) == "b2":
        return "c3"
    return named(position, MediumPlayer(random.Random(0), slip=0).choose(position))


def trap_wins(slip: float, games: int) -> int:
    """Games of ``games`` seeded ones that the trap wins against medium as O."""
    wins = 0
    for seed in range(games):
        medium = MediumPlayer(random.Random(seed), slip=slip)
        position = Position.empty("3x3")
        while not position.is_over:
            move = careful_x(position) if position.to_move is Mark.X else medium.choose(position)
            position = position.play(move)
        assert position.outcome.winner is not Mark.O
        wins += position.outcome.winner is Mark.X
    return wins


def test_medium_sometimes_falls_for_the_corner_trap_on_3x3() -> None:
    # a1, b2, c3: O must answer with a side; a corner lets X fork. Medium overlooks the fork at its rate.
    wins = trap_wins(MEDIUM_SLIP, 400)
    assert 0.6 * MEDIUM_SLIP * 400 <= wins <= 1.4 * MEDIUM_SLIP * 400


def test_medium_without_slips_never_falls_for_the_corner_trap() -> None:
    assert trap_wins(0.0, 50) == 0


def test_medium_never_misses_an_immediate_win_or_block_however_often_it_slips() -> None:
    # O to move with X threatening c3 and a fork for O on the board: the block is certain.
    position = Position.from_moves("3x3", "a1 b2 b1 c1 a2")
    always = MediumPlayer(random.Random(0), slip=1.0)
    assert {named(position, always.choose(position)) for _ in range(20)} == {"a3"}


def test_medium_options_are_its_chances_of_each_move() -> None:
    position = Position.from_moves("3x3", "a1 b2 c3")
    options = MediumPlayer(slip=MEDIUM_SLIP).options(position)
    assert [probability for probability, _ in options] == [MEDIUM_SLIP, 1 - MEDIUM_SLIP]
    slipped, careful = ({named(position, cell) for cell in cells} for _, cells in options)
    assert slipped == {"a3", "c1"} and careful == {"a2", "b1", "b3", "c2"}


def test_hard_plays_the_search_but_for_its_slips() -> None:
    # In a won position the search always takes the win in one; a medium lapse takes it too, so to
    # see the slips, count the moves that differ from the search's in an opening with many choices.
    position = Position.from_moves("4x4k3", "a1")
    hard = HardPlayer(random.Random(3), time_limit=0.2)
    perfect_moves = set(PerfectPlayer(time_limit=0.2).solver.solve(position).best_moves)
    lapses = sum(hard.choose(position) not in perfect_moves for _ in range(200))
    assert 0 < lapses <= 2 * HARD_SLIP * 200


def test_hard_beats_medium_on_3x3_more_than_it_loses() -> None:
    winners = match("3x3", "hard", "medium", 200)
    assert winners["hard"] > winners["medium"]


def test_perfect_beats_hard_on_3x3_now_and_then_and_never_loses() -> None:
    winners = match("3x3", "perfect", "hard", 400)
    assert winners["perfect"] > 0
    assert winners["hard"] == 0


def test_medium_beats_easy_on_5x5k4() -> None:
    winners = match("5x5k4", "medium", "easy", 200)
    assert winners["medium"] >= 170


def test_easy_beats_random_on_7x7k4() -> None:
    winners = match("7x7k4", "easy", "random", 100)
    assert winners["easy"] >= 80


def test_perfect_never_loses_on_3x3() -> None:
    for seed in range(6):
        for perfect_is_x in (True, False):
            perfect = make_player("perfect", seed=seed)
            other = make_player("random" if seed % 2 else "medium", seed=seed)
            x, o = (perfect, other) if perfect_is_x else (other, perfect)
            end = play_out("3x3", x, o)
            assert end.outcome.winner in (None, Mark.X if perfect_is_x else Mark.O)


def test_perfect_takes_a_win_at_once() -> None:
    position = Position.from_moves("3x3", "a1 b2 b1 c2")
    assert named(position, PerfectPlayer().choose(position)) == "c1"


def test_perfect_answers_a_stop_request_with_a_legal_move() -> None:
    stop = threading.Event()
    stop.set()
    position = Position.from_moves("19x19k5", "j10 k11")
    cell = PerfectPlayer(time_limit=30.0).choose(position, stop)
    assert position.is_legal(cell)


class BoundedSearch:
    """The big-board search with a node budget instead of a clock, so that games replay exactly."""

    name = "bounded"

    def __init__(self, nodes: int) -> None:
        self.nodes = nodes

    def choose(self, position: Position, stop: threading.Event | None = None) -> Cell:
        return search(position, deadline=time.perf_counter() + 3600, stop=stop,
                      max_nodes=self.nodes).ranked[0][0]


@pytest.mark.parametrize("seed", range(4))
def test_the_search_never_loses_to_random_on_7x7k4(seed: int) -> None:
    engine, opponent = BoundedSearch(300), make_player("random", seed=seed)
    x, o = (engine, opponent) if seed % 2 == 0 else (opponent, engine)
    end = play_out("7x7k4", x, o)
    assert end.outcome.winner is (Mark.X if seed % 2 == 0 else Mark.O)


@pytest.mark.parametrize("seed", range(2))
def test_the_search_beats_medium_as_first_player_on_15x15k5(seed: int) -> None:
    end = play_out("15x15k5", BoundedSearch(1_500), make_player("medium", seed=seed))
    assert end.outcome.winner is Mark.X


def test_a_lost_perfect_player_still_blocks_the_four() -> None:
    # X's open four e8-h8: O loses whatever it plays, as fast either way, but a person would block.
    position = Position.from_moves("15x15k5", "e8 a1 f8 a3 g8 a5 h8")
    player = make_player("perfect", seed=1, time_limit=0.5)
    for _ in range(5):
        assert position.cell_name(player.choose(position)) in {"d8", "i8"}


def test_a_lost_perfect_player_blocks_a_simple_four_too() -> None:
    position = Position.from_moves("15x15k5", "h8 h9 g8 g9 f8 a1 e8")  # X: e8 f8 g8 h8; d8 and i8 open
    player = make_player("perfect", seed=2, time_limit=0.5)
    assert position.cell_name(player.choose(position)) in {"d8", "i8"}


GAMES_A_BOARD = 600
"""Games the perfect player plays on each board of the test below."""


@pytest.mark.slow
@pytest.mark.parametrize("board", ["3x3k3", "4x3k3", "5x2k3", "6x2k3"])
def test_perfect_keeps_the_value_through_games_with_undos_and_hints(board: str) -> None:
    # One player for all the games of a board, as the engine keeps one for a whole game, and one
    # solver for each game's hints: both are fed positions of both sides and of undone branches.
    reference = Minimax(BoardSpec.parse(board))
    rng = random.Random(f"perfect games {board}")
    perfect = PerfectPlayer(random.Random(rng.random()), time_limit=3600.0)  # a limit that never binds
    others = [MediumPlayer(rng), RandomPlayer(rng)]
    moves = undos = 0
    for _ in range(GAMES_A_BOARD):
        hints = Solver(memory_limit_mb=16)
        side = rng.choice((Mark.X, Mark.O))
        other = rng.choice(others)
        position = Position.empty(board)
        while not position.is_over:
            if len(position.moves) >= 2 and rng.random() < 0.1:
                position = position.undo(rng.randint(1, 2))
                undos += 1
                continue
            if rng.random() < 0.3:
                hint = hints.solve(position)
                for cell in hint.best_moves:
                    assert _keeps_the_value(reference, position, cell), (position.record, "hint", cell)
            if position.to_move is side:
                cell = perfect.choose(position)
                assert _keeps_the_value(reference, position, cell), (position.record, cell)
                moves += 1
            else:
                cell = other.choose(position)
            position = position.play(cell)
    assert moves > 2 * GAMES_A_BOARD and undos > GAMES_A_BOARD // 2


def _keeps_the_value(reference: Minimax, position: Position, cell: Cell) -> bool:
    """Whether playing ``cell`` keeps the position's value, at its best distance."""
    mine, theirs = sides(position)
    return preference(reference.move(mine, theirs, cell)) == preference(reference.of(position))


def test_a_seeded_pick_among_equal_moves_repeats_and_seeds_vary_it() -> None:
    # An unsolved Gomoku position: the big-board search rates several moves within its margin.
    position = Position.from_moves("15x15k5", "h8 i9")
    found = search(position, deadline=time.perf_counter() + 3600, max_nodes=8_000)
    assert len(found.choices) > 1 and found.choices[0] == found.ranked[0][0]
    result = SearchResult(Value.UNKNOWN, None, found.choices, 0, found.nodes, 0.0, found.depth)
    picks = [pick(position, result, random.Random(seed)) for seed in range(20)]
    assert picks == [pick(position, result, random.Random(seed)) for seed in range(20)]
    assert len(set(picks)) > 1 and set(picks) <= set(found.choices)
    assert pick(position, result, None) == found.choices[0]


def test_a_lost_pick_still_blocks_the_win_next_move() -> None:
    # X's open four: every O move loses, and whichever O picks is a block.
    position = Position.from_moves("15x15k5", "e8 a1 f8 a3 g8 a5 h8")
    lost = SearchResult(Value.LOSS, 2, tuple(position.legal_moves), -10, 0, 0.0, 1)
    blocks = {position.cell_name(pick(position, lost, random.Random(seed))) for seed in range(10)}
    assert blocks <= {"d8", "i8"}
