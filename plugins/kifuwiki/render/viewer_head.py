"""The viewer's head in plain Python: what ``templates/viewer.html`` writes before its
list of steps (the section's opening, the controls, the help, the board), the same text
byte for byte (the ``viewer_head`` global).

The head is the same for every record of a language but for a few values (the anchor
prefix, the title, the game, the players, the flags its steps carry, the last step), yet
through Jinja its ~30 labels, escapes and lookups cost about as much as twenty steps of
the list: most of a short record's viewer. The template keeps its markup as the general
path, taken by any environment without this global (a site that overrides
``viewer.html`` in ``custom_templates`` gets its own template, which may call it or not);
``tests/render/test_viewer_head.py`` renders every demo record of every game, in both
languages, with and without a prefix, through both and compares them, with hostile text
in every field.

Every value is escaped as the template's ``{{ … }}`` escapes it (``output_escape``);
white space is what the template leaves after ``trim_blocks``, ``lstrip_blocks`` and
``render/whitespace.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, cast

import jinja2
from jinja2.runtime import Context
from markupsafe import Markup

from kifuwiki.games.base import RecordView, StepFlag, step_label
from kifuwiki.render.environment import guess_ignore, seat_hands
from kifuwiki.render.environment import output_escape as esc
from kifuwiki.render.labels import t


def _upper(value: str) -> str:
    """Jinja's ``upper`` filter, then the output's escape."""
    return esc(str(value).upper())


@cache
def _labels(lang: str) -> dict[str, str]:
    """The head's labels in ``lang`` ("ja" or "en"), escaped once."""
    ja = lang == "ja"
    keys = (
        "no_js",
        "first",
        "previous",
        "play",
        "next",
        "last",
        "slider",
        "speed",
        "copy_link",
        "link_copied",
        "copy_position",
        "position_copied",
        "copy_failed",
        "step_heading",
        "seat_view_label",
        "seat_view",
        "face_down",
        "everyone",
        "guess_mode",
        "guess_prompt",
        "guess_right",
        "guess_wrong",
        "guess_shown",
        "guess_score",
        "guess_end",
        "guess_first",
        "guess_input",
        "guess_submit",
        "guess_reveal",
        "shortcuts",
        "key_copy_position",
        "key_seat_view",
        "key_guess_mode",
        "key_close",
        "guess_legend",
        "state",
        "final_position",
    )
    labels = {key: esc(t(key, lang)) for key in keys}
    own = {
        "viewer": ("棋譜再生", "record viewer"),
        "nav": ("手の移動", "Step through the moves"),
        "speed_label": ("自動再生の速さ", "Autoplay speed"),
        "slow": ("遅い", "slow"),
        "normal": ("普通", "normal"),
        "fast": ("速い", "fast"),
        "very_fast": ("とても速い", "very fast"),
        "prev_next": ("1手戻る・進む", "previous / next move"),
        "first_last": ("最初・最後", "first / last"),
        "autoplay": ("自動再生の開始・停止", "start / stop autoplay"),
        "shift": ("(Shift で前へ)", "(Shift: previous)"),
        "tap": ("局面の左・右をタップ", "Tap the board left / right"),
        "this_help": ("このヘルプ", "this help"),
        "no_moves": ("手がありません", "No moves"),
    }
    labels.update({key: esc(pair[0] if ja else pair[1]) for key, pair in own.items()})
    return labels


def make_viewer_head(
    state_partial: Callable[..., Markup], viewer_flags: Callable[[str], dict[str, StepFlag]]
) -> Callable[..., Markup]:
    """The ``viewer_head(view)`` global: the viewer's text before its list of steps."""

    @jinja2.pass_context
    def viewer_head(context: Context, view: RecordView) -> Markup:
        lang = cast(str, context.resolve("lang"))  # viewer.html sets it: "ja" or "en"
        prefix = esc(context.resolve("prefix"))
        return Markup(_head(context, view, lang, prefix, state_partial, viewer_flags))  # noqa: S704 - escaped

    return viewer_head


