"""The game contract: what a game package provides, and the generic view it produces.

A game is a Python package registered under the entry-point group ``kifuwiki.games``::

    # the game's pyproject.toml
    [project.entry-points."kifuwiki.games"]
    my-game = "my_game:GAME"          # name = the game's id, value = its GameModule

The built-in games register the same way in kifuwiki's own pyproject.toml; nothing in
kifuwiki lists games by name. ``GAME`` is an object with the attributes and methods of
:class:`GameModule` (a :class:`typing.Protocol`, so no base class is needed):

======================  ============================================================
``id``                  ``"my-game"``: lower-case, the records folder's name
``version``             the package's version (part of the page cache's key)
``names``               ``{"ja": …, "en": …}`` display names
``aliases``             other spellings accepted in front matter (``"素数大富豪"``)
``dialects``            notations ``fmt --to`` can write; the first is the default
``rule_presets``        rule-set names ``rules:`` accepts; ``default_rules`` is one of them
``rule_preset_names``   optional: preset id → ``{"ja": …, "en": …}``; pages show these
                        labels instead of the id (``GameRecord.rules``), see
                        :func:`rules_label`
``code_prefixes``       diagnostic code prefixes the game owns (``("PD",)``)
``codes``/``codes_ja``  code → one-line description, English and Japanese (both, always)
``error_codes``         optional (absent: none): the codes that are always errors, a
                        ``frozenset`` of keys of ``codes``. A code the game reports as
                        an error in one place and as a warning in another is not one
                        of them. An ``accept:`` naming one gets RF008 (errors cannot be
                        accepted) even where the error does not occur, where any other
                        code nothing matches gets a stale-acceptance RF011 note (see
                        :func:`declared_error_codes`, ``core/acknowledge.py``)
``badges``              index badge → (Japanese, English) label
``step_flags``          flag id → :class:`StepFlag`: what the viewer can jump to
``package_dir``         the package's folder (``Path(__file__).parent``), holding
                        ``templates/state.html`` (required: one position),
                        ``templates/extra.html`` (optional: ``RecordView.extra``) and
                        ``assets/*.css``, ``assets/*.js`` (optional)
``template_filters``    Jinja filters the game's templates use, named ``<prefix>_…``
                        after a code prefix (``pd_cards``)
``detect``/``load``/``view``/``format``  see :class:`GameModule`
``compact_state``       optional: ``(state, step, lang, prefix) -> str``, the per-step
                        position ``state.html`` writes with ``compact`` true, in plain
                        Python, byte for byte (used while the packaged template is;
                        see ``render/partials.py``)
``board_state``         optional: the same for the viewer's board (``compact`` false)
``seat_hands``          optional: ``"HAND|NAME|COUNT"``, CSS selectors: a hand in a
                        position, and beside it (its parent's children) the player's
                        name and the element whose text starts with its card count;
                        the seat view reads these where a hand has no ``data-kw-seat``
``guess_ignore``        optional: a regular expression (the syntax JavaScript and
                        Python share) of what a move's notation holds that the reader
                        cannot know before the move (a card drawn first, a penalty's
                        cards); guess mode takes a guess that matches the notation with
                        every match removed (from both), or the whole notation. A step
                        the pattern removes whole (but for the mover's ``X:``: a deal,
                        a draw, a die roll) is not asked, nor is a step without a
                        mover; a record with nothing asked offers no guess mode.
                        Written once a page
``light_view``          optional (absent or ``None``: none):
                        ``(record) -> RecordView``, the view without its
                        steps: ``players``, ``badges`` and ``player_stats`` exactly as
                        ``view`` gives them (``tests/contract/`` checks it), at a
                        fraction of the cost. A large build's first pass needs only
                        these, and renders the pages later, beside the front end's own
                        work; a game without it has its pages rendered in the first
                        pass (see ``render/prerender.py`` ``first_pass``)
``importers``           optional: the game's ``kifuwiki import <name>`` subcommands
                        (see "Importers" below)
``claims_untagged``     optional, ``True`` or absent: what names no game is this
                        game's (see "Records that name no game" below)
``shown_meta_keys``     optional (absent: none): the front-matter keys the game's
                        page shows in its own form (a board, the hands dealt, the seat
                        order) or that only steer how its moves are read (card
                        letters), a ``frozenset`` of lower-case keys. The record
                        header does not repeat them as raw text under "More
                        information". Declare a key only when every part of its value
                        is shown or gets a diagnostic (see
                        :func:`declared_shown_meta_keys`)
======================  ============================================================

A plug-in that lacks any of these is left out with a warning naming what it lacks
(:func:`contract_gaps`); ``tests/contract/`` checks every installed game in depth.

**Loading on demand.** The registry imports a game's entry-point module only when it
needs that game: a record that names it by id (``game: my-game``, or its folder) loads
that entry point alone; an alias, a record to detect, an unknown game (RF010 lists every
installed game) or a command that lists games loads every entry point. So the
entry-point module is imported just to learn the game's names: keep it light, importing
the notation and the engine inside ``load``/``detect``/``format``/``view`` (the built-in
games do; ``validate`` of a one-game archive then imports one engine). This is advice,
not a rule: a game whose module imports everything still works, only slower to start.
An attribute may be a ``property`` computed on first use (``template_filters`` that
imports Jinja): the contract check looks for the name on the class without reading it.

Templates are found as ``<id>/state.html`` (a site's ``custom_templates`` folder may
override them). Assets are copied to ``assets/kifuwiki/<id>/`` and linked only from
pages that show one of the game's records. A game script hooks the viewer through the
``kifuwiki:show`` event (``event.target`` is the position just shown in the board,
inside ``.kw-viewer[data-kw-game=<id>]``). Flags a step carries (``StepView.flags``)
are the game's ``step_flags`` plus the core's ``comment``, ``error`` and ``warning``.
``kifuwiki.games.viewkit`` has the plumbing every view needs (diagnostics → steps,
labels, badges, flags). A diagnostic about a front matter value points at its key's line:
``kifuwiki.core.recordfile.front_matter_line(source, "rules")`` (1 when the key is not
in the record, e.g. a site default); a ``rules:`` a game cannot honour is reported, never
silently ignored (``kifuwiki.cardkit.options`` has the pieces; ``fixed_rules`` for a game
with one rule set). ``tests/example_game/`` is a complete small game.

Variations (``kifuwiki.core.variations``): a ```` ```kifu ```` block written across ``*``
comment lines after a step is a side line from that step. The core checks it through
``load`` and ``view`` only, with no hook to write: it loads the record's lines BEFORE the
block followed by the block's lines (same front matter and rules) and shows the steps
after the branch step. For that, a game keeps two promises it already keeps for its own
diagnostics: (1) ``StepView.line`` is the file line where the step's text starts, never
decreasing from step to step, and a ``SourceLine``'s number is kept on everything the game
reports (the variation's lines keep their file numbers); (2) the lines before a step's
line, loaded alone, replay the steps before it (a prefix of a record is a record, maybe
an unfinished one). What a game reports about a record that merely stops (no winner yet)
is not charged to a variation. ``GameRecord.variations`` holds the checked variations.

**Importers.** ``importers`` (often a ``property``, so the importers' modules and their
dependencies load only when ``kifuwiki import`` runs) is a sequence of objects, each one
subcommand ``kifuwiki import <name>``; nothing outside the game lists them. Either

* a *file importer*: ``name``, ``help``, ``unit`` (what one file is called in the
  summary) and ``read(path, **values)`` → an object with ``records``
  (:class:`kifuwiki.importers.output.ImportedRecord`) and ``issues``
  (:class:`kifuwiki.importers.issues.ImportIssue`); optional ``options``, click options
  of its own whose values ``read`` gets by parameter name, and ``label`` (the progress
  bar's). The command reads every ``.json`` file of its PATHS (files or folders); or
* a *command importer*: ``name``, ``help`` and ``command()`` → the click command of that
  name, with arguments and options of its own (``kifuwiki.importers.wiki.wiki_command``
  makes one over wiki pages, titles and categories).

:class:`kifuwiki.importers.run.FileImporter` and ``CommandImporter`` are ready-made;
every importer gets the shared ``--records``, ``--force``, ``--dry-run``, summary and
exit status (``kifuwiki.importers.run``), the atomic writing that never overwrites an
edited record (``importers.output``) and the ``IM…`` codes (``importers.codes``). A
name two games offer is neither's (no install order decides): ``kifuwiki import <name>``
is then a usage error naming both games. The subcommands are made when ``kifuwiki
import`` runs, so a game registered at run time offers its importers too. Prime
Daifugo's ``fandom`` and ``primeqk`` and Catan's ``catan-sheet`` are built this way
(``import_*.py`` in their packages).

**Records that name no game.** A game may claim what names no game by setting
``claims_untagged = True``: a ```` ```kifu ```` block with no ``game`` option and no
``game:`` line is then its record, and a site ``rules:`` option that names no game
(``rules: standard``, ``{preset: online, hand_size: 7}``) is its rule set. Prime Daifugo
claims it: kifuwiki began as its archive, and the Fandom notation predates the ``game``
key. The registry finds the claim (:func:`kifuwiki.games.untagged_game`); the rule when
the installed games do not agree:

* exactly one game claims it: that game takes it;
* no game claims it: none does. Such a block's game is detected as a record file's is
  (``detect``; RF010 in the block's error box when no game recognises it), and such a
  ``rules:`` option applies to no game: the site's rules warnings say so;
* several games claim it: none of them does (no install order decides), the same as
  none, and the registry logs a warning naming them once.

A record *file* that names no game is never claimed: its folder, else ``detect``, tells.

The stages inside a package are the game's business; both built-in games use
``notation`` (text → parsed record, errors collected), ``replay`` (one state per step
plus diagnostics), ``view`` (→ :class:`RecordView`) and ``writer`` (``kifuwiki fmt``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence, Set
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

from kifuwiki.core.diagnostics import Diagnostic, Severity
from kifuwiki.core.recordfile import RecordSource

if TYPE_CHECKING:
    from pathlib import Path

    from kifuwiki.core.variations import Variation
    from kifuwiki.games.views import PlayerLine as PlayerLine
    from kifuwiki.games.views import PlayerStat as PlayerStat
    from kifuwiki.games.views import RecordView as RecordView
    from kifuwiki.games.views import StepView as StepView

#: What a record page shows (:mod:`kifuwiki.games.views`), named here as they always
#: were, created when first asked for: ``validate`` never shows a page, and skips four
#: dataclasses' generated methods (~1.5 ms of its start-up).
_VIEW_TYPES = frozenset({"StepView", "PlayerLine", "PlayerStat", "RecordView"})


def __getattr__(name: str) -> Any:
    if name in _VIEW_TYPES:
        from kifuwiki.games import views

        return getattr(views, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(slots=True)
class GameRecord:
    """One game loaded from a record file: parsed, replayed and checked."""

    game: str
    source: RecordSource
    title: str
    players: list[str]
    """Display names in seat order."""
    first_player: str | None
    winner: str | None
    """The first player to go out (or to win), ``None`` if nobody did."""
    ranking: list[str]
    moves: int
    diagnostics: list[Diagnostic]
    rules: str
    """Name of the rule set the record was checked against."""
    data: Any = None
    """Game-specific parsed record and replay; only the game's own modules read it."""
    variations: list[Variation] = field(default_factory=list)
    """Side lines written in comments, checked by the core after ``load`` (a game never
    fills this; see "Variations" above)."""

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity is Severity.ERROR)

    @property
    def warnings(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity is Severity.WARNING)

    @property
    def path(self) -> str | None:
        return self.source.path

    @property
    def index(self) -> int:
        return self.source.index

    @property
    def meta(self) -> dict[str, Any]:
        return self.source.meta

    def summary(self) -> dict[str, Any]:
        """The JSON contract of ``kifuwiki validate --format json`` for one game."""
        return {
            "path": self.path,
            "index": self.index,
            "game": self.game,
            "title": self.title,
            "players": list(self.players),
            "first_player": self.first_player,
            "winner": self.winner,
            "ranking": list(self.ranking),
            "moves": self.moves,
            "errors": self.errors,
            "warnings": self.warnings,
            "diagnostics": [d.to_json() for d in self.diagnostics],
        }


