"""Work-arounds for faults in Textual, each naming the fault and the version it was seen in.

Each is applied once, when the app's package is imported, and changes what Textual does only in the
case that goes wrong, so that it can be dropped as soon as Textual no longer needs it.
"""

from __future__ import annotations

from typing import Any, Literal, cast

from textual.await_complete import AwaitComplete
from textual.command import CommandPalette
from textual.screen import Screen
from textual.widgets import Button, Input, OptionList


def guard_page_moves() -> None:
    """PageUp and PageDown in an option list that has had no room to lay out its lines do nothing.

    Seen in Textual 8.2.8: in a terminal so small that an option list gets no content region (the
    command palette in a 5x3 terminal), ``OptionList._update_lines`` returns before it maps any
    option to its line, and ``OptionList._move_page`` then looks up the highlighted option's line
    unguarded (``scroll_to_highlight`` guards the same look-up): ``KeyError: 0``, and the app would
    exit with a traceback, taking the game in progress with it. Without lines there is no page to
    move by, so the key is left without effect; with lines, Textual's own ``_move_page`` runs.
    """
    move_page = getattr(OptionList, "_move_page", None)
    if move_page is None:
        return  # A Textual without the method has no such fault to guard against.

    def _move_page(self: OptionList, direction: Literal[-1, 1]) -> None:
        if (self.highlighted or 0) not in self._index_to_line:
            return
        move_page(self, direction)

    OptionList._move_page = _move_page  # type: ignore[method-assign]


def guard_closed_palette_searches() -> None:
    """A search typed into the command palette just before it closed is not started once it has.

    Seen in Textual 8.2.8: a letter typed and Esc pressed in one go (typed ahead, or pasted) reach
    the palette in that order, but the letter's ``Input.Changed`` is handled after Esc has cancelled
    the palette's searches and closed it. The handler then starts a new search on the closed palette,
    and the search, once the palette's widgets are gone, looks for its list of commands:
    ``NoMatches: No nodes match 'CommandList'``, and the app would exit with a traceback. A palette
    that is no longer on top has nothing to show a search in, so none is started there.
    """
    gather = getattr(CommandPalette, "_gather_commands", None)
    if gather is None:
        return  # A Textual without the method has no such fault to guard against.

    def _gather_commands(self: CommandPalette, search_value: str) -> object:
        if not self.is_active:
            return None
        return gather(self, search_value)

    CommandPalette._gather_commands = _gather_commands  # type: ignore[method-assign, assignment]


def guard_dismissals() -> None:
    """A screen asked to close when it is not the one on top (it has closed already, or another covers
    it) stays as it is.

    Seen in Textual 8.2.8: ``Screen.dismiss`` pops whatever screen is on top of the stack. A key given
    twice in one go (Enter pressed twice, Space held down, keys pasted) queues two presses of the same
    button, or two choices in the command palette, before the first is handled: the first closes the
    screen, and the second, handled by that screen after it has gone, would close the one beneath it,
    the game itself, and with nothing left beneath, end the program in an error.
    """
    dismiss = Screen.dismiss

    def _dismiss(self: Screen[Any], result: Any = None) -> AwaitComplete:
        if not self.is_active:
            return cast(AwaitComplete, AwaitComplete.nothing())  # type: ignore[no-untyped-call]
        return dismiss(self, result)

    Screen.dismiss = _dismiss  # type: ignore[method-assign]


def guard_closed_palette_choices() -> None:
    """A choice that reaches the command palette once it has closed runs nothing.

    Seen in Textual 8.2.8: Enter given twice in one go to the palette selects the highlighted command
    twice before the first selection is handled. The first closes the palette and runs the command;
    the second, handled by the palette after it has gone, runs the command again: "Analysis" chosen
    so shows the analysis and hides it at once, as if Enter had done nothing. The choice is Textual's
    ``_select_or_command``, called by name from ``_select_command`` and registered by ``@on`` for
    ``Input.Submitted`` and ``Button.Pressed`` when the class was made, so both are replaced.
    """
    select = getattr(CommandPalette, "_select_or_command", None)
    if select is None:
        return  # A Textual without the method has no such fault to guard against.

    def _select_or_command(self: CommandPalette,
                           event: Input.Submitted | Button.Pressed | None = None) -> None:
        if not self.is_active:
            if event is not None:
                event.stop()
            return
        select(self, event)

    CommandPalette._select_or_command = _select_or_command  # type: ignore[method-assign]
    for handlers in CommandPalette._decorated_handlers.values():
        handlers[:] = [(_select_or_command if method is select else method, selectors)
                       for method, selectors in handlers]


guard_page_moves()
guard_closed_palette_searches()
guard_closed_palette_choices()
guard_dismissals()
