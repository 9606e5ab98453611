"""Property tests: the Catan loader never raises, and legal games raise no diagnostic."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.catan.game_gen import generate

from kifuwiki.core.recordfile import split_record_file
from kifuwiki.games import get_game
from kifuwiki.games.catan.writer import write

GAME = get_game("catan")
FRONT = "---\ngame: catan\nplayers:\n  B: 青\n  Y: 黄\norder: B Y\n---\n"
ALPHABET = "0123456789 BYRWSCDGTKEM[]()+-|:：.…*&!?中略追加点合計bonustalxn\n\t<>&\"'"


def load_everything(text: str) -> None:
    for source in split_record_file(text, "fuzz.kifu"):
        record = GAME.load(source)  # directly: archive.load_source would hide an exception
        view = GAME.view(record)
        assert len(view.steps) == record.moves + 1
        write(record.data.record)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=300))
def test_arbitrary_bodies_never_raise(body: str) -> None:
    load_everything(FRONT + body)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(1, 20),
            st.sampled_from(["B", "Y", "Q"]),
            st.lists(
                st.sampled_from(
                    [
                        "R",
                        "S",
                        "C",
                        "D",
                        "R+",
                        "[R]-T8(Y)",
                        "[R+]-S4n(B)",
                        "[S]",
                        "[M G]",
                        "[E G S]",
                        "[K]-D",
                        "7-T8(B)",
                        "6",
                        "12",
                        "|",
                        "|",
                        "X",
                        "[",
                        "7-",
                    ]
                ),
                max_size=6,
            ),
        ),
        max_size=25,
    ),
    st.sampled_from(["de", "en", "xx", None]),
)
def test_token_soup_never_raises(
    lines: list[tuple[int, str, list[str]]], cards: str | None
) -> None:
    front = FRONT if cards is None else FRONT.replace("---\n", f"---\ncards: {cards}\n", 1)
    body = "\n".join(f"{n} {p}: {' '.join(tokens)}" for n, p, tokens in lines)
    load_everything(front + body + "\n...\n合計: B 3, Y 12\n")


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 10_000),
    st.sampled_from([("B", "Y", "R"), ("B", "Y", "R", "W")]),
    st.sampled_from(["de", "en"]),
    st.booleans(),
)
def test_legal_games_have_no_diagnostics(
    seed: int, players: tuple[str, ...], cards: str, board: bool
) -> None:
    game = generate(seed, players=players, card_set=cards, board=board)
    (source,) = split_record_file(game.text, "legal.kifu")
    record = GAME.load(source)
    assert record.diagnostics == [], [d.format_text() for d in record.diagnostics]
    assert record.data.replay.winner == game.winner
    assert GAME.format(record) == game.text.split("---\n", 2)[2]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.data())
def test_mutated_legal_games_never_raise(seed: int, data: st.DataObject) -> None:
    text = generate(seed, board=seed % 2 == 0).text
    position = data.draw(st.integers(0, len(text) - 1))
    insert = data.draw(st.text(alphabet=ALPHABET, max_size=4))
    cut = data.draw(st.integers(0, 4))
    load_everything(text[:position] + insert + text[position + cut :])
