"""What a build's fork server imports before it forks any worker (its preload).

Importing this module warms the fork server up (:func:`kifuwiki.render.prerender.warm_up`:
every game imported, the record templates compiled), so each worker forked from it
starts with that done instead of doing it itself. The pool starts the fork server as
soon as a build knows it will need workers (:mod:`kifuwiki.sitebuild.records`), so this
runs beside the building process's own work.
"""

from __future__ import annotations

from kifuwiki.render.prerender import warm_up

warm_up()