def step_label(step: StepView, lang: str) -> str:
    """The step's label in ``lang`` (English when the game gave no Japanese)."""
    return step.label_ja if lang == "ja" and step.label_ja else step.label


def step_annotations(step: StepView, lang: str) -> tuple[str, ...]:
    """The step's machine annotations in ``lang`` (English when there is no Japanese)."""
    return step.annotations_ja if lang == "ja" and step.annotations_ja else step.annotations


BadgeStyle = Literal["accent", "bad", "warning", "good", "special", "muted"]
"""How a flag's badge looks; the shared stylesheet has one colour per style."""


@dataclass(frozen=True, slots=True)
class StepFlag:
    """Something the viewer can jump to, declared by a game (``GameModule.step_flags``).

    The flag's id is its key in ``step_flags``; steps carry it in ``StepView.flags``.
    The viewer shows ``badge`` next to a flagged move, and (when ``jump`` is given) a
    "next …" button with keyboard key ``key`` (Shift + key goes back).
    """

    badge_ja: str
    badge_en: str
    jump_ja: str = ""
    jump_en: str = ""
    key: str = ""
    """One lower-case letter, or empty for no keyboard shortcut."""
    style: BadgeStyle = "accent"
    show_badge: bool = True

    def badge(self, lang: str) -> str:
        return self.badge_en if lang == "en" else self.badge_ja

    def jump(self, lang: str) -> str:
        return self.jump_en if lang == "en" else self.jump_ja


