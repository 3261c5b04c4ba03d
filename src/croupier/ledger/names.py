"""Players' display names: what a name may hold and when two are the same (issue #34).

A name is shown at the tables beside a seat, so no player may pose as another:

- **the characters**: no markup (``<``, ``>``, ``&``, ``"``, a backtick), no control
  character, no invisible or formatting character (zero-width spaces, and joiners but
  where a script needs them: a zero width non-joiner or joiner after a virama, a
  non-joiner between letters that join, as Persian writes "mi" and "khaham" apart in one
  word: IDNA's CONTEXTJ rules, RFC 5892, through the ``idna`` package; the word joiner,
  the byte-order mark, bidirectional marks, embeddings, overrides and isolates, soft
  hyphens, Hangul fillers), no private-use or unassigned code point, no line or paragraph
  separator, no symbol (category ``So``: pictographs, emoji, the Bismillah ligature
  U+FDFD) and nothing of the Specials block (the object replacement character U+FFFC);
  each is checked in the name as sent and in its NFKC form,
  so a full-width ``＜`` is refused as ``<`` is. Letters of any script, accents, digits,
  spaces inside, apostrophes (``O'Brien``, ``O’Brien``), hyphens and periods are taken;
  letters of two scripts that look alike are not (``аnn`` with a Cyrillic ``а``; Unicode
  TS #39's "highly restrictive" mixing: Latin goes only with Chinese, Japanese and Korean
  scripts; another script's marks count as its letters), nor marks shown as nothing
  (variation selectors, the combining grapheme joiner), phonetic letters that pass for
  ordinary ones (``ɑ``, ``ᴀ``, ``ǀ``), nor more than two marks on one letter
  (:func:`problem`). A name wholly in a script of look-alikes (Cyrillic ``рор``) is taken,
  unless it looks the same as another's (below);
- **the staff's names**: a player's name may not be one the casino's staff go by
  (:data:`RESERVED`: "dealer", "admin", "pit boss"...), compared as names are (:func:`key`):
  a player must not pass for staff at the table (:func:`claim`, 422; docs/interpretations.md,
  "Names the staff go by"). A staff account (opened by an admin) may bear one;
- **the same name**: two names are the same when their NFKC forms, case-folded, with the
  blanks at either end ignored and every run of blanks inside taken as one space, are
  equal (:func:`key`): ``Ann``, ``ANN``, ``ａｎｎ`` and ``ann`` are one name. A name
  another account holds is refused (:func:`claim`, 409). Apostrophes and dashes that
  look alike compare as one (``O’Neill`` is ``O'Neill``), and so does a name that looks
  the same as another by Unicode's confusables skeleton (:func:`look`: Cyrillic ``рор``
  and ``Pop``, ``B0B`` and ``Bob``, ``rn`` and ``m``), with a few more look-alikes of
  croupier's own (``i`` and ``l``, ``cl`` and ``d``, ``vv`` and ``w``, ``Ɗ`` and ``D``,
  ``5`` or ``$`` and ``S``, ``ƅ`` and ``b``, Cherokee ``Ꮎ`` and ``O``).

Each account's key and look (:func:`key`, :func:`look`) are stored beside its name
(``players.name_key``, ``players.name_look``), each under a unique index, so the check is
two indexed lookups and two sign-ups of one name, or of two look-alike names, at once are
told apart by the database. Accounts opened before this rule may share a name; none is
renamed: the oldest holds the key and the look (migration 0019) and the others none. A
change to :func:`key` or :func:`look` needs a migration that stores them all again (0020,
0021).
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Iterator

import idna
from sqlalchemy import Connection, select, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from croupier.errors import LedgerError, Unprocessable
from croupier.ledger.confusables import skeleton
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
_SYMBOLS = frozenset({"So"})
"""Other symbols: pictographs and emoji, a ligature of a phrase shown as one sign (U+FDFD,
the Bismillah), the object replacement character: not letters of any name, and
what one shows is up to the font (issue #34)."""
_SPECIALS = (0xFFF0, 0xFFFF)
"""The Specials block: the replacement and object replacement characters, interlinear
annotation marks, noncharacters; none is part of a name."""
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Letters shown as nothing: the Hangul fillers and the blank Braille pattern."""
_IGNORABLE = (
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x17B4, 0x17B5),  # Khmer inherent vowels
    (0x180B, 0x180F),  # Mongolian free variation selectors
    (0xFE00, 0xFE0F),  # variation selectors
    (0xE0100, 0xE01EF),  # variation selectors supplement
)
"""Marks shown as nothing that are not of a format category (Unicode's
Default_Ignorable_Code_Point beyond ``Cf``)."""
_LOOK_ALIKE_BLOCKS = (
    (0x0250, 0x02AF, "a phonetic letter"),  # IPA extensions: ɑ for a
    (0x1D00, 0x1DBF, "a phonetic letter"),  # phonetic extensions: ᴀ for A
    (0x01C0, 0x01C3, "a click letter"),  # ǀ for l, ǃ for !
)
"""Letters no name needs that pass for ordinary ones."""
_JOINERS = frozenset("\u200c\u200d")
"""The zero width non-joiner and joiner: taken where IDNA takes them (:func:`_joined`)."""
MOST_MARKS = 2
"""The most combining marks on one letter (in NFKC form, which composes the accents of
every language written with them; more pile up over the neighbouring text)."""
_FOLDED = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u02bc": "'",
        "\u02b9": "'",
        "\u2032": "'",
        "\u0060": "'",
        "\u00b4": "'",
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
        "\u2015": "-",
        "\u2212": "-",
        "\ufe63": "-",
        "\u02d7": "-",
    }
)
"""Apostrophes and dashes that look alike, each compared as ``'`` or ``-`` (:func:`key`)."""


_HAN = {
    "CJK": "Han",
    "IDEOGRAPHIC": "Han",
    "HIRAGANA": "Hiragana",
    "KATAKANA": "Katakana",
    "HANGUL": "Hangul",
}
_TOGETHER = (
    frozenset({"LATIN", "Han", "Hiragana", "Katakana"}),
    frozenset({"LATIN", "Han", "BOPOMOFO"}),
    frozenset({"LATIN", "Han", "Hangul"}),
)
"""The scripts one name may mix (Unicode TS #39's "highly restrictive" level): Latin with
the scripts written beside Chinese characters in Japan, Taiwan and Korea; any other two
scripts apart (a Cyrillic а among Latin letters is how "аnn" poses as "ann")."""


def _script(char: str) -> str | None:
    """The script of the letter or mark ``char``, as the first word of its Unicode name
    says it (``LATIN``, ``CYRILLIC``, ``GREEK``; ``Han`` for a CJK ideograph); ``None``
    for a mark of every script (``COMBINING ACUTE ACCENT``) and for what is neither."""
    if not (char.isalpha() or _mark(char)) or unicodedata.category(char) == "Lm":
        return None
    words = unicodedata.name(char, "").split(" ")
    if words[0] == "COMBINING":  # a script's own mark says so: COMBINING CYRILLIC …
        return words[1] if len(words) > 2 and words[1] in _SCRIPT_MARKS else None
    return _HAN.get(words[0], words[0])


_SCRIPT_MARKS = frozenset({"CYRILLIC", "GREEK", "LATIN"})
"""Scripts some of whose marks are named ``COMBINING <SCRIPT> …``."""


def _mixed(name: str) -> str | None:
    """Why the letters and marks of ``name`` (in NFKC form) mix scripts one name may not
    (:data:`_TOGETHER`), naming a letter of the script fewest of them are in, or
    ``None``."""
    found: dict[str, list[str]] = {}
    for char in unicodedata.normalize("NFKC", name):
        script = _script(char)
        if script is not None:
            found.setdefault(script, []).append(char)
    scripts = set(found)
    if len(scripts) < 2 or any(scripts <= allowed for allowed in _TOGETHER):
        return None
    fewest = min(found, key=lambda script: len(found[script]))
    most = max(found, key=lambda script: len(found[script]))
    char = found[fewest][0]
    return (
        "a name may not mix letters of scripts that look alike, as a Cyrillic or Greek "
        f"letter among Latin ones: it holds U+{ord(char):04X} ({unicodedata.name(char)}) "
        f"among {most.title()} letters"
    )


def problem(name: str) -> str | None:
    """What is wrong with the characters of ``name``, in a sentence naming the first one
    refused by its code point (never the name itself), or ``None``: markup, a control,
    invisible or formatting character, or letters of two scripts one name may not mix
    (:data:`_TOGETHER`)."""
    for form in (name, unicodedata.normalize("NFKC", name)):
        wrong = _characters(form)
        if wrong is not None:
            return wrong
    return _piled(name) or _mixed(name)


def _joined(text: str, at: int) -> bool:
    """Whether the joiner at ``text[at]`` stands where a script needs it (RFC 5892's
    CONTEXTJ rules, as IDNA and Unicode TS #39 take them): a zero width non-joiner or
    joiner after a virama (a Devanagari half form), a non-joiner between letters that join
    (Persian, Arabic script). Between Latin letters it shows nothing and is refused."""
    try:
        return idna.valid_contextj(text, at)
    except ValueError:  # a neighbour unassigned (refused for itself), or too long a text
        return False


def _characters(text: str) -> str | None:
    """The first of :func:`problem`'s refusals of a single character in ``text``."""
    for at, char in enumerate(text):
        if char in _JOINERS and _joined(text, at):
            continue
        if char in MARKUP:
            return (
                'a name may not hold <, >, &, " or a backtick, which a page could take '
                f"for markup: it holds {char}"
            )
        category = unicodedata.category(char)
        code = ord(char)
        if any(low <= code <= high for low, high in _IGNORABLE):
            category = "Cf"  # shown as nothing, as a formatting character is
        for low, high, what in _LOOK_ALIKE_BLOCKS:
            if low <= code <= high:
                return (
                    f"a name may not hold {what}, which passes for an ordinary one: it "
                    f"holds U+{code:04X} ({unicodedata.name(char, what)})"
                )
        if category in _SYMBOLS or _SPECIALS[0] <= code <= _SPECIALS[1]:
            return (
                "a name may not hold a symbol (a pictograph, an emoji, a sign standing for "
                "a phrase) nor a special character such as the object replacement "
                f"character: it holds U+{code:04X} ({unicodedata.name(char, 'a special')})"
            )
        if category in _INVISIBLE_CATEGORIES or char in _BLANK_LETTERS:
            what = unicodedata.name(char, _UNNAMED.get(category, "unnamed"))
            return (
                "a name may not hold a control character, nor an invisible or formatting "
                f"one: it holds U+{ord(char):04X} ({what})"
                + (
                    " (taken only after a virama or between letters that join, as in Persian)"
                    if char in _JOINERS
                    else ""
                )
            )
    return None


def _mark(char: str) -> bool:
    """Whether ``char`` is a mark (``Mn``, ``Mc``, ``Me``): an accent, a vowel sign, an
    enclosing mark."""
    return unicodedata.category(char).startswith("M")


def _piled(name: str) -> str | None:
    """Why ``name`` piles marks on a letter (more than :data:`MOST_MARKS` in NFKC form),
    or ``None``."""
    run = 0
    for char in unicodedata.normalize("NFKC", name):
        run = run + 1 if _mark(char) else 0
        if run > MOST_MARKS:
            return (
                f"a name may not pile more than {MOST_MARKS} accents or other marks on one "
                f"letter: it holds U+{ord(char):04X} ({unicodedata.name(char, 'a mark')}) "
                f"as a mark number {run}"
            )
    return None


def key(name: str) -> str:
    """``name`` as names are compared: NFKC, case-folded, apostrophes and dashes that look
    alike as one (``O’Brien`` is ``O'Brien``), blanks at either end dropped and each run
    of blanks inside one space."""
    folded = unicodedata.normalize("NFKC", name).casefold().translate(_FOLDED)
    return " ".join(folded.split())


def look(name: str) -> str:
    """``name`` as look-alike names are compared: its confusables skeleton (Unicode TS
    #39, :func:`croupier.ledger.confusables.skeleton`) of its NFKC form with apostrophes,
    dashes and blanks folded as :func:`key` folds them and each Latin letter whose hook,
    stroke or bar is drawn into it taken as its plain letter (:func:`_plain`: ``Ɗ`` as
    ``D``), case-folded and taken to its skeleton again (so that ``0`` and ``O``, ``I``
    and ``l``, ``рор`` and ``Pop`` are one); then the pairs of letters that read as one
    at a seat list's type size (:data:`_PAIRS`: ``cl`` as ``d``, ``vv`` as ``w``, as the
    skeleton takes ``rn`` as ``m``), and ``i`` as ``l``, as the skeleton takes ``I`` and
    ``1``: a dot is easily missed, and Unicode's skeleton keeps ``admin`` apart from
    ``Adm1n`` and ``ADMIN`` (docs/interpretations.md, "Names the staff go by"); a
    combining dot above an ``i`` or a ``j``, which only redraws its dot, is left out, as
    is an overlay drawn through a letter (:data:`_OVERLAY`: Cherokee ``ᏴᎾᏴ`` is ``BOB``);
    ``5`` and ``$`` are taken as ``s``, ``ƅ`` as ``b`` (:data:`_ALSO`)."""
    shaped = " ".join(unicodedata.normalize("NFKC", name).translate(_FOLDED).split())
    seen = skeleton(skeleton(_plain(shaped)).casefold())
    seen = "".join(c for c in seen if not _OVERLAY[0] <= ord(c) <= _OVERLAY[1])
    seen = seen.translate(_ALSO)
    for pair, one in _PAIRS:
        seen = seen.replace(pair, one)
    # A dot above an i or a j is drawn as its own dot (a hostile tester's "Mi\u0307ke").
    return seen.replace("i", "l").replace("l\u0307", "l").replace("j\u0307", "j")


_OVERLAY = (0x0334, 0x0338)
"""The combining overlays (a tilde, a stroke, a slash drawn through a letter), left out
of a look as :func:`_plain` leaves out a Latin letter's drawn-in stroke: Unicode's
skeleton writes the Cherokee letter NA (U+13BE), which a seat list shows as an O, as
``O`` with a short stroke overlay, and a fresh tester took "ᏴᎾᏴ" for "BOB"."""

_ALSO = str.maketrans({"5": "s", "$": "s", "\u0185": "b"})
"""Look-alikes of croupier's own after case-folding, which Unicode's skeleton keeps apart
(a fresh tester: "5am" and "$am" beside "Sam", "ƅob" with a LATIN SMALL LETTER TONE SIX
beside "bob"; its capital, U+0184, is taken as ``b`` by the skeleton already)."""

_PAIRS = (("cl", "d"), ("vv", "w"))
"""Two letters that read as one (after case-folding): ``cl`` as ``d``, ``vv`` as ``w``
(a second tester: "VVill" beside "Will", "clan" beside "dan"); before ``i`` is taken as
``l``, so that ``ci`` stays apart from ``d``."""

_DECORATED = re.compile(r"LATIN (?:CAPITAL|SMALL) LETTER ([A-Z]) WITH ")
"""The Unicode name of a Latin letter with something added to it (``... D WITH HOOK``)."""


def _plain(text: str) -> str:
    """``text`` with each Latin letter whose addition is drawn into it (a hook, a stroke,
    a bar, a tail: it has no decomposition into a letter and a mark, as an accented
    letter has) written as its plain letter: ``Ɗ`` (U+018A, LATIN CAPITAL LETTER D WITH
    HOOK) as ``D``, ``đ`` as ``d``, ``ƀ`` as ``b``. An accented letter keeps its accent,
    which shows."""
    out = []
    for char in text:
        found = _DECORATED.match(unicodedata.name(char, ""))
        if found is not None and not unicodedata.decomposition(char):
            letter = found[1]
            char = letter if "CAPITAL" in unicodedata.name(char) else letter.lower()
        out.append(char)
    return "".join(out)


def _bare(name: str) -> frozenset[str]:
    """``name``'s :func:`look` with all but its letters left out (blanks, dots, dashes),
    with its digits read as the letters they look like and, again, left out: ``"P1t-Boss"``,
    ``"Dealer 2"`` and ``"pit boss"`` are each one of the staff's names."""
    digitless = "".join(char for char in name if unicodedata.category(char) != "Nd")
    return frozenset(
        "".join(char for char in look(form) if char.isalpha()) for form in (name, digitless)
    )


RESERVED = frozenset(
    {"dealer", "root", "admin", "house", "croupier", "system", "staff", "pit boss"}
)
"""Names the casino's staff and the software go by, which no player may bear (looking
alike, whatever stands between the letters: :func:`_bare`)."""
_RESERVED_BARE = frozenset().union(*(_bare(staff) for staff in RESERVED))


STAFF_WORDS = frozenset(
    {
        "dealer",
        "croupier",
        "pit boss",
        "floor",
        "floor person",
        "floorman",
        "supervisor",
        "manager",
        "cashier",
        "boxman",
        "boxperson",
        "stickman",
        "stickperson",
        "surveillance",
        "security",
        "staff",
    }
)
"""What the staff at a table are called, which no word of a player's name may be:
"The Dealer", "Floor", "Dealer Dan" pass for staff as "Dealer" does (the words compared
as :data:`RESERVED` is, one at a time and two together: "pit boss")."""
_STAFF_BARE = frozenset().union(*(_bare(word) for word in STAFF_WORDS))


def _words(name: str) -> Iterator[str]:
    """``name``'s words (runs of letters and digits, split at anything else), each
    alone and each with the next."""
    words = [word for word in re.split(r"[\W_]+", name) if word]
    yield from words
    yield from (f"{first} {second}" for first, second in itertools.pairwise(words))


def staff_name(name: str) -> str | None:
    """Why ``name`` may not be a player's: it is one the staff go by (:data:`RESERVED`),
    its letters compared by their look with blanks, punctuation and digits left out
    (``"D.e.a.l.e.r"``, ``"Adm1n"``, ``"Pit_Boss"``, ``"Dealer 2"``), or a word of it
    (or two together) is what the staff at a table are called (:data:`STAFF_WORDS`:
    ``"the dealer"``, ``"Floor"``, ``"Pit Boss Pat"``); or ``None``."""
    staff = bool(_bare(name) & (_RESERVED_BARE | _STAFF_BARE)) or any(
        _bare(word) & _STAFF_BARE for word in _words(name)
    )
    if not staff:
        return None
    return (
        "a player's name may not be one the casino's staff go by (dealer, pit boss, floor, "
        "supervisor, house, croupier, staff, admin, root, system), nor have one of them "
        "in it, so that no player passes for staff at the table: choose another"
    )


_SEAT_WORDS = frozenset({"you", "seat", "playeratseat", "position", "box"})
"""What the table writes for a seat, letters alone (:func:`_bare`): a caller's own seat is
"you", another's "Seat 2" or "player at seat 2" where no name is shown, and a verified
round names other players "player A", "player B"..."""
_YOU = re.compile(r"\(\s*you\s*\)")


def seat_label(name: str) -> str | None:
    """Why ``name`` may not be a player's: it reads as what the table writes for a seat
    ("you", "Seat 2", "player at seat 2", "player A", "Ann (you)"), so that a player
    named so would be taken for someone else on another player's screen; or ``None``."""
    bare = _bare(name)
    player_letter = any(form.startswith("player") and len(form) <= 7 for form in bare)
    if not (bare & _SEAT_WORDS or player_letter or _YOU.search(look(name))):
        return None
    return (
        "a player's name may not be one the table writes for a seat (you, Seat 2, player "
        "at seat 2, player A), so that no one is taken for another player: choose another"
    )


def hold(session: Session, player: Player) -> None:
    """Store, for ``player`` (added to ``session``, not yet written), his name's key and
    look (:func:`key`, :func:`look`) where no account holds them (an indexed lookup each),
    else none (an account made by the ledger directly may share a name; :func:`claim`
    refuses it); then write him (flush). Raises :class:`LedgerError` (409,
    ``server:names``) where a transaction that committed meanwhile holds either: the unique
    indexes refuse the second of two accounts of one name, or of two look-alike names,
    made at once."""
    wanted, looks = key(player.name), look(player.name)
    same = session.scalars(select(Player.id).where(Player.name_key == wanted).limit(1)).first()
    alike = session.scalars(select(Player.id).where(Player.name_look == looks).limit(1)).first()
    player.name_key = wanted if same is None else None
    player.name_look = looks if same is None and alike is None else None
    try:
        session.flush()
    except IntegrityError as error:  # held by a transaction that committed meanwhile
        raise _taken(_SAME) from error


def claim(player: Player) -> None:
    """Refuse ``player``, just made in the caller's transaction
    (:func:`croupier.ledger.accounts.create_player`): a player's name the staff go by
    or the table writes for a seat (:func:`staff_name`, :func:`seat_label`;
    :class:`Unprocessable`, 422, ``server:names``), a name another
    account holds (he holds no key, :func:`hold`; :class:`LedgerError`, 409), or one that
    looks the same as another's (he holds no look; 409). Reads nothing."""
    why = staff_name(player.name) or seat_label(player.name) if player.role == "player" else None
    if why is not None:
        raise Unprocessable(why, CITE)
    if player.name_key is None:
        raise _taken(_SAME)
    if player.name_look is None:
        raise _taken(_ALIKE)


_SAME = (
    "another player's name is the same as this one (names are compared ignoring case, "
    "width and blanks at either end): choose another"
)
_ALIKE = (
    "another player's name looks the same as this one (letters that look alike, such as a "
    "Cyrillic \u0440 for a Latin p or a 0 for an O, compare as one): choose another"
)


def _taken(why: str) -> LedgerError:
    return LedgerError(why, CITE)


def store_looks_again(connection: Connection) -> None:
    """Work out every account's ``players.name_look`` again by :func:`look` (a migration
    does, when the comparison changes: 0020, 0021): where two accounts' names look alike,
    the oldest (by opening, then id) holds the look and the others none (``NULL``); none
    is renamed. Every look is cleared first, so that the unique index never holds two
    equal looks while they are rewritten."""
    query = text("SELECT id, name FROM players ORDER BY created_at, id")
    holders: dict[str, str] = {}  # look: the oldest account that has it
    for player_id, name in connection.execute(query).all():
        holders.setdefault(look(name), player_id)
    connection.execute(text("UPDATE players SET name_look = NULL"))
    if holders:
        connection.execute(
            text("UPDATE players SET name_look = :wanted WHERE id = :player_id"),
            [{"wanted": k, "player_id": p} for k, p in holders.items()],
        )
