"""What names no game (a ```kifu block without ``game``, ``rules: standard``) is the game's
that claims it through the contract (``claims_untagged``), found through the registry:
Prime Daifugo among the built-in games. No game or several claiming it: none takes it,
and the site is told so (games/base.py, "Records that name no game")."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Iterator

import markdown
import pytest
from bs4 import BeautifulSoup

from kifuwiki.archive import rules_for, untagged_rules_warning
from kifuwiki.games import (
    get_game,
    registered_game,
    untagged_claims,
    untagged_game,
    untagged_problem,
)
from kifuwiki.sitebuild.site import site_rules_warnings

PD = "prime-daifugo"
#: A Prime Daifugo game that its detection does not recognise (no initial hands, and
#: nobody goes out): only the claim makes the block a Prime Daifugo record.
UNDETECTED = "```kifu\nA: hello\n```\n"
#: One that detection does recognise.
DETECTED = "```kifu\na:(7K)\nb:(2Q)\na:7\nb:%\na:K#\n```\n"


@dataclasses.dataclass
class Claiming:
    """A game's other attributes, with its own id and claim."""

    inner: object
    id: str
    claims_untagged: bool

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)


def page(text: str) -> BeautifulSoup:
    return BeautifulSoup(markdown.markdown(text, extensions=["kifuwiki"]), "lxml")


def shown_game(text: str) -> str | None:
    viewer = page(text).select_one("section.kw-viewer")
    return None if viewer is None else str(viewer["data-kw-game"])


def error_codes(text: str) -> list[str]:
    return [str(li["data-code"]) for li in page(text).select(".kw-error-box li[data-code]")]


@pytest.fixture
def no_claim() -> Iterator[None]:
    """Prime Daifugo as installed, without its claim: no game takes what names none."""
    with registered_game(Claiming(get_game(PD), PD, False)):  # type: ignore[arg-type]
        yield


@pytest.fixture
def two_claims() -> Iterator[None]:
    """A second game that claims what names no game, besides Prime Daifugo."""
    other = Claiming(get_game("catan"), "other-claimant", True)
    with registered_game(other):  # type: ignore[arg-type]
        yield


def test_the_claim_is_the_games_and_one_built_in_game_makes_it() -> None:
    assert untagged_claims() == (PD,)
    assert untagged_game() == PD and untagged_problem() is None
    assert get_game(PD).claims_untagged is True  # type: ignore[attr-defined]
    assert getattr(get_game("catan"), "claims_untagged", False) is False


def test_a_block_without_a_game_is_the_claiming_games() -> None:
    assert shown_game(UNDETECTED) == PD
    assert shown_game(DETECTED) == PD
    assert shown_game("```kifu game=catan\n1 B: 6 | R\n```\n") == "catan"


def test_a_bare_rules_option_is_the_claiming_games() -> None:
    assert rules_for("online", PD) == {"preset": "online"}
    assert rules_for({"preset": "online", "hand_size": 7}, PD) == {
        "preset": "online",
        "hand_size": 7,
    }
    assert rules_for("online", "catan") is None
    assert untagged_rules_warning({"preset": "online"}) is None
    assert site_rules_warnings("online") == []


@pytest.mark.usefixtures("no_claim")
def test_with_no_claim_a_block_is_detected_and_bare_rules_are_reported() -> None:
    assert untagged_claims() == () and untagged_game() is None
    assert untagged_problem() == "no installed game takes what names no game"
    # Detection, as for a record file: a block it recognises is still shown …
    assert shown_game(DETECTED) == PD
    # … and one it does not is an RF010 error box, not a traceback.
    assert shown_game(UNDETECTED) is None and error_codes(UNDETECTED) == ["RF010"]
    # The older rules forms apply to no game, and the site is told why.
    assert rules_for("online", PD) is None
    assert rules_for({"preset": "online"}, PD) is None
    (message,) = site_rules_warnings("online")
    assert message.startswith(
        "rules: names no game and no installed game takes what names no game, so these "
        "rules are not used; name the game (rules: {<game>: …}; installed games: "
    )
    # Rules per game are not concerned.
    assert rules_for({PD: "online"}, PD) == {"preset": "online"}
    assert site_rules_warnings({PD: "online"}) == []


@pytest.mark.usefixtures("two_claims")
def test_with_two_claims_none_takes_it_and_both_are_named(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING, logger="kifuwiki.games"):
        assert untagged_claims() == ("other-claimant", PD)
    assert untagged_game() is None  # no install order decides
    (logged,) = [r.getMessage() for r in caplog.records if "claim" in r.getMessage()]
    assert "'other-claimant', 'prime-daifugo' all claim what names no game" in logged
    assert untagged_problem() == (
        "games 'other-claimant', 'prime-daifugo' all claim what names no game, "
        "so none of them takes it"
    )
    assert shown_game(UNDETECTED) is None and error_codes(UNDETECTED) == ["RF010"]
    assert rules_for("online", PD) is None and rules_for("online", "other-claimant") is None
    (message,) = site_rules_warnings("online")
    assert "games 'other-claimant', 'prime-daifugo' all claim" in message


def test_a_game_that_says_anything_but_true_makes_no_claim() -> None:
    with registered_game(Claiming(get_game("catan"), "maybe", "yes")):  # type: ignore[arg-type]
        assert untagged_claims() == (PD,)
