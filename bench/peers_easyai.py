"""The m,n,k game written for easyAI, so that its negamax can be timed against this engine.

It is written the way an easyAI user would write it, but without handicaps: bitboards, winning lines
precomputed per cell, a win checked only through the last move, ``unmake_move`` so that easyAI does not
deep-copy the game at every node, and ``ttentry`` so that its transposition table can be used. Moves are
offered in plain cell order, as OpenSpiel offers its actions: move ordering is part of what each engine
brings, so the peers get none that we wrote for them.

The board is deliberately independent of ``tictactoe_tui.engine``: a bug in our win detection must not
hide by being shared with the peer that checks it.
"""

from __future__ import annotations

from easyAI import (  # type: ignore[import-untyped, import-not-found, unused-ignore]
    AI_Player,
    Negamax,
    TranspositionTable,
    TwoPlayerGame,
)

# easyAI scores a lost position from the loser's side; any constant works, only its sign is read back.
LOSS_SCORE = -100
_DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def lines_through(width: int, height: int, k: int) -> list[list[int]]:
    """Bitmasks of every k-in-a-row window, listed under each cell they cover (cell = row * width + col)."""
    through: list[list[int]] = [[] for _ in range(width * height)]
    for row in range(height):
        for col in range(width):
            for d_col, d_row in _DIRECTIONS:
                end_col, end_row = col + d_col * (k - 1), row + d_row * (k - 1)
                if not (0 <= end_col < width and 0 <= end_row < height):
                    continue
                cells = [(row + d_row * i) * width + col + d_col * i for i in range(k)]
                mask = sum(1 << cell for cell in cells)
                for cell in cells:
                    through[cell].append(mask)
    return through


class MnkGame(TwoPlayerGame):  # type: ignore[misc]
    """An m,n,k game in easyAI's protocol: player 1 is X and moves first."""

    def __init__(self, width: int, height: int, k: int, players: list[object]) -> None:
        self.players = players
        self.current_player = 1
        self.cells = width * height
        self.full = (1 << self.cells) - 1
        self.through = lines_through(width, height, k)
        self.boards = [0, 0]
        self.history: list[int] = []
        self.nodes = 0

    def possible_moves(self) -> list[int]:
        occupied = self.boards[0] | self.boards[1]
        return [cell for cell in range(self.cells) if not occupied >> cell & 1]

    def make_move(self, move: int) -> None:
        self.nodes += 1
        self.boards[self.current_player - 1] |= 1 << move
        self.history.append(move)

    def unmake_move(self, move: int) -> None:
        self.boards[self.current_player - 1] &= ~(1 << move)
        self.history.pop()

    def lose(self) -> bool:
        """Whether the opponent's last move completed a line: the only way the side to move can have lost."""
        if not self.history:
            return False
        board = self.boards[self.opponent_index - 1]
        return any(board & mask == mask for mask in self.through[self.history[-1]])

    def is_over(self) -> bool:
        return self.lose() or self.boards[0] | self.boards[1] == self.full

    def scoring(self) -> int:
        return LOSS_SCORE if self.lose() else 0

    def ttentry(self) -> tuple[int, int]:
        return self.boards[0], self.boards[1]


def solve_empty(width: int, height: int, k: int) -> tuple[float, int]:
    """Solve the empty board to the end; return easyAI's root value for X (sign only matters) and nodes."""
    negamax = Negamax(width * height, tt=TranspositionTable())
    game = MnkGame(width, height, k, [AI_Player(negamax), AI_Player(negamax)])
    negamax(game)
    return float(negamax.alpha), game.nodes
