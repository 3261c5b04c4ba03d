"""Which citations are inferred, and how a reader is shown them.

croupier cites 58 Pa. Code by section in every event and refusal (``cite="675a.4(f)"``).
For two chapters the rule text is not at hand: ch. 623a (Craps and Mini-Craps) and ch.
625a (Sic Bo). Their section numbers, and the Sic Bo paytables, come from the 2011
preamble and common practice (docs/interpretations.md, "Sic Bo" and "Craps and
Mini-Craps"; the basis of each section in docs/traceability.md). A citation of them is a
reading, not a quotation, and every face a person reads (a refusal, a table sign, a par
sheet, the terminal) shows it marked: ``"623a.6 (inferred)"``, each citation of a
combined one on its own (``"623a.3 (inferred); 623a.5 (inferred)"``). A code of croupier's
own (``"server:seats"``, ``"interpretations:void-round"``) is never shown: a reader is told
"the operator's rules" or the published interpretation's heading instead.

The ``cite`` stored inside events and sent as a refusal's ``cite`` stays the bare section
(stored rounds replay by comparing events): the marker and the words are added only where
a citation is shown, by :func:`shown`. This module imports nothing, so any layer may use it.
"""

from __future__ import annotations

import functools
import re
from typing import Final

INFERRED_CHAPTERS: Final = frozenset({"623a", "625a"})
"""The chapters of 58 Pa. Code whose rule text croupier does not have (declared here,
once, not guessed from the files in the regulations folder): their sections are those the
2011 preamble describes, numbered as croupier reads them (docs/interpretations.md;
docs/traceability.md lists each with its basis). Remove a chapter when its text is at
hand and the citations have been checked against it."""

INFERRED: Final = "inferred"
"""The word that marks an inferred citation, as :func:`shown` writes it and as the
server's refusals send it in ``cite_basis``."""

_SECTION = re.compile(r"(?<![\w.])(\d+[a-z]?)\.\d+")


def is_inferred(cite: str) -> bool:
    """Whether ``cite`` (``"623a.6"``, ``"625a.3"``, ``"623a.3; 623a.5"``) names a
    section of a chapter in :data:`INFERRED_CHAPTERS`. A section of a chapter croupier
    has the text of (``"675a.4(f)(2)(ii)"``), a reading of its own
    (``"interpretations:void-round"``), a code of the server's (``"server:seats"``) or
    ``""`` is not. Raises ``TypeError`` for anything but a ``str``."""
    if not isinstance(cite, str):
        raise TypeError(f"a citation is text, not {type(cite).__name__}")
    return any(chapter in INFERRED_CHAPTERS for chapter in _SECTION.findall(cite))


def basis(cite: str) -> str | None:
    """``"inferred"`` (:data:`INFERRED`) where ``cite`` is inferred (:func:`is_inferred`),
    else ``None``: the ``cite_basis`` of a refusal the server sends."""
    return INFERRED if is_inferred(cite) else None


OPERATOR: Final = "the operator's rules"
"""How a reader is shown a rule of croupier's own (a code such as ``"server:seats"``,
``"money:largest-amount"``, ``"training:answer"``): never the code itself."""

INTERPRETATIONS: Final = {
    "void-round": "Voiding a round",
    "late-card-declined": "Irregularities",
    "bust-without-second-chance": "The Second Chance Wager",
}
"""The heading in docs/interpretations.md (less its citations after the dash) under which
each ``interpretations:<name>`` reading is published: a reader is shown it as
``our published interpretation "Voiding a round"``."""

NOT_FOUND: Final = "http:not-found"
"""The ``cite`` of a request naming a table, player or round there is none of (404): no
rule refuses it, so a reader is shown none (:func:`shown` gives ``""``, and the refusal
is its sentence alone: "there is no table 'nope'"). An address no endpoint serves is the
server's ``http:no-address``."""

_CODE = re.compile(r"^([a-z][a-z0-9-]*):([a-z0-9][a-z0-9-]*)$")
FAMILIES: Final = frozenset({"server", "ledger", "money", "training", "http", "engine", "lab"})
"""The families of croupier's own codes; a family alone (``"ledger"``: a posting that does
not sum to zero) is a code too, shown as :data:`OPERATOR`."""


def _one(cite: str) -> str:
    """One citation (no ``"; "``) as a reader is shown it."""
    code = _CODE.match(cite)
    if cite == NOT_FOUND:
        return ""
    if cite in FAMILIES:
        return OPERATOR
    if code is None or (code[1] not in FAMILIES and code[1] != "interpretations"):
        # A section (a game may number its own sections with a colon).
        return f"{cite} ({INFERRED})" if is_inferred(cite) else cite
    if code[1] == "interpretations":
        title = INTERPRETATIONS.get(code[2])
        if title is None:
            return "our published interpretations"
        return f"our published interpretation \u201c{title}\u201d"
    return OPERATOR


def shown(cite: str) -> str:
    """``cite`` as a reader is shown it, the one renderer of every face a person reads:
    ``"623a.6"`` -> ``"623a.6 (inferred)"``; ``"623a.3; 623a.5"`` ->
    ``"623a.3 (inferred); 623a.5 (inferred)"`` (each citation marked on its own); a
    section croupier has the text of unchanged (``"675a.4(f)"``); a reading of croupier's
    own (``"interpretations:void-round"``) as ``our published interpretation "Voiding a
    round"``; a code of croupier's own (``"server:seats"``) as ``"the operator's rules"``
    (never the code: that stays in ``cite`` for tools); :data:`NOT_FOUND`, which names no
    rule, as ``""``. Raises ``TypeError`` for anything but a ``str``."""
    if not isinstance(cite, str):
        raise TypeError(f"a citation is text, not {type(cite).__name__}")
    return _shown(cite)


@functools.lru_cache(maxsize=4096)
def _shown(cite: str) -> str:
    """:func:`shown`, kept for each citation once worked out: a command's every event is
    answered with its ``cite_shown``, from a small set of citations (issue #33)."""
    parts: list[str] = []
    for part in (_one(p.strip()) for p in cite.split(";")):
        if part and part not in parts:
            parts.append(part)
    return "; ".join(parts)
