"""The engine's exceptions.

All of them are ``ValueError`` subclasses so that a caller who only wants to
reject bad input can catch ``ValueError``; the subclasses let a caller tell a
malformed text apart from a well-formed move that the rules forbid.
"""


class GameError(ValueError):
    """Base class of every error the engine raises for bad input."""


class BoardSpecError(GameError):
    """A board size or k that no game can be played with."""


class NotationError(GameError):
    """Text (a cell name, a board spec or a game record) that cannot be parsed."""


class IllegalMoveError(GameError):
    """A well-formed move that the rules forbid in this position."""
