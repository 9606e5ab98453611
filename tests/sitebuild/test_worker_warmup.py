"""The fork server of a parallel build compiles the templates once for every worker."""

from __future__ import annotations

from kifuwiki.games import all_games
from kifuwiki.render.environment import forget_environments, make_environment
from kifuwiki.sitebuild import warm
from kifuwiki.sitebuild.records import WORKER_PRELOAD


def test_the_fork_server_imports_the_warm_up() -> None:
    assert "kifuwiki.sitebuild.warm" in WORKER_PRELOAD
    assert "kifuwiki.render.prerender" in WORKER_PRELOAD


def test_warm_up_compiles_every_page_template_of_the_workers_environment() -> None:
    forget_environments()
    compiled = warm.compile_templates()
    env = make_environment(None)  # the environment prerender_file asks for
    assert env.cache is not None
    names = {name for _, name in env.cache}  # (loader, template name)
    wanted = {"record.html", "viewer.html", "record_search.html", "_kw_macros.html"}
    wanted |= {f"{game.id}/state.html" for game in all_games()}
    assert wanted <= names, wanted - names
    assert compiled == len(names)
