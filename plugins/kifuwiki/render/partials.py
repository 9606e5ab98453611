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
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jinja2
import jinja2.meta
from jinja2.runtime import Context, Undefined
from markupsafe import Markup

#: Names the viewer passes explicitly (loop locals in ``viewer.html``).
PASSED = frozenset({"state", "step", "compact"})

StatePartial = Callable[..., Markup]


class _Partials:
    """Compiled state partials of one environment, with the context names each reads."""

    def __init__(self, env: jinja2.Environment) -> None:
        self.env = env
        self.known: dict[str, tuple[jinja2.Template, tuple[str, ...] | None]] = {}

    def get(self, name: str) -> tuple[jinja2.Template, tuple[str, ...] | None]:
        entry = self.known.get(name)
        if entry is None:
            template = self.env.get_template(name)
            reads = self._reads(name, set())
            names = None if reads is None else tuple(sorted(reads - PASSED))
            entry = self.known[name] = (template, names)
        return entry

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
        template, reads = partials.get(f"{game}/state.html")
        variables: dict[str, Any] = {"state": state, "step": step, "compact": compact}
        if reads is None:
            variables = {**context.get_all(), **variables}
            reads = ()
        for name in reads:
            value = context.resolve(name)
            if not isinstance(value, Undefined):  # unset there: unset here too
                variables[name] = value
        return Markup(template.render(variables))  # noqa: S704 - an autoescaping template

    return state_partial
