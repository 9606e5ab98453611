"""Imported once by the fork server of a build's workers (``WORKER_PRELOAD``).

Every worker of a parallel build would otherwise import every game's engine and
compile the same templates (about a second of CPU each, before its first record):
done here once, in the process the workers fork from, each starts with them ready.
"""

from __future__ import annotations

import jinja2

from kifuwiki.render.environment import make_environment


def compile_templates() -> int:
    """Compile every page template of the packaged environment; how many compiled."""
    env = make_environment(None)
    compiled = 0
    for name in env.list_templates(extensions=["html"]):
        try:
            env.get_template(name)
        except jinja2.TemplateError:
            continue  # reported where a page uses it, with the page's context
        compiled += 1
    return compiled


compile_templates()
