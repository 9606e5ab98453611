"""Render ``templates/viewer.html`` without MkDocs or a game engine.

The viewer only needs a :class:`RecordView`; this builds one by hand for a tiny made-up
game (``harness-game``) whose state partial lives here, so the browser tests of the
stepper do not depend on the Prime Daifugo engine or the MkDocs plugin.
"""

from __future__ import annotations

from pathlib import Path

import jinja2

from kifuwiki.core.recordfile import RecordSource
from kifuwiki.core.safe_markdown import render_comment, render_inline
from kifuwiki.games.base import GameRecord, PlayerLine, RecordView, StepFlag, StepView
from kifuwiki.render.environment import badge_markup, with_core_flags
from kifuwiki.render.labels import t

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
ASSETS = TEMPLATES / "assets"

GAME_ID = "harness-game"
#: The harness game's own step flags (a real game declares them in GameModule.step_flags).
FLAGS = with_core_flags(
    {
        "penalty": StepFlag("ペナルティ", "penalty", "次のペナルティ", "Next penalty", "p", "bad"),
        "special": StepFlag("特殊", "special", "次の特殊な出し方", "Next special play", "s",
                            "special"),
    }
)  # fmt: skip

#: One hand per player and a field, with the data attributes the real partials use.
STATE_PARTIAL = """\
<div class="kw-panel">
  <ul class="kw-players">
  {%- for name, cards in state.hands.items() %}
    <li class="kw-player{% if name == state.turn %} kw-current{% endif %}">
      <strong>{{ name }}</strong>
      <div class="kw-hand" data-player="{{ name }}" data-cards="{{ cards }}"
        data-count="{{ cards|length }}">
        {%- for c in cards %}<span class="kw-card{% if c == 'X' %} kw-joker{% endif %}"
          data-rank="{{ c }}">{{ c }}</span>{% endfor -%}
      </div>
    </li>
  {%- endfor %}
  </ul>
  <div class="kw-field" data-cards="{{ state.field }}">
    {%- for c in state.field %}<span class="kw-card" data-rank="{{ c }}">{{ c }}</span>{% endfor -%}
  </div>
  <dl class="kw-facts"><div><dt>{{ 'Deck' if lang == 'en' else '山札' }}</dt>
    <dd data-deck="{{ state.deck }}">{{ state.deck }}</dd></div></dl>
</div>
"""

#: (player, notation, field after, hands after, flags, comments, marks, bookmarks)
_MOVES: list[tuple[str, str, str, dict[str, str], set[str], tuple[str, ...], str, tuple[str, ...]]]
_MOVES = []


def _script() -> None:
    hands = {"alice": "QT3386", "bob": "T77TJKX"}
    plays = [
        ("alice", "3", set(), ("Opening with a **small** prime.",), "", ()),
        ("bob", "7", set(), (), "", ()),
        ("alice", "Q", {"penalty"}, ("12 is not prime: <b>penalty</b>",), "?", ("blunder",)),
        ("bob", "K", set(), (), "", ()),
        ("alice", "%", set(), (), "", ()),
        ("bob", "X", {"special"}, (), "!", ()),
        ("alice", "T", set(), (), "", ()),
        ("bob", "J", set(), ("A quiet move.",), "!?", ("middle",)),
        ("alice", "8", set(), (), "", ()),
        ("bob", "7", set(), (), "", ()),
        ("alice", "6", set(), (), "", ()),
        ("bob", "T", set(), (), "", ()),
        ("alice", "3", set(), (), "", ()),
        ("bob", "7", set(), ("Last card.",), "!!", ()),
    ]
    for player, card, flags, comments, marks, bookmarks in plays:
        hands = dict(hands)
        if card != "%" and "penalty" not in flags:
            hands[player] = hands[player].replace(card, "", 1)
        field = "" if card == "%" else card
        if "penalty" in flags:
            field = ""
        _MOVES.append((player, card, field, hands, flags, comments, marks, bookmarks))


_script()


