"""Who controls a side: the controllers, their one spelling, and the setups made of them."""

from __future__ import annotations

import pytest

from tictactoe_tui.engine import PLAYER_NAMES, BoardSpec, GameError, Mark
from tictactoe_tui.gomocup.controllers import BrainCommandError
from tictactoe_tui.profile.settings import Settings, decode_settings, encode_settings
from tictactoe_tui.session.setup import (
    CONTROLLERS,
    HUMAN,
    Brain,
    GameSetup,
    Level,
    Person,
    parse_controller,
    without_brains,
)

CHOICES = f"choose from human, {', '.join(PLAYER_NAMES)} or brain:PATH for a Gomocup brain"


def test_the_controllers_are_a_person_then_every_level() -> None:
    assert (HUMAN, *map(Level, PLAYER_NAMES)) == CONTROLLERS and Person() == HUMAN
    assert [str(controller) for controller in CONTROLLERS] == ["human", *PLAYER_NAMES]


def test_a_person_is_read_from_its_text_and_spelled_back() -> None:
    person = parse_controller("human")
    assert person == HUMAN and isinstance(person, Person) and str(person) == "human"
    assert person.label == "Human"


@pytest.mark.parametrize("name", PLAYER_NAMES)
def test_every_level_is_read_from_its_name_and_spelled_back(name: str) -> None:
    level = parse_controller(name)
    assert level == Level(name) and level.name == name and str(level) == name
    assert level.label == f"Computer ({name})"


@pytest.mark.parametrize(("text", "argv"), [
    ("brain:pbrain-rapfi", ["pbrain-rapfi"]),
    ("brain:pbrain-rapfi --threads 2", ["pbrain-rapfi", "--threads", "2"]),
    ("brain:/opt/my brains/pbrain-x", ["/opt/my", "brains/pbrain-x"]),
    ("brain:'/opt/my brains/pbrain-x' -v", ["/opt/my brains/pbrain-x", "-v"]),
    ('brain:"/opt/my brains/pbrain-x"  --name "a b"', ["/opt/my brains/pbrain-x", "--name", "a b"]),
])
def test_a_brain_keeps_its_command_as_written(text: str, argv: list[str]) -> None:
    brain = parse_controller(text)
    assert isinstance(brain, Brain) and str(brain) == text, "spelled back exactly, quotes and spaces kept"
    assert brain.command == text.removeprefix("brain:") and brain.argv == argv
    assert brain.label == f"Brain ({argv[0].rsplit('/', 1)[-1]})"


@pytest.mark.parametrize("text", ["human", *PLAYER_NAMES, "brain:pbrain-rapfi --threads 2",
                                  "brain:'pbrain x' -a \"b c\""])
def test_a_controller_is_spelled_as_the_text_that_names_it(text: str) -> None:
    controller = parse_controller(text)
    assert str(controller) == text and parse_controller(str(controller)) == controller
    setup = GameSetup(BoardSpec(3, 3, 3), controller, HUMAN)
    document = encode_settings(Settings(setup))
    assert document["setup"]["x"] == text and type(document["setup"]["x"]) is str, "settings keep text"
    assert decode_settings(document) == (Settings(setup), [])


@pytest.mark.parametrize("text", ["Human", "expert", "", " human", "brain", "Brain:pbrain-rapfi"])
def test_text_that_names_no_controller_is_refused_with_the_choices(text: str) -> None:
    with pytest.raises(GameError) as refused:
        parse_controller(text)
    assert str(refused.value) == CHOICES and not isinstance(refused.value, BrainCommandError)
    with pytest.raises(GameError, match="cannot play X"):
        GameSetup(x=text)  # Unchecked text, as a caller might hand it over.


@pytest.mark.parametrize(("text", "message"), [
    ("brain:", "'brain:' names no program: write brain:PATH, such as brain:pbrain-rapfi"),
    ("brain:   ", "'brain:   ' names no program: write brain:PATH, such as brain:pbrain-rapfi"),
    ("brain:'unclosed", "\"brain:'unclosed\" cannot be read as a command line: No closing quotation"),
])
def test_a_brain_whose_command_cannot_be_read_is_refused_with_why(text: str, message: str) -> None:
    with pytest.raises(BrainCommandError) as refused:
        parse_controller(text)
    assert str(refused.value) == message
    with pytest.raises(GameError, match="cannot play O"):
        GameSetup(o=text)


def test_the_types_check_what_they_are_made_with() -> None:
    with pytest.raises(GameError, match="choose from human"):
        Level("expert")
    with pytest.raises(BrainCommandError):
        Brain("")


def test_a_setup_given_text_holds_the_controllers() -> None:
    setup = GameSetup(BoardSpec(3, 3, 3), "human", "brain:pbrain-rapfi")
    assert setup.x == HUMAN and setup.o == Brain("pbrain-rapfi")
    assert setup == GameSetup(BoardSpec(3, 3, 3), HUMAN, Brain("pbrain-rapfi"))
    assert GameSetup().o == Level("medium") and GameSetup().x == HUMAN


def test_each_side_has_its_controller() -> None:
    setup = GameSetup(BoardSpec(4, 4, 3), Level("easy"), HUMAN)
    assert setup.controller(Mark.X) == Level("easy") and not setup.is_human(Mark.X) and setup.is_human(Mark.O)


def test_a_person_takes_a_brains_side_where_no_brain_may_play() -> None:
    setup = GameSetup(BoardSpec(3, 3, 3), "brain:pbrain-rapfi", "hard")
    assert without_brains(setup) == (GameSetup(BoardSpec(3, 3, 3), HUMAN, Level("hard")), (Mark.X,))
    assert without_brains(GameSetup()) == (GameSetup(), ())