class GameModule(Protocol):
    """What a game package's ``GAME`` object provides (see the module's documentation)."""

    id: str
    """Lower-case id, used in front matter (``game: my-game``) and page URLs."""
    version: str
    names: Mapping[str, str]
    """Display names by language: ``{"ja": "素数大富豪", "en": "Prime Daifugo"}``."""
    aliases: tuple[str, ...]
    """Other names front matter and folders may use (matched case-insensitively)."""
    dialects: tuple[str, ...]
    """Notations the game reads and ``fmt --to`` writes; the first is the default."""
    rule_presets: tuple[str, ...]
    """Rule-set names the ``rules:`` option and front matter accept."""
    default_rules: str
    code_prefixes: tuple[str, ...]
    """Prefixes of the game's diagnostic codes (two upper-case letters: ``PD``)."""
    codes: Mapping[str, str]
    """Diagnostic code → one-line description in English, for the documentation."""
    codes_ja: Mapping[str, str]
    """The same descriptions in Japanese; every code has both (a test checks it)."""
    badges: Mapping[str, tuple[str, str]]
    """Index badge → (Japanese, English) label, in the order pages list them. Badges
    whose name is an upper-case abbreviation (``GC``, ``LR``) show the name itself, with
    the label as its tooltip. ``error`` and ``warning`` are the publishing side's own."""
    step_flags: Mapping[str, StepFlag]
    """Flag id → how the viewer shows and jumps to it (``penalty``, ``special`` …)."""
    package_dir: Path
    """The package folder: ``templates/state.html``, ``templates/extra.html``, ``assets/``."""
    template_filters: Mapping[str, Callable[..., Any]]
    """Jinja filters for the game's templates, named after a code prefix: ``pd_cards``."""

    def detect(self, source: RecordSource) -> bool:
        """Whether an untagged record looks like this game."""
        ...

    def load(self, source: RecordSource, rules: Mapping[str, Any] | None = None) -> GameRecord:
        """Parse, replay and check one game. Never raises on bad input.

        ``rules`` is the site's default for this game (``{"preset": name, …}``), used
        when the record's front matter names no rules. The file's own problems
        (``source.diagnostics``: encoding, front matter) are not the game's to report:
        the core adds them to the file's first game, once."""
        ...

    def view(self, record: GameRecord) -> RecordView:
        """The data a record page shows."""
        ...

    def format(self, record: GameRecord, dialect: str | None = None) -> str:
        """The game's body text in canonical form (no front matter)."""
        ...


