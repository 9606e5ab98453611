"""The plugin's options, validated by MkDocs itself."""

from __future__ import annotations

from mkdocs.config import config_options as c
from mkdocs.config.base import Config, ValidationError


class _WholeNumber(c.Type[int]):
    """A whole number ≥ 0 (``jobs``): ``kifuwiki pages`` and ``validate -j`` refuse a
    negative one too, and ``true`` is not a number here."""

    def __init__(self, default: int) -> None:
        super().__init__(int, default=default)

    def run_validation(self, value: object) -> int:
        number = super().run_validation(value)
        if isinstance(number, bool) or number < 0:
            raise ValidationError(f"expected a whole number ≥ 0, not {value!r}")
        return number


class KifuwikiConfig(Config):  # type: ignore[no-untyped-call]
    records_dir = c.Type(str, default="records")
    """Folder of record files, relative to ``mkdocs.yml`` (or absolute)."""
    url = c.Type(str, default="records/")
    """Where the generated pages live in the site (``records/`` → ``/records/…``)."""
    strict = c.Type(bool, default=False)
    """Record errors fail the build (with the file and line of the first one)."""
    language = c.Optional(c.Choice(("ja", "en")))
    """Label language; defaults to the theme's ``language`` (``ja`` when unset)."""
    custom_templates = c.Optional(c.Dir(exists=True))
    """A folder searched before the packaged templates (override any template)."""
    rules = c.Optional(c.Type((str, dict)))
    """Default rules for records whose front matter names none, per game:
    ``{prime-daifugo: standard, catan: base}`` (a value is a preset name or a mapping of
    options). A bare name, or a mapping without game ids (``{preset: online, hand_size:
    7}``), is the default game's (``kifuwiki.archive.rules_for``)."""
    hide_results = c.Type(bool, default=False)
    """Record pages start with "hide the result until the last move" checked: winner,
    ranks and result charts stay hidden until the viewer reaches the last move (a reader
    can change it on each page)."""
    serve_cache = c.Type(bool, default=True)
    """Under ``mkdocs serve``, faster rebuilds: the theme's output of generated pages
    whose inputs did not change and the theme's compiled templates are reused
    (``serve_cache.py``), record files are hard links (``linked_file.py``), and the
    last build's output is deleted in the background (``old_output.py``). ``false``:
    every rebuild as plain MkDocs makes it."""
    jobs = _WholeNumber(default=0)
    """Worker processes for loading and rendering large archives on a cold build:
    0 = one per core, 1 = everything in the building process."""
