"""The site's ``rules:`` option is judged once, by the games it names (review12 F-CFG-2):
a rule set or option a game does not have was only noted by each record, at info level,
at its own line 1, so ``mkdocs build --strict`` passed."""

from __future__ import annotations

import pytest

from kifuwiki.sitebuild.site import site_rules_warnings


@pytest.mark.parametrize(
    ("option", "expected"),
    [
        ({"prime-daifugo": "bogus"}, ["rules: prime-daifugo: PD100 unknown rule set 'bogus'"]),
        ("bogus", ["rules: prime-daifugo: PD100 unknown rule set 'bogus'"]),  # the claimant's
        ({"preset": "bogus"}, ["rules: prime-daifugo: PD100 unknown rule set 'bogus'"]),
        ({"doudizhu": "nope"}, ["rules: doudizhu: DZ007 unknown rule preset 'nope'"]),
        (
            {"shengji": {"preset": "seed", "undeclared": "x"}, "selaffesto": "strict"},
            ["rules: shengji: SJ020 rule option 'undeclared' cannot be 'x'"],
        ),
    ],
)
def test_what_a_game_says_of_its_share_is_said_once(option: object, expected: list[str]) -> None:
    messages = site_rules_warnings(option)
    assert len(messages) == len(expected), messages
    for message, start in zip(messages, expected, strict=True):
        assert message.startswith(start), message


@pytest.mark.parametrize(
    "option",
    [
        "Standard",
        {"catan": "base", "prime-daifugo": "fandom"},
        {"prime-daifugo": {"preset": "standard", "hand_size": 3}},
        {"prime-daifugo": {"preset": "standard", "hindsight": True}, "catan": "base"},  # the demo
        {"selaffesto": "strict", "shengji": "seed", "ponjan": "house"},
        None,
        {},
    ],
)
def test_good_rules_give_no_warning(option: object) -> None:
    assert site_rules_warnings(option) == []
