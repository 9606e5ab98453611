"""Public Dou Dizhu logs → record files, through the engine.

Formats (JSON files; a folder means every ``.json`` file in it):

* **rlcard-showdown replays** (``datamllab/rlcard-showdown``): ``initHands`` (three strings
  of suited cards, ``S2 H2 HT … BJ RJ``; the landlord's holds the bottom cards, 20),
  ``playerInfo`` (``[{id, index, role: landlord|peasant}]``) and ``moveHistory``
  (``[{playerIdx, move: "H3 S3" | "pass" | [cards]}]``).
* **RLCard traces**: ``initial_hands`` (three rank strings over ``3456789TJQKA2BR``),
  ``seen_cards`` (the bottom cards), ``landlord`` (a player id) and ``trace``
  (``[[player, "8222" | "pass"], …]``) — the fields of RLCard's Dou Dizhu state.
* **DouZero games**: ``landlord`` / ``landlord_down`` / ``landlord_up`` (hands as DouZero's
  integers: 3-14 for 3-A, 17 for 2, 20 and 30 for the jokers; the landlord's with the
  bottom cards), ``three_landlord_cards`` and ``card_play_action_seq`` (``[]`` = pass), in
  seat order landlord → landlord_down → landlord_up.

Guarantees, as every kifuwiki importer: a part that cannot be read is kept in the record as
a ``[import-review]`` comment with a warning; the source file is named in the front
matter; the imported game goes through the rules engine and every rule it breaks (a card
in two hands, a play that does not beat the table) is reported as an error, never
accepted silently. Writing (atomic, no overwrite without ``--force``) is the shared
``importers.output``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kifuwiki.cards import Card, CardSyntaxError, parse_card
from kifuwiki.core.diagnostics import Severity
from kifuwiki.games.doudizhu.ranks import RLCARD_LETTERS, card_of
from kifuwiki.games.doudizhu.writer import cards_text
from kifuwiki.importers.issues import ImportIssue
from kifuwiki.importers.output import ImportedRecord, slugify
from kifuwiki.importers.replayed import rule_errors

GAME_ID = "doudizhu"
SEATS = ("A", "B", "C")
_DOUZERO_RANKS = {**{n: n - 3 for n in range(3, 15)}, 17: 12, 20: 13, 30: 14}
_PASS_WORDS = frozenset({"", "P", "PASS", "%"})


@dataclass(slots=True)
class FileImport:
    path: Path
    records: list[ImportedRecord] = field(default_factory=list)
    issues: list[ImportIssue] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class FileImporter:
    """One ``kifuwiki import <name>`` subcommand a game offers (``GameModule.importers``)."""

    name: str
    help: str
    unit: str
    read: Callable[[Path], FileImport]


class _Unreadable(ValueError):
    pass


def _load_json(path: Path, result: FileImport) -> Any:
    page = path.as_posix()
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        result.issues.append(
            ImportIssue(Severity.ERROR, "IM004", f"not a readable JSON file: {exc}", page)
        )
        return None


def _record(path: Path, names: list[str], landlord: str | None, fmt: str) -> ImportedRecord:
    meta: dict[str, Any] = {
        "game": GAME_ID,
        "title": f"{path.stem} ({fmt})",
        "players": dict(zip(SEATS, names, strict=True)),
    }
    if landlord is not None:
        meta["landlord"] = landlord
    meta["source"] = path.name
    meta["format"] = fmt
    return ImportedRecord(GAME_ID, slugify(path.stem, "doudizhu"), meta, path.as_posix())


def _finish(result: FileImport, record: ImportedRecord) -> FileImport:
    result.records.append(record)
    result.issues.extend(rule_errors(record))
    return result


# --- rlcard-showdown ----------------------------------------------------------------


def _suited_cards(text: str) -> list[Card]:
    cards = []
    for word in text.replace(",", " ").split():
        try:
            cards.append(parse_card(word))
        except CardSyntaxError as exc:
            raise _Unreadable(str(exc)) from exc
    return cards


def _move_text(move: Any) -> str:
    if isinstance(move, list):
        return " ".join(str(card) for card in move)
    return str(move if move is not None else "").strip()


def read_showdown(path: Path) -> FileImport:
    result = FileImport(path)
    data = _load_json(path, result)
    if data is None:
        return result
    if not isinstance(data, Mapping) or not isinstance(data.get("initHands"), list):
        result.issues.append(
            ImportIssue(
                Severity.ERROR,
                "IM010",
                "no 'initHands' list: not an rlcard-showdown replay",
                path.as_posix(),
            )
        )
        return result
    info = data.get("playerInfo")
    info = info if isinstance(info, list) else []
    by_index = {p.get("index"): p for p in info if isinstance(p, Mapping)}
    names = [str(by_index.get(i, {}).get("id", f"Player {i}")) for i in range(3)]
    names = [name if not name.isdigit() else f"Player {name}" for name in names]
    roles = [str(by_index.get(i, {}).get("role", "")) for i in range(3)]
    landlord = SEATS[roles.index("landlord")] if "landlord" in roles else None
    record = _record(path, names, landlord, "rlcard-showdown")
    hands = data["initHands"]
    for i, seat in enumerate(SEATS):
        raw = hands[i] if i < len(hands) else None
        try:
            if not isinstance(raw, str):
                raise _Unreadable("a hand is not a string of cards")
            record.add(f"{seat}:({cards_text(_suited_cards(raw))})")
        except _Unreadable as exc:
            record.add(f"{seat}:(?)")
            record.review(
                f"{seat} hand: {raw}",
                "IM012",
                f"{seat}'s hand could not be read ({exc}); written as unknown",
            )
    history = data.get("moveHistory")
    for index, entry in enumerate(history if isinstance(history, list) else []):
        _showdown_move(record, index, entry)
    return _finish(result, record)


def _showdown_move(record: ImportedRecord, index: int, entry: Any) -> None:
    if not isinstance(entry, Mapping) or not _plain_int(entry.get("playerIdx")):
        record.review(
            f"move {index + 1}: {json.dumps(entry, ensure_ascii=False)}",
            "IM012",
            "a move without a player index 0-2",
        )
        return
    seat = SEATS[entry["playerIdx"]]
    move = _move_text(entry.get("move"))
    if move.upper() in _PASS_WORDS:
        record.add(f"{seat}:%")
        return
    try:
        record.add(f"{seat}:{cards_text(_suited_cards(move))}")
    except _Unreadable as exc:
        record.review(f"{seat}: {move}", "IM012", f"move {index + 1} could not be read ({exc})")


# --- RLCard and DouZero traces ------------------------------------------------------------


def _rlcard_cards(text: Any) -> list[Card]:
    if not isinstance(text, str):
        raise _Unreadable("not a string of RLCard letters")
    cards = []
    for letter in text.strip():
        rank = RLCARD_LETTERS.find(letter.upper())
        if rank < 0:
            raise _Unreadable(f"{letter!r} is not one of RLCard's letters {RLCARD_LETTERS}")
        cards.append(card_of(rank))
    return cards


def _douzero_cards(values: Any) -> list[Card]:
    if not isinstance(values, list):
        raise _Unreadable("not a list of DouZero card numbers")
    cards = []
    for value in values:
        if not _plain_int(value, range(100)) or value not in _DOUZERO_RANKS:
            raise _Unreadable(f"{value!r} is not a DouZero card number (3-14, 17, 20, 30)")
        cards.append(card_of(_DOUZERO_RANKS[value]))
    return cards


def _plain_int(value: Any, allowed: range = range(3)) -> bool:
    """A plain integer in ``allowed`` (a seat 0-2 by default); JSON true/false are not."""
    return isinstance(value, int) and not isinstance(value, bool) and value in allowed


def _without(hand: list[Card], kitty: list[Card]) -> list[Card] | None:
    rest = list(hand)
    for card in kitty:
        if card not in rest:
            return None
        rest.remove(card)
    return rest


def _write_deal(
    record: ImportedRecord, hands: list[list[Card] | str], kitty: list[Card] | None, landlord: int
) -> None:
    """Hands (a string when unreadable) and the bottom cards, taken out of the landlord's 20."""
    landlord_hand = hands[landlord]
    if kitty is not None and isinstance(landlord_hand, list) and len(landlord_hand) == 20:
        rest = _without(landlord_hand, kitty)
        if rest is not None:
            hands[landlord] = rest
    for seat, hand in zip(SEATS, hands, strict=True):
        if isinstance(hand, str):
            record.add(f"{seat}:(?)")
            record.review(
                f"{seat} hand: {hand}",
                "IM012",
                f"{seat}'s hand could not be read; written as unknown",
            )
        else:
            record.add(f"{seat}:({cards_text(hand)})")
    if kitty is not None:
        record.add(f"kitty:({cards_text(kitty)})")