#: What a ``GAME`` object must have (the attributes and methods of :class:`GameModule`).
CONTRACT: tuple[str, ...] = (
    "id", "version", "names", "aliases", "dialects", "rule_presets", "default_rules",
    "code_prefixes", "codes", "codes_ja", "badges", "step_flags", "package_dir",
    "template_filters", "detect", "load", "view", "format",
)  # fmt: skip


def contract_gaps(game: object) -> list[str]:
    """The attributes and methods of the contract ``game`` lacks (none: it is a game).
    One its class defines is not read: a property may import what it returns."""
    return [name for name in CONTRACT if not (hasattr(type(game), name) or hasattr(game, name))]


#: Flags every game's steps may carry, whatever the game: a person's comment, and the
#: steps the record's diagnostics point at. A game's ``step_flags`` add to these.
CORE_FLAGS: Mapping[str, StepFlag] = {
    "comment": StepFlag(
        "コメント", "comment", "次のコメント", "Next comment", "c", "accent", False
    ),
    "error": StepFlag("エラー", "error", style="bad"),
    "warning": StepFlag("警告", "warning", style="warning"),
}


def in_language(names: Mapping[str, str], lang: str, default: str) -> str:
    """``names[lang]`` of a ``{"ja": …, "en": …}`` mapping (Japanese unless ``lang`` is
    English), else the English one, else ``default``."""
    return names.get("en" if lang == "en" else "ja") or names.get("en") or default


