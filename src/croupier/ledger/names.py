"""Players' display names: what a name may hold and when two are the same (issue #34).

A name is shown at the tables beside a seat, so no player may pose as another:

- **the characters**: no markup (``<``, ``>``, ``&``, ``"``, a backtick), no control
  character, no invisible or formatting character (zero-width spaces and joiners, the
  word joiner, the byte-order mark, bidirectional marks, embeddings, overrides and
  isolates, soft hyphens, Hangul fillers), no private-use or unassigned code point, no
  line or paragraph separator; each is checked in the name as sent and in its NFKC form,
  so a full-width ``＜`` is refused as ``<`` is. Letters of any script, accents, digits,
  spaces inside, apostrophes (``O'Brien``, ``O’Brien``), hyphens and periods are taken;
  letters of two scripts that look alike are not (``аnn`` with a Cyrillic ``а``; Unicode
  TS #39's "highly restrictive" mixing: Latin goes only with Chinese, Japanese and Korean
  scripts) (:func:`problem`);
- **the same name**: two names are the same when their NFKC forms, case-folded, with the
  blanks at either end ignored and every run of blanks inside taken as one space, are
  equal (:func:`key`): ``Ann``, ``ANN``, ``ａｎｎ`` and ``ann`` are one name. A name
  another account holds is refused (:func:`claim`, 409).

Accounts opened before this rule may share a name; none is renamed.
"""

from __future__ import annotations

import unicodedata

from sqlalchemy import select, text
from sqlalchemy.orm import Session

from croupier.errors import LedgerError
from croupier.ledger.models import Player

CITE = "server:names"
MARKUP = '<>&"`'
"""Characters a page could take for markup or for the end of a quoted value."""
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp"})
_UNNAMED = {
    "Cc": "a control character",
    "Co": "a private-use character",
    "Cn": "an unassigned code point",
    "Cs": "a surrogate",
}
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Letters shown as nothing: the Hangul fillers and the blank Braille pattern."""


_HAN = {"CJK": "Han", "HIRAGANA": "Hiragana", "KATAKANA": "Katakana", "HANGUL": "Hangul"}
_TOGETHER = (
    frozenset({"LATIN", "Han", "Hiragana", "Katakana"}),
    frozenset({"LATIN", "Han", "BOPOMOFO"}),
    frozenset({"LATIN", "Han", "Hangul"}),
)
"""The scripts one name may mix (Unicode TS #39's "highly restrictive" level): Latin with
the scripts written beside Chinese characters in Japan, Taiwan and Korea; any other two
scripts apart (a Cyrillic а among Latin letters is how "аnn" poses as "ann")."""


def _script(char: str) -> str:
    """The script of the letter ``char``, as the first word of its Unicode name says it
    (``LATIN``, ``CYRILLIC``, ``GREEK``; ``Han`` for a CJK ideograph)."""
    first = unicodedata.name(char, "").split(" ")[0]
    return _HAN.get(first, first)


def _mixed(name: str) -> str | None:
    """Why the letters of ``name`` (in NFKC form) mix scripts one name may not, or
    ``None``."""
    first: tuple[str, str] | None = None
    scripts: set[str] = set()
    for char in unicodedata.normalize("NFKC", name):
        if not char.isalpha() or unicodedata.category(char) == "Lm":
            continue
        script = _script(char)
        scripts.add(script)
        if first is None:
            first = (char, script)
        if len(scripts) > 1 and not any(scripts <= allowed for allowed in _TOGETHER):
            what = unicodedata.name(char)
            return (
                "a name may not mix letters of scripts that look alike, as a Cyrillic or "
                f"Greek letter among Latin ones: it holds U+{ord(char):04X} ({what}) among "
                f"{first[1].title()} letters"
            )
    return None


def problem(name: str) -> str | None:
    """What is wrong with the characters of ``name``, in a sentence naming the first one
    refused by its code point (never the name itself), or ``None``: markup, a control,
    invisible or formatting character, or letters of two scripts one name may not mix
    (:data:`_TOGETHER`)."""
    for char in name + unicodedata.normalize("NFKC", name):
        if char in MARKUP:
            return (
                'a name may not hold <, >, &, " or a backtick, which a page could take '
                f"for markup: it holds {char}"
            )
        category = unicodedata.category(char)
        if category in _INVISIBLE_CATEGORIES or char in _BLANK_LETTERS:
            what = unicodedata.name(char, _UNNAMED.get(category, "unnamed"))
            return (
                "a name may not hold a control character, nor an invisible or formatting "
                f"one: it holds U+{ord(char):04X} ({what})"
            )
    return _mixed(name)


def key(name: str) -> str:
    """``name`` as names are compared: NFKC, case-folded, blanks at either end dropped
    and each run of blanks inside one space."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def claim(session: Session, name: str) -> None:
    """Refuse (:class:`LedgerError`, 409, ``server:names``) ``name`` where another account
    holds the same one (:func:`key`), in the caller's transaction. On PostgreSQL two
    transactions claiming the same name take turns (a transaction-scoped advisory lock
    on the name's key); SQLite has one writer at a time."""
    wanted = key(name)
    if session.get_bind().dialect.name == "postgresql":
        session.execute(text("SELECT pg_advisory_xact_lock(hashtext(:key))"), {"key": wanted})
    for held in session.scalars(select(Player.name)):
        if key(held) == wanted:
            raise LedgerError(
                "another player's name is the same as this one (names are compared "
                "ignoring case, width and blanks at either end): choose another",
                CITE,
            )
