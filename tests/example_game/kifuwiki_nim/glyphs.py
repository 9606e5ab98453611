"""``nm_stones``: the pile as stones (a filter: state partials print it at every step)."""

from __future__ import annotations

import jinja2
from markupsafe import Markup


@jinja2.pass_context
def stones_filter(context: jinja2.runtime.Context, pile: object, taken: object = 0) -> Markup:
    """Stones left, then the ones just taken (faded); a count only in compact positions.

    ``stones`` in ``assets/nim.js`` draws the same markup from the count."""
    left, gone = int(str(pile)), int(str(taken))
    if context.get("compact"):
        # Per-step positions stay small; assets/nim.js draws the stones in the board.
        count = f'<span class="nm-count" data-pile="{left}" data-taken="{gone}">{left}</span>'
        return Markup(count)
    stones = '<span class="nm-stone"></span>' * left
    stones += '<span class="nm-stone nm-taken"></span>' * gone
    return Markup(f'<span class="nm-pile" aria-label="{left}">{stones}</span>')