def rules_label(game: object, rules: str, lang: str) -> str:
    """``rules`` (a record's rule set) as the game names it in ``lang``: the optional
    ``rule_preset_names`` label of that preset, else the text itself (a described rule
    set such as ``standard+gc`` has no single label). A preset written with the game's id
    before it (``catan-base``) counts as the preset."""
    names: Mapping[str, Mapping[str, str]] = getattr(game, "rule_preset_names", None) or {}
    # Some games prefix the preset with their id (``catan-base``).
    prefix = f"{getattr(game, 'id', '')}-"
    label = names.get(rules) or names.get(rules.removeprefix(prefix)) or {}
    return in_language(label, lang, rules)


def declared_shown_meta_keys(game: object) -> frozenset[str]:
    """The game's optional ``shown_meta_keys`` (lower-case): front-matter keys its page
    shows in its own form, which the header's "More information" leaves out. Empty
    when it declares none, or no collection of keys (one bare string)."""
    value = getattr(game, "shown_meta_keys", None)
    if isinstance(value, str) or not isinstance(value, (Set, Sequence)):
        return frozenset()
    return frozenset(key.lower() for key in value if isinstance(key, str))


def declared_error_codes(game: object) -> frozenset[str]:
    """The game's optional ``error_codes``, the codes it always reports as errors: empty
    when it declares none, or declares no collection of codes (one bare string)."""
    value = getattr(game, "error_codes", None)
    if isinstance(value, str) or not isinstance(value, (Set, Sequence)):
        return frozenset()
    return frozenset(code for code in value if isinstance(code, str))
