"""The engine's exceptions, in two families by cause.

``GameError`` is bad input: a board, a text or a move the rules refuse. Its
classes are ``ValueError`` subclasses so that a caller who only wants to
reject bad input can catch ``ValueError``; the subclasses let a caller tell a
malformed text apart from a well-formed move that the rules forbid.

``EngineFailure`` is an engine that could not answer, whatever it was asked:
its process died, it ran out of time, or it answered nonsense. It is a
``RuntimeError``, never a ``ValueError``, so that a caller refusing bad input
does not mistake a crashed engine for a mistyped move. Its subclasses live
beside what fails: the engine's own process (``session.engine_process``) and
an external brain (``gomocup.client``).
"""


class GameError(ValueError):
    """Base class of every error the engine raises for bad input."""


class BoardSpecError(GameError):
    """A board size or k that no game can be played with.

    ``field`` names the value at fault (``"width"``, ``"height"`` or ``"k"``), so that a form can
    show the message beside that value without reading the message.
    """

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


class NotationError(GameError):
    """Text (a cell name, a board spec or a game record) that cannot be parsed."""


class NumberTooLongError(NotationError):
    """A number with more digits than any range of this program allows, refused before conversion.

    Whoever reads a number in a range catches it to refuse the number as out of that range, with
    the message any other number outside it gets.
    """


class IllegalMoveError(GameError):
    """A well-formed move that the rules forbid in this position."""


class GameOverError(IllegalMoveError):
    """A move played, or asked of a player, after the game has ended."""


class EngineFailure(RuntimeError):
    """Base class of every failure of an engine to answer: a process that died or stalled, a search that
    raised, a program that answered nonsense. The message says which, in one sentence."""
