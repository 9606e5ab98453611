"""Per-step positions without per-step ``{% include %}``: the ``state_partial`` global.

A record page prints every position (the decision of issue 16: readable without
JavaScript, searchable, printable), so a game's ``<game>/state.html`` runs once per
step. Through ``{% include %}`` each run copied the viewer's whole context (every
variable the viewer set, plus its loop's locals) into a fresh one, and looked the
template up again. :func:`make_state_partial` renders the same template through its
compiled, cached callable with a minimal context instead:

* ``state``, ``step`` and ``compact``, passed by the viewer (they are loop locals);
* every other name the partial, or a template it includes, reads (``lang``, ``view``,
  ``prefix``…; found once per template by Jinja's own analysis,
  :func:`jinja2.meta.find_undeclared_variables`), taken from the calling template's
  top-level context, as an include would see it. A partial that includes a template
  chosen at run time gets that whole context.

The one difference from an include: a partial cannot read the *loop locals* of the
viewer other than those three (``flags``, ``notes``, ``loop``…); the contract never
offered them (``GameModule`` documents ``state``, ``step``, ``view``, ``lang``,
``compact``). ``tests/render/test_state_partial.py`` renders every registered game's
demo records both ways and compares the pages byte for byte.

A game may also give its compact position (the per-step one, ``compact`` true) as a
plain Python function, its optional ``compact_state`` attribute
(``(state, step, lang, prefix) -> str``, the template's text byte for byte; Prime
Daifugo's: ``games/prime_daifugo/compact_state.py``), and its board (``compact``
false, once a viewer) as its optional ``board_state`` attribute, the same way. They are
used only while the environment reads the game's own packaged ``state.html``: a site
that overrides the template in ``custom_templates`` gets its template at every step.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import jinja2
import jinja2.meta
from jinja2.runtime import Context, Undefined
from markupsafe import Markup

from kifuwiki.games import get_game
from kifuwiki.render.resources import is_packaged_file

#: Names the viewer passes explicitly (loop locals in ``viewer.html``).
PASSED = frozenset({"state", "step", "compact"})

StatePartial = Callable[..., Markup]
CompactState = Callable[[Any, Any, Any, str], str]


class _Partial:
    """One compiled state partial: the template, the names it reads from its caller
    (``None``: all of them) and its globals as a plain dict, copied under each call's
    variables (Jinja would build the same dict from a ``ChainMap`` every time)."""

    __slots__ = ("base", "reads", "template")

    def __init__(self, template: jinja2.Template, reads: tuple[str, ...] | None) -> None:
        self.template = template
        self.reads = reads
        self.base = dict(template.globals)

    def render(self, variables: dict[str, Any]) -> Markup:
        template = self.template
        context = template.new_context({**self.base, **variables}, shared=True)
        try:
            html = "".join(template.root_render_func(context))
        except Exception:
            # Jinja's own handling: the traceback points at the template's line.
            template.environment.handle_exception()
        return Markup(html)  # noqa: S704 - an autoescaping template


class _Partials:
    """Compiled state partials of one environment, with the context names each reads."""

    def __init__(self, env: jinja2.Environment) -> None:
        self.env = env
        self.known: dict[str, _Partial] = {}
        self.compact: dict[str, CompactState | None] = {}
        self.board: dict[str, CompactState | None] = {}

    def compact_state(self, game: str) -> CompactState | None:
        """The game's ``compact_state`` function, when it has one and this environment
        reads its packaged ``state.html`` (not a site's override of it)."""
        return self._python(game, "compact_state", self.compact)

    def board_state(self, game: str) -> CompactState | None:
        """The game's ``board_state`` function (``compact`` false), on the same terms."""
        return self._python(game, "board_state", self.board)

    def _python(
        self, game: str, attribute: str, known: dict[str, CompactState | None]
    ) -> CompactState | None:
        if game in known:
            return known[game]
        render: CompactState | None = None
        try:
            module = get_game(game)
        except KeyError:
            module = None
        if module is not None:
            render = getattr(module, attribute, None)
        if render is not None and module is not None:
            loader = self.env.loader
            assert loader is not None  # kifuwiki's environments always have one
            _, filename, _ = loader.get_source(self.env, f"{game}/state.html")
            packaged = Path(module.package_dir) / "templates" / "state.html"
            if not is_packaged_file(filename, packaged):
                render = None
        known[game] = render
        return render

    def get(self, name: str) -> _Partial:
        partial = self.known.get(name)
        if partial is None:
            reads = self._reads(name, set())
            names = None if reads is None else tuple(sorted(reads - PASSED))
            partial = self.known[name] = _Partial(self.env.get_template(name), names)
        return partial

    def _reads(self, name: str, seen: set[str]) -> set[str] | None:
        """Names ``name`` and the templates it includes or imports read but do not set;
        ``None`` when it includes a template chosen at run time (then the partial gets
        the caller's whole context, as an include would). Globals resolve by
        themselves in the new context, so they are not copied."""
        if name in seen:
            return set()
        seen.add(name)
        loader = self.env.loader
        assert loader is not None  # kifuwiki's environments always have one
        source, _, _ = loader.get_source(self.env, name)
        tree = self.env.parse(source)
        reads = {
            n for n in jinja2.meta.find_undeclared_variables(tree) if n not in self.env.globals
        }
        for included in jinja2.meta.find_referenced_templates(tree):
            more = None if included is None else self._reads(included, seen)
            if more is None:
                return None
            reads |= more
        return reads


def make_state_partial(env: jinja2.Environment) -> StatePartial:
    """The ``state_partial(game, state, step, compact)`` global for ``env``."""
    partials = _Partials(env)

    @jinja2.pass_context
    def state_partial(context: Context, game: str, state: Any, step: Any, compact: bool) -> Markup:
        if compact is True or compact is False:
            fast = partials.compact_state(game) if compact else partials.board_state(game)
            if fast is not None:
                prefix = context.resolve("prefix")
                html = fast(state, step, context.resolve("lang"), _text(prefix))
                return Markup(html)  # noqa: S704 - escaped by the game's function
        partial = partials.get(f"{game}/state.html")
        variables: dict[str, Any] = {"state": state, "step": step, "compact": compact}
        reads = partial.reads
        if reads is None:
            variables = {**context.get_all(), **variables}
            reads = ()
        for name in reads:
            value = context.resolve(name)
            if not isinstance(value, Undefined):  # unset there: unset here too
                variables[name] = value
        return partial.render(variables)

    return state_partial


def _text(prefix: object) -> str:
    """``{{ prefix if prefix is defined else '' }}`` before its escape."""
    return "" if isinstance(prefix, Undefined) else str(prefix)
