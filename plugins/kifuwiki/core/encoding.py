"""Which text encoding a record file (or a saved HTML page) was written in.

Records are UTF-8, but older Windows tools and wiki exports write Shift_JIS (cp932) or
EUC-JP, and some editors write UTF-16 with a byte-order mark. Reading those as UTF-8
would replace every Japanese letter with U+FFFD (or, for UTF-16, space out every
letter with NULs), so the file would lose its game to an encoding.

Decision (issue 17, item 19): byte-order marks first; then UTF-16 without one (half
its bytes NULs, which no record holds); then strict UTF-8; then *strict*
cp932 and EUC-JP attempts, and when both decode, the one whose text looks more like
Japanese wins. A general detector (charset-normalizer) was considered: it guesses among
~90 encodings from statistics, which for a short record of mostly ASCII moves is a coin
toss between cp1252, latin-1 and friends, and it is a new dependency for the three
encodings Japanese records actually come in. Strict decoding never guesses a byte it
cannot read: a file that none of them reads is UTF-8 with bad bytes, as before.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from functools import cache

#: (byte-order mark, codec, the name people know) — UTF-32 before UTF-16: its LE
#: mark begins with UTF-16's.
_BOMS: tuple[tuple[bytes, str, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32-le", "UTF-32 LE"),
    (codecs.BOM_UTF32_BE, "utf-32-be", "UTF-32 BE"),
    (codecs.BOM_UTF8, "utf-8", "UTF-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le", "UTF-16 LE"),
    (codecs.BOM_UTF16_BE, "utf-16-be", "UTF-16 BE"),
)
#: Legacy Japanese encodings, with the name a warning gives them.
_LEGACY: tuple[tuple[str, str], ...] = (("cp932", "Shift_JIS (cp932)"), ("euc_jp", "EUC-JP"))


@dataclass(frozen=True, slots=True)
class Decoded:
    text: str
    encoding: str | None
    """The encoding's name when it is not UTF-8 (with or without BOM), else ``None``."""
    bad_offset: int | None = None
    """Byte offset of the first undecodable byte (bad bytes were replaced), else ``None``."""


def _japanese_score(text: str) -> int:
    """How Japanese ``text`` looks: kana and common kanji count, odd characters cost.

    A cp932 file read as EUC-JP (or the reverse) decodes, when it decodes at all, into
    half-width katakana, rare kanji rows and private-use characters.
    """
    score = 0
    for ch in text:
        code = ord(ch)
        if 0x3040 <= code <= 0x30FF or 0x4E00 <= code <= 0x9FFF or 0xFF01 <= code <= 0xFF5E:
            score += 2  # hiragana, katakana, CJK ideographs, full-width ASCII
        elif 0xFF61 <= code <= 0xFF9F or 0xE000 <= code <= 0xF8FF or code > 0xFFFF:
            score -= 3  # half-width katakana, private use: what a wrong guess produces
        elif code >= 0x80 and not ch.isprintable():
            score -= 3
    return score


def _utf16_without_bom(data: bytes) -> Decoded | None:
    """UTF-16 written without a byte-order mark (some exporters do): read as UTF-8 it is
    valid, ASCII's every other byte a NUL, and no game could be told from it. A record
    never holds NULs, so when an eighth of the bytes on one side of each pair are NULs
    (a record of Japanese prose has few: only its ASCII and line ends give them), far
    more than on the other, and the whole decodes strictly, it is UTF-16 of that order."""
    if len(data) < 2 or len(data) % 2 or b"\x00" not in data:
        return None
    pairs = len(data) // 2
    high_first = data[0::2].count(0)  # big-endian: the high (often zero) byte first
    high_last = data[1::2].count(0)
    for nuls, others, codec, name in (
        (high_last, high_first, "utf-16-le", "UTF-16 LE (no byte-order mark)"),
        (high_first, high_last, "utf-16-be", "UTF-16 BE (no byte-order mark)"),
    ):
        if nuls * 8 >= pairs and nuls > 4 * others:
            try:
                return Decoded(data.decode(codec), name)
            except UnicodeDecodeError:
                return None
    return None


def decode_text(data: bytes) -> Decoded:
    """Decode ``data`` (see the module's note on the order); never raises."""
    for bom, codec, name in _BOMS:
        if data.startswith(bom):
            body = data[len(bom) :]
            try:
                text = body.decode(codec)
            except UnicodeDecodeError as exc:
                return Decoded(body.decode(codec, errors="replace"), name, len(bom) + exc.start)
            return Decoded(text, None if codec == "utf-8" else name)
    utf16 = _utf16_without_bom(data)
    if utf16 is not None:
        return utf16
    try:
        return Decoded(data.decode("utf-8"), None)
    except UnicodeDecodeError as exc:
        first_bad = exc.start
    candidates: list[tuple[int, str, str]] = []
    for codec, name in _LEGACY:
        try:
            text = data.decode(codec)
        except UnicodeDecodeError:
            continue
        candidates.append((_japanese_score(text), name, text))
    # A legacy reading counts only when it looks Japanese: cp932 maps even 0xFD–0xFF
    # (never in a real file) to private-use characters, which the score punishes.
    plausible = [c for c in candidates if c[0] > 0]
    if plausible:
        _, name, text = max(plausible, key=lambda c: c[0])
        return Decoded(text, name)
    return Decoded(data.decode("utf-8", errors="replace"), None, first_bad)


@cache
def _meta_charset() -> re.Pattern[bytes]:
    """A page's declared charset; compiled when first used (only saved pages, which the
    importers read, declare one; ~0.13 ms of every ``validate`` start-up)."""
    return re.compile(rb"""<meta[^>]*?charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.IGNORECASE)


#: What pages declare → the codec that reads them (cp932 is Windows' Shift_JIS, a superset).
_DECLARED = {
    "shift_jis": ("cp932", "Shift_JIS (cp932)"),
    "shift-jis": ("cp932", "Shift_JIS (cp932)"),
    "sjis": ("cp932", "Shift_JIS (cp932)"),
    "x-sjis": ("cp932", "Shift_JIS (cp932)"),
    "windows-31j": ("cp932", "Shift_JIS (cp932)"),
    "cp932": ("cp932", "Shift_JIS (cp932)"),
    "ms932": ("cp932", "Shift_JIS (cp932)"),
    "euc-jp": ("euc_jp", "EUC-JP"),
    "euc_jp": ("euc_jp", "EUC-JP"),
    "x-euc-jp": ("euc_jp", "EUC-JP"),
    "iso-2022-jp": ("iso2022_jp", "ISO-2022-JP"),
}


def decode_html(data: bytes) -> Decoded:
    """A saved HTML page: its BOM, else the charset its ``<meta>`` declares (when the
    bytes agree), else what :func:`decode_text` finds."""
    if not any(data.startswith(bom) for bom, _, _ in _BOMS):
        declared = _meta_charset().search(data[:4096])
        if declared is not None:
            known = _DECLARED.get(declared.group(1).decode("ascii", "replace").lower())
            if known is not None:
                try:
                    return Decoded(data.decode(known[0]), known[1])
                except UnicodeDecodeError:
                    pass  # the declaration lies: look at the bytes themselves
    return decode_text(data)