def harness_view(player_names: dict[str, str] | None = None) -> RecordView:
    """A hand-built record of 14 moves with comments, marks, a penalty and bookmarks."""
    names = player_names or {"alice": "alice", "bob": "bob"}
    source = RecordSource(path="harness.kifu", index=1, count=1, meta={}, lines=[])
    record = GameRecord(
        game=GAME_ID,
        source=source,
        title="Harness game",
        players=[names["alice"], names["bob"]],
        first_player=names["alice"],
        winner=names["bob"],
        ranking=[names["bob"], names["alice"]],
        moves=len(_MOVES),
        diagnostics=[],
        rules="test",
    )
    start_hands = {"alice": "QT3386", "bob": "T77TJKX"}
    steps = [
        StepView(
            index=0,
            anchor="m0",
            player=None,
            notation="",
            line=1,
            kind="start",
            label="Start",
            comments=("The game begins.",),
            flags=frozenset({"comment"}),
            state={"hands": start_hands, "field": "", "deck": 20, "turn": "alice"},
        )
    ]
    for i, (player, card, field, hands, flags, comments, marks, bookmarks) in enumerate(
        _MOVES, start=1
    ):
        other = "bob" if player == "alice" else "alice"
        steps.append(
            StepView(
                index=i,
                anchor=f"m{i}",
                player=player,
                notation=card,
                line=i + 1,
                kind="pass" if card == "%" else "play",
                label=f"Move {i}: {names[player]} {card}",
                marks=marks,
                comments=comments,
                bookmarks=bookmarks,
                annotations=("12 is not prime",) if "penalty" in flags else (),
                flags=frozenset(flags | ({"comment"} if comments else set())),
                state={"hands": hands, "field": field, "deck": 20 - i, "turn": other},
            )
        )
    players = [
        PlayerLine(key="alice", name=names["alice"], rank=2, winner=False),
        PlayerLine(key="bob", name=names["bob"], rank=1, winner=True),
    ]
    return RecordView(record=record, players=players, steps=steps)


def environment() -> jinja2.Environment:
    loader = jinja2.ChoiceLoader(
        [
            jinja2.DictLoader({f"{GAME_ID}/state.html": STATE_PARTIAL}),
            jinja2.FileSystemLoader(str(TEMPLATES)),
        ]
    )
    env = jinja2.Environment(loader=loader, autoescape=True, undefined=jinja2.StrictUndefined)
    env.filters["comment"] = render_comment
    env.filters["comment_inline"] = render_inline
    env.globals["t"] = t
    env.globals["viewer_flags"] = lambda game: FLAGS
    env.globals["flag_badges"] = lambda game, lang: badge_markup(FLAGS, lang)
    return env


def render_viewer(view: RecordView, lang: str = "en", prefix: str = "") -> str:
    return environment().get_template("viewer.html").render(view=view, lang=lang, prefix=prefix)


def render_page(views: list[tuple[RecordView, str]], lang: str = "en") -> str:
    """A plain page (no theme) with one viewer per (view, prefix) and the real assets."""
    body = "\n".join(
        f"<h2>Viewer {i}</h2>\n{render_viewer(view, lang, prefix)}"
        for i, (view, prefix) in enumerate(views, start=1)
    )
    filler = "<p>" + "Filler text. " * 200 + "</p>"
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<title>kifuwiki harness</title><link rel="icon" href="data:,">'
        '<link rel="stylesheet" href="kifuwiki.css"></head>'
        f"<body><h1>Harness</h1>{body}{filler}"
        '<script src="kifuwiki.js"></script></body></html>'
    )


def write_site(directory: Path, views: list[tuple[RecordView, str]], lang: str = "en") -> Path:
    """Write the page and the assets into ``directory``; returns the page's path."""
    directory.mkdir(parents=True, exist_ok=True)
    for asset in ("kifuwiki.css", "kifuwiki.js"):
        (directory / asset).write_bytes((ASSETS / asset).read_bytes())
    page = directory / "index.html"
    page.write_text(render_page(views, lang), encoding="utf-8")
    return page


if __name__ == "__main__":  # python tests/browser/harness.py OUTDIR → open OUTDIR/index.html
    import sys

    out = write_site(
        Path(sys.argv[1] if len(sys.argv) > 1 else "test-artifacts/harness"),
        [(harness_view(), ""), (harness_view(), "k2-")],
    )
    print(out)
