"""Who controls a side: the controllers, their one spelling, and the setups made of them."""

from __future__ import annotations

import pytest

from tictactoe_tui.engine import PLAYER_NAMES, BoardSpec, GameError, Mark
from tictactoe_tui.profile.settings import Settings, decode_settings, encode_settings
from tictactoe_tui.session.setup import CONTROLLERS, HUMAN, GameSetup, check_controller


def test_the_controllers_are_a_person_then_every_level() -> None:
    assert ("human", *PLAYER_NAMES) == CONTROLLERS and HUMAN == "human"


@pytest.mark.parametrize("text", [*CONTROLLERS, "brain:pbrain-rapfi --threads 2"])
def test_a_controller_is_spelled_as_the_text_that_names_it(text: str) -> None:
    controller = check_controller(text)
    assert controller == text and type(controller) is str, "settings files keep plain text"
    setup = GameSetup(BoardSpec(3, 3, 3), controller, HUMAN)
    document = encode_settings(Settings(setup))
    assert document["setup"]["x"] == text
    assert decode_settings(document) == (Settings(setup), [])


@pytest.mark.parametrize("text", ["Human", "expert", "", "brain:", "brain:'unclosed"])
def test_text_that_names_no_controller_is_refused_with_the_choices(text: str) -> None:
    with pytest.raises(GameError) as refused:
        check_controller(text)
    assert "brain" in str(refused.value)
    with pytest.raises(GameError, match="cannot play X"):
        GameSetup(x=text)  # Unchecked text, as a caller might hand it over.


def test_each_side_has_its_controller() -> None:
    setup = GameSetup(BoardSpec(4, 4, 3), check_controller("easy"), HUMAN)
    assert setup.controller(Mark.X) == "easy" and not setup.is_human(Mark.X) and setup.is_human(Mark.O)