def _read_hand(reader: Callable[[Any], list[Card]], raw: Any) -> list[Card] | str:
    try:
        return reader(raw)
    except _Unreadable:
        return json.dumps(raw, ensure_ascii=False)


def _rlcard(path: Path, data: Mapping[str, Any], result: FileImport) -> FileImport:
    raw_hands = data.get("initial_hands") or data.get("init_hands") or []
    landlord = data.get("landlord", 0)
    if not isinstance(raw_hands, list) or len(raw_hands) != 3 or not _plain_int(landlord):
        result.issues.append(
            ImportIssue(
                Severity.ERROR,
                "IM010",
                "an RLCard trace needs three 'initial_hands' and a 'landlord' 0-2",
                path.as_posix(),
            )
        )
        return result
    record = _record(path, [f"Player {i}" for i in range(3)], SEATS[landlord], "rlcard")
    hands = [_read_hand(_rlcard_cards, hand) for hand in raw_hands]
    kitty = _read_hand(_rlcard_cards, data.get("seen_cards", ""))
    _write_deal(record, hands, kitty if isinstance(kitty, list) and kitty else None, landlord)
    trace = data.get("trace")
    for index, entry in enumerate(trace if isinstance(trace, list) else []):
        if not (isinstance(entry, list | tuple) and len(entry) == 2 and _plain_int(entry[0])):
            record.review(
                f"move {index + 1}: {json.dumps(entry, ensure_ascii=False)}",
                "IM012",
                "a trace entry that is not [player 0-2, cards]",
            )
            continue
        seat, move = SEATS[entry[0]], str(entry[1]).strip()
        if move.upper() in _PASS_WORDS:
            record.add(f"{seat}:%")
            continue
        try:
            record.add(f"{seat}:{cards_text(_rlcard_cards(move))}")
        except _Unreadable as exc:
            record.review(f"{seat}: {move}", "IM012", f"move {index + 1} could not be read ({exc})")
    return _finish(result, record)


