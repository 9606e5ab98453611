"""The reader's language when no option names one: the locale's, as any POSIX program.

Here, not in the command line's modules, because ``kifuwiki validate`` and the importers
(front ends of their own) both choose their messages' language this way."""

from __future__ import annotations

import os
from collections.abc import Mapping


def locale_language(environ: Mapping[str, str] | None = None) -> str:
    """``ja`` when the locale is Japanese, else ``en``: the first of ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG`` that is set decides, as for any POSIX program."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return "en"
