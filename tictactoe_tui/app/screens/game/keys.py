"""The game screen's keys that come and go with the state of play, as the footer shows them.

Which keys apply now is the game's flow (``Turns.key_state``); this helper
keeps the footer in step with it. A key that works now shows; a key that
does nothing now is dimmed in place, so that no key moves as the game goes;
a key that never applies to the players the game began with is left out.
The pause key has two faces in one place: Pause while the computers play,
Resume while they wait. The keys themselves are declared here, beside the
rules for showing them.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.binding import Binding, BindingType

from ....session.turns import DYNAMIC_ACTIONS, EXPLAINED_ACTIONS

_GAME_KEYS: list[Binding] = [
    # The board takes Enter and Space while it has the focus; otherwise they come here: to say why
    # no move is played, or, while the move list has the focus, to keep Play in its place, dimmed.
    Binding("enter,space", "play_cursor", "Play", key_display="⏎"),
    Binding("u", "undo", "Undo"),
    Binding("ctrl+r,U", "redo", "Redo", key_display="^r", id="redo"),
    Binding("i", "hint", "Hint"),
    Binding("a", "analysis", "Analysis"),
    Binding("m", "move_now", "Move now"),
    Binding("p", "pause", "Pause"),
    Binding("p", "resume", "Resume"),  # In Pause's place, shown instead of it while the game is paused.
    Binding("r", "restart", "Again"),
    Binding("n", "new_game", "New"),
    Binding("q", "quit", "Quit"),
    Binding("w", "swap_sides", "Swap sides", show=False),
    Binding("s", "statistics", "Statistics", show=False),
    Binding("c", "copy_record", "Copy record", show=False),
    Binding("comma", "step(-1)", "Previous move", show=False),
    Binding("full_stop", "step(1)", "Next move", show=False),
    Binding("escape", "live", "Back to the game", show=False),
    Binding("f2", "read('cell')", "Read the cell and its neighbours", show=False),
    Binding("f3", "read('moves')", "Read the last moves", show=False),
    Binding("f4", "read('turn')", "Read whose turn it is", show=False),
    Binding("f5", "read('threats')", "Read the threats", show=False),
    Binding("v", "review", "Review", show=False),
    Binding("ctrl+s", "save_game", "Save game", show=False),
    Binding("ctrl+o", "open_game", "Open game", show=False),
]

GAME_BINDINGS: list[BindingType] = [
    *_GAME_KEYS,
    # Textual tries a key's bindings in turn: these come into play when the key's own does nothing now.
    *(Binding(binding.key, f"why_not({binding.action!r})", binding.description, show=False, system=True)
      for binding in _GAME_KEYS if binding.action in EXPLAINED_ACTIONS),
]
"""The game screen's keys, in the order the footer shows them (the ones it leaves out last); then,
for a key that does nothing now, the same key saying why."""


FOOTER_RANKS: dict[str, int] = {
    **dict.fromkeys(("undo", "new_game", "quit", "help"), 1),
    **dict.fromkeys(("play_cursor", "hint", "pause", "resume"), 2),
}
"""How much each key of the footer matters, 1 the most; the others are ``UNRANKED``. Every key fits on
one line from 80 columns; a narrower terminal's footer keeps the keys of ranks 1 and 2 from 60 columns,
those of rank 1 below, and the palette's key, where every command is found with its key (as in help)."""
UNRANKED = 3
"""The rank of the footer's keys that ``FOOTER_RANKS`` leaves out: only a wide terminal shows them."""
WIDTHS = [(0, "-narrow"), (60, "-medium"), (80, "-wide")]
"""The classes the game screen takes by the terminal's width (Textual's breakpoints), for its stylesheet
to leave out the keys the footer has no room for."""


RESUME = "resume"
"""The pause key's other face: ``Turns`` knows it as ``pause``, the key that pauses and resumes."""
FOOTER_ACTIONS: tuple[str, ...] = (*DYNAMIC_ACTIONS, RESUME)
"""The actions whose keys come and go in the footer as the game goes."""


def turn_action(action: str) -> str:
    """The action of ``Turns`` (its ``key_state`` and ``why_not``) that the screen's ``action`` is."""
    return "pause" if action == RESUME else action


def face_state(action: str, state: bool | None, *, paused: bool) -> bool | None:
    """The state of ``action``'s key in the footer, given the state ``Turns`` gives its action: Pause is
    left out for Resume while the game is paused (and not over), and Resume for Pause otherwise."""
    if action in ("pause", RESUME) and (action == RESUME) != paused:
        return False
    return state


class GameKeys:
    """Has the footer show the game screen's keys as they are now; the screen owns one."""

    def __init__(self, state: Callable[[str], bool | None], refresh_bindings: Callable[[], None]) -> None:
        self._state = state
        """True for a key that works now, None for one dimmed, False for one left out."""
        self._refresh_bindings = refresh_bindings
        """Has the footer ask every key's state again."""
        self._shown: tuple[bool | None, ...] = ()
        """The state of the dynamic actions' keys the footer shows."""

    def refresh(self) -> None:
        """Have the footer show the keys as they are now."""
        keys = tuple(self._state(action) for action in FOOTER_ACTIONS)
        if keys != self._shown:
            # The footer rebuilds itself on every refresh of the bindings: only when a key changes.
            self._shown = keys
            self._refresh_bindings()