_DOUZERO_SEATS = ("landlord", "landlord_down", "landlord_up")


def _douzero(path: Path, data: Mapping[str, Any], result: FileImport) -> FileImport:
    record = _record(path, ["landlord", "landlord_down", "landlord_up"], "A", "douzero")
    record.meta["rules"] = "douzero"
    hands = [_read_hand(_douzero_cards, data.get(key)) for key in _DOUZERO_SEATS]
    kitty = _read_hand(_douzero_cards, data.get("three_landlord_cards", []))
    _write_deal(record, hands, kitty if isinstance(kitty, list) and kitty else None, 0)
    sequence = data.get("card_play_action_seq")
    for index, move in enumerate(sequence if isinstance(sequence, list) else []):
        seat = SEATS[index % 3]  # passes are written ([]), so the seats simply rotate
        if move == []:
            record.add(f"{seat}:%")
            continue
        try:
            record.add(f"{seat}:{cards_text(_douzero_cards(move))}")
        except _Unreadable as exc:
            record.review(
                f"{seat}: {json.dumps(move)}",
                "IM012",
                f"move {index + 1} could not be read ({exc})",
            )
    return _finish(result, record)


def read_trace(path: Path) -> FileImport:
    """An RLCard trace or a DouZero game, told apart by their fields."""
    result = FileImport(path)
    data = _load_json(path, result)
    if data is None:
        return result
    if isinstance(data, Mapping) and "card_play_action_seq" in data:
        return _douzero(path, data, result)
    if isinstance(data, Mapping) and "trace" in data:
        return _rlcard(path, data, result)
    result.issues.append(
        ImportIssue(
            Severity.ERROR,
            "IM010",
            "neither an RLCard trace ('trace') nor a DouZero game ('card_play_action_seq')",
            path.as_posix(),
        )
    )
    return result


IMPORTERS = (
    FileImporter(
        "doudizhu-showdown",
        "Import 闘地主 / Dou Dizhu replays of rlcard-showdown (.json files or folders).",
        "replay file",
        read_showdown,
    ),
    FileImporter(
        "doudizhu-trace",
        "Import 闘地主 / Dou Dizhu RLCard traces or DouZero games (.json files or folders).",
        "trace file",
        read_trace,
    ),
)