def _head(
    context: Context,
    view: RecordView,
    lang: str,
    prefix: str,
    state_partial: Callable[..., Markup],
    viewer_flags: Callable[[str], dict[str, StepFlag]],
) -> str:
    L = _labels(lang)
    game = view.record.game
    title = esc(view.record.title)
    steps = view.steps
    final = steps[-1] if steps else None
    at = esc(final.index) if final is not None else "0"
    last = esc(len(steps) - 1) if steps else "0"
    declared = viewer_flags(game)
    has: set[Any] = set()
    for step in steps:
        has.update(step.flags)
    jumps = "".join(
        f' <button type="button" data-kw-jump="{esc(flag_id)}"'
        + (
            f' data-kw-key="{esc(flag.key)}" aria-keyshortcuts="{_upper(flag.key)}"'
            f' title="{esc(flag.jump(lang))} ({_upper(flag.key)})"'
            if flag.key
            else ""
        )
        + f">{esc(flag.jump(lang))}</button>"
        for flag_id, flag in declared.items()
        if flag.jump_en and flag_id in has
    )
    hands = seat_hands(game)
    hands_rule = f' data-kw-hands="{esc(hands)}"' if hands else ""
    ignore = guess_ignore(game)
    ignore_rule = f' data-kw-ignore="{esc(ignore)}"' if ignore else ""
    options = "".join(f' <option value="{esc(p.key)}">{esc(p.name)}</option>' for p in view.players)
    keys = "".join(
        f" <dt><kbd>{_upper(flag.key)}</kbd></dt><dd>{esc(flag.jump(lang))} {L['shift']}</dd>"
        for flag in declared.values()
        if flag.jump_en and flag.key
    )
    if final is not None:
        caption = f"{L['final_position']}: {esc(step_label(final, lang))}"
        board = state_partial(context, game, final.state, final, False)
        board_html = f'</p> <div class="kw-state">{esc(board)}</div> </div>'
    else:
        caption = L["no_moves"]
        board_html = "</p> </div>"
    return (
        f'<section class="kw-viewer" id="{prefix}viewer" data-kw-prefix="{prefix}" '
        f'data-kw-game="{esc(game)}" data-kw-title="{title}"\n'
        f'lang="{lang}" aria-label="{title} — {L["viewer"]}">\n'
        '<div class="kw-stage">\n'
        f'<p class="kw-note kw-nojs">{L["no_js"]}</p>\n'
        '<div class="kw-controls" hidden>\n'
        f'<div class="kw-nav" role="group" aria-label="{L["nav"]}">\n'
        '<button type="button" data-kw-go="first" aria-keyshortcuts="Home" '
        f'title="{L["first"]} (Home)" aria-label="{L["first"]}"></button>\n'
        '<button type="button" data-kw-go="prev" aria-keyshortcuts="ArrowLeft" '
        f'title="{L["previous"]} (&#x2190;)" aria-label="{L["previous"]}"></button>\n'
        '<button type="button" data-kw-go="play" aria-keyshortcuts="Space" class="kw-play" '
        f'aria-pressed="false" title="{L["play"]} (Space)" aria-label="{L["play"]}"></button>\n'
        '<button type="button" data-kw-go="next" aria-keyshortcuts="ArrowRight" '
        f'title="{L["next"]} (&#x2192;)" aria-label="{L["next"]}"></button>\n'
        '<button type="button" data-kw-go="last" aria-keyshortcuts="End" '
        f'title="{L["last"]} (End)" aria-label="{L["last"]}"></button>\n'
        f'<output class="kw-counter" aria-hidden="true">{at} / {at}</output>\n'
        "</div>\n"
        f'<input type="range" class="kw-slider" min="0" max="{last}" step="1"\n'
        f'value="{at}" aria-label="{L["slider"]}">\n'
        '<div class="kw-tools">\n'
        f'<label class="kw-speed">{L["speed"]}\n'
        f'<select aria-label="{L["speed_label"]}">\n'
        f'<option value="3000">{L["slow"]}</option>\n'
        f'<option value="1500" selected>{L["normal"]}</option>\n'
        f'<option value="700">{L["fast"]}</option>\n'
        f'<option value="300">{L["very_fast"]}</option>\n'
        "</select>\n"
        f"</label>{jumps}"
        ' <button type="button" data-kw-go="copy" class="kw-copy-link" '
        f'title="{L["copy_link"]}" aria-label="{L["copy_link"]}" '
        f'data-kw-done="{L["link_copied"]}"></button>'
        ' <button type="button" data-kw-go="copy-text" class="kw-copy-text" hidden '
        f'aria-keyshortcuts="X" title="{L["copy_position"]} (X)" '
        f'aria-label="{L["copy_position"]}" data-kw-done="{L["position_copied"]}" '
        f'data-kw-failed="{L["copy_failed"]}" data-kw-heading="{L["step_heading"]}"></button>\n'
        f'<label class="kw-seat-view" hidden title="{L["seat_view_label"]} (V)">'
        f"<span>{L['seat_view']}</span>\n"
        f'<select aria-label="{L["seat_view_label"]}" aria-keyshortcuts="V" '
        f'data-kw-face-down="{L["face_down"]}"{hands_rule}>\n'
        f'<option value="">{L["everyone"]}</option>{options} </select>\n'
        "</label>\n"
        '<button type="button" data-kw-go="guess" class="kw-guess-toggle" hidden '
        f'aria-pressed="false" aria-keyshortcuts="G" title="{L["guess_mode"]} (G)">'
        f"{L['guess_mode']}</button>\n"
        '<button type="button" data-kw-go="help" class="kw-help-toggle" '
        f'aria-controls="{prefix}kw-help" aria-expanded="false" aria-keyshortcuts="?" '
        f'title="{L["shortcuts"]} (?)" aria-label="{L["shortcuts"]}">?'
        "</button>\n"
        "</div>\n"
        f'<form class="kw-guess" hidden aria-label="{L["guess_mode"]}"\n'
        f'data-kw-prompt="{L["guess_prompt"]}"\n'
        f'data-kw-right="{L["guess_right"]}" data-kw-wrong="{L["guess_wrong"]}"\n'
        f'data-kw-shown="{L["guess_shown"]}" data-kw-score="{L["guess_score"]}"\n'
        f'data-kw-end="{L["guess_end"]}" data-kw-first="{L["guess_first"]}"{ignore_rule}>\n'
        '<fieldset class="kw-guess-row">\n'
        f'<legend class="kw-sr">{L["guess_legend"]}</legend>\n'
        f'<label class="kw-guess-prompt" for="{prefix}kw-guess-input"></label>\n'
        f'<input type="text" id="{prefix}kw-guess-input" class="kw-guess-input" '
        'autocomplete="off" autocapitalize="off" spellcheck="false" '
        f'placeholder="{L["guess_input"]}" title="{L["guess_input"]}">\n'
        f'<button type="submit">{L["guess_submit"]}</button>\n'
        f'<button type="button" data-kw-go="reveal">{L["guess_reveal"]}</button>\n'
        '<span class="kw-guess-score"></span>\n'
        '</fieldset> <p class="kw-guess-result"></p>\n'
        "</form>\n"
        f'<div class="kw-help" id="{prefix}kw-help" hidden>\n'
        f"<p>{L['shortcuts']}</p>\n"
        "<dl>\n"
        f"<dt><kbd>&#x2190;</kbd> <kbd>&#x2192;</kbd></dt><dd>{L['prev_next']}</dd>\n"
        f"<dt><kbd>Home</kbd> <kbd>End</kbd></dt><dd>{L['first_last']}</dd>\n"
        f"<dt><kbd>Space</kbd></dt><dd>{L['autoplay']}</dd>{keys}"
        f" <dt>{L['tap']}</dt><dd>{L['prev_next']}</dd>\n"
        f"<dt><kbd>X</kbd></dt><dd>{L['key_copy_position']}</dd>\n"
        '<dt class="kw-help-seat" hidden><kbd>V</kbd></dt>'
        f'<dd class="kw-help-seat" hidden>{L["key_seat_view"]}</dd>\n'
        f"<dt><kbd>G</kbd></dt><dd>{L['key_guess_mode']}</dd>\n"
        f"<dt><kbd>?</kbd></dt><dd>{L['this_help']}</dd>\n"
        f"<dt><kbd>Esc</kbd></dt><dd>{L['key_close']}</dd>\n"
        "</dl>\n"
        "</div>\n"
        "</div>\n"
        f'<div class="kw-board" role="group" aria-label="{L["state"]}">\n'
        f'<p class="kw-board-caption">{caption}{board_html}\n'
        '<p class="kw-live" aria-live="polite" aria-atomic="true"></p>\n'
        "</div>\n"
    )
