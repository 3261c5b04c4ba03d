"""A request that fails validation, in sentences (issue #32): each of pydantic's errors
becomes one plain-English sentence naming the field and what was wrong with it, never
the value sent (pydantic's own answer echoed the whole input back, and its words are a
programmer's: "Input should be a valid integer").

:func:`problem` is the 422 answer: a :class:`~croupier.server.schemas.Problem` whose
``detail`` is the sentences, ``cite`` :data:`CITE`, and ``problems`` each sentence with
the field's place in the request (``loc``: names and list positions only).
"""

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from croupier.ledger.protection import WORDS as LIMIT_WORDS
from croupier.money import format_cents
from croupier.quoting import cut
from croupier.server import schemas

CITE = "http:validation"
"""The ``cite`` of a request that fails validation (the HTTP request's own form, not a
rule of the game)."""

_WHERE = {"body", "query", "path", "header", "cookie"}

DIGITS = 4_300
"""The most digits a number sent may have: pydantic's JSON reader (the command route's)
reads no longer number, nor Python's (FastAPI's routes) by default."""

_WHOLE = (
    "must be a whole number, written as a JSON integer such as {example} (no quotes, no "
    "decimal point)"
)
_WHOLE_IN_TEXT = "must be a whole number, such as {example}"
"""A whole number sent outside the body (a path's part, a query parameter, a header): text,
not JSON, so not "a JSON integer"."""
_INTEGERS = frozenset({"int_type", "int_parsing", "int_from_float"})
_SAID: dict[str, str] = {
    "missing": "is missing",
    "extra_forbidden": "is not a field this request takes",
    "int_type": _WHOLE,
    "int_parsing": _WHOLE,
    "int_from_float": _WHOLE,
    "int_parsing_size": f"must be a whole number of at most {DIGITS:,} digits",
    "string_type": "must be text (a JSON string in quotes)",
    "string_unicode": "must be text (a JSON string in quotes)",
    "bool_type": "must be true or false (JSON true or false, no quotes)",
    "bool_parsing": "must be true or false (JSON true or false, no quotes)",
    "float_type": "must be a number",
    "float_parsing": "must be a number",
    "finite_number": "must be a finite number",
    "dict_type": "must be a JSON object (in braces)",
    "model_type": "must be a JSON object (in braces)",
    "model_attributes_type": "must be a JSON object (in braces)",
    "list_type": "must be a list (a JSON array in brackets)",
    "tuple_type": "must be a list (a JSON array in brackets)",
    "datetime_type": "must be a date and time such as 2026-12-03T21:00:00Z",
    "datetime_parsing": "must be a date and time such as 2026-12-03T21:00:00Z",
    "datetime_from_date_parsing": "must be a date and time such as 2026-12-03T21:00:00Z",
    "timezone_aware": "must be a date and time with its time zone, such as 2026-12-03T21:00:00Z",
    "date_type": "must be a date such as 2026-12-03",
    "date_parsing": "must be a date such as 2026-12-03",
    "date_from_datetime_parsing": "must be a date such as 2026-12-03",
    "union_tag_not_found": "must name its type (the field {discriminator})",
    "union_tag_invalid": "must be of one of these types: {expected_tags}",
    "literal_error": "must be one of {expected}",
    "enum": "must be one of {expected}",
    "greater_than": "must be more than {gt}",
    "greater_than_equal": "must be at least {ge}",
    "less_than": "must be less than {lt}",
    "less_than_equal": "must be at most {le}",
    "multiple_of": "must be a multiple of {multiple_of}",
    "string_too_short": "must be at least {min_length} characters long",
    "string_too_long": "must be at most {max_length} characters long",
    "string_pattern_mismatch": "has a character or a form this field does not take",
    "too_short": "must have at least {min_length} item(s)",
    "too_long": "must have at most {max_length} item(s)",
    "content_type": "must be sent as JSON (Content-Type: application/json)",
}
"""What is wrong, by pydantic's error type, with the error's context (limits, choices;
never the value sent) filled in."""


CENTS = frozenset({"amount"})
"""The fields sent in cents: a limit on one is said in dollars ("must be at most
$1,000,000,000.00", not 100000000000)."""


def field(loc: Sequence[str | int], sent: bool = False) -> str:
    """The field ``loc`` names, as a reader is told it: ``the header Idempotency-Key``,
    ``the query parameter since``, ``the field command.seat`` (a command's type, the
    union's tag such as ``PlaceWager``, left out), ``the body`` for the body itself; each
    name in words (:func:`words`: ``the field daily loss limit``) but, where ``sent``, the
    last, a name the request made up (``the field no_such_limit``), as sent."""
    where = str(loc[0]) if loc and loc[0] in _WHERE else "body"
    rest = list(loc[1:] if loc and loc[0] in _WHERE else loc)
    names: list[str] = []
    for at, part in enumerate(rest):
        if isinstance(part, int):
            names.append(f"[{part}]")
        elif part[:1].isupper() and where == "body":
            continue  # the tag of a union (a command's type), not a field sent
        elif "[" in part or part.startswith("function-"):
            continue  # pydantic's name for a validator, not a field sent
        else:
            said = part if sent and at == len(rest) - 1 else words(part)
            names.append(("." if names else "") + cut(said))
    name = "".join(names)
    if where == "header":
        return f"the header {name or 'sent'}"
    if where in ("query", "path", "cookie"):
        kind = {"query": "query parameter", "path": "path's part", "cookie": "cookie"}[where]
        return f"the {kind} {name}".rstrip()
    return f"the field {name}" if name else "the body"


def words(name: str) -> str:
    """A field's or a choice's name as a reader is told it (issue #34: no identifier
    joined by underscores): a player's limit by its words (``loss_daily``: "daily loss
    limit"), any other with spaces for its underscores (``die_off_table``: "die off
    table"). ``problems[].loc`` keeps the name itself for programs."""
    return LIMIT_WORDS.get(name) or name.replace("_", " ")


def _choices(value: Any) -> Any:
    return words(value.replace("'", "")) if isinstance(value, str) else value


def sentence(error: Mapping[str, Any]) -> str:
    """One error of pydantic's (``type``, ``loc``, ``msg``, ``ctx``) as a sentence naming
    the field and what was wrong; the value sent is never repeated."""
    kind = str(error.get("type", ""))
    loc = list(error.get("loc", ()))
    context = {k: _choices(v) for k, v in (error.get("ctx") or {}).items()}
    named = field(loc, sent=kind == "extra_forbidden")
    if kind == "json_invalid":
        return _unreadable(str(context.get("error") or ""))
    if kind in ("value_error", "assertion_error"):
        said = str(error.get("msg", "")).removeprefix("Value error, ")
        said = said.removeprefix("Assertion failed, ")
        return _capital(f"{named}: {said}")
    if loc and loc[-1] in CENTS:  # a limit on an amount of money, said in dollars
        context = {
            k: format_cents(v) if k in ("gt", "ge", "lt", "le") and type(v) is int else v
            for k, v in context.items()
        }
    template = _SAID.get(kind)
    outside = bool(loc) and loc[0] in _WHERE - {"body"}
    if kind in _INTEGERS and outside:
        template = _WHOLE_IN_TEXT
    if kind == "union_tag_invalid" and "," not in str(context.get("expected_tags", ",")):
        template = "must be of the type {expected_tags}"  # one type only
    # an amount's example is cents ($5.00), any other number's a seat's
    context.setdefault("example", 500 if loc and loc[-1] in CENTS else 1 if outside else 3)
    if template is not None:
        if kind == "string_too_short" and context.get("min_length") == 1:
            template = "must not be empty"
        try:
            return _capital(f"{named} {template.format(**context)}")
        except (KeyError, IndexError):
            return _capital(f"{named} {template.split(' {')[0]}")
    said = str(error.get("msg", "is not valid"))
    said = said.replace("Input should be", "must be").replace("Input", "the value")
    return _capital(f"{named}: {said}")


_TOO_LONG = re.compile(r"^number out of range (at line \d+ column \d+)$")
_TOO_DEEP = re.compile(r"^recursion limit exceeded (at line \d+ column \d+)$")


def _unreadable(why: str) -> str:
    """The sentence for a body that is not JSON the server reads, from the JSON reader's
    ``why``: a number longer than Python and pydantic read (4,300 digits) and nesting
    deeper than they read are said in words, any other fault as the reader says it.

    >>> _unreadable("number out of range at line 1 column 4303").split(":")[1]
    ' a number may have at most 4,300 digits.'
    """
    if found := _TOO_LONG.match(why):
        return (
            f"The body has a number too long to read {found[1]}: a number may have at most "
            f"{DIGITS:,} digits."
        )
    if found := _TOO_DEEP.match(why):
        return (
            f"The body is nested too deep to read {found[1]}: arrays and objects may be nested "
            "a few levels, not hundreds."
        )
    return "The body is not valid JSON" + (f" ({why})." if why else ".")


def _capital(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "?", "!")) else text + "."


MOST = 20
"""The most problems a 422 answer lists; the rest are counted, not said (a body of a
hundred thousand unknown keys is answered as fast, and as short, as one of twenty)."""


_NOT_AN_OBJECT = frozenset({"model_attributes_type", "dict_type", "model_type"})


def sent_as(content_type: str, errors: list[Any]) -> list[Any]:
    """``errors`` of a request whose body was sent with ``content_type``: where that is
    not JSON, "the body must be a JSON object" (FastAPI did not read it as JSON, and took
    it for text) is said as what is wrong, the content type, as the command route says.

    >>> [e["type"] for e in sent_as("text/plain", [{"type": "model_attributes_type",
    ...     "loc": ("body",)}])]
    ['content_type']
    """
    media = content_type.split(";", 1)[0].strip().lower()
    if media.startswith("application/") and media.endswith(("/json", "+json")):
        return errors
    return [
        {"type": "content_type", "loc": ("body",), "msg": "not JSON"}
        if tuple(e.get("loc", ())) == ("body",) and e.get("type") in _NOT_AN_OBJECT
        else e
        for e in errors
    ]


def status_of(errors: Iterable[Mapping[str, Any]]) -> int:
    """The status of the answer to ``errors``: 415 Unsupported Media Type where the body
    was not sent as JSON (RFC 9110 15.5.16: the content is in a format the route does not
    take), else 422.

    >>> status_of([{"type": "content_type", "loc": ("body",)}]), status_of([])
    (415, 422)
    """
    return 415 if any(e.get("type") == "content_type" for e in errors) else 422


def problem(errors: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """The 422 answer to ``errors`` (pydantic's or FastAPI's list): a Problem whose detail
    is one sentence per distinct problem, at most :data:`MOST` of them with the number
    of the others, and ``problems`` each with its ``loc`` (each part cut short:
    :func:`croupier.quoting.cut`)."""
    found: list[schemas.FieldProblem] = []
    said_already: set[str] = set()
    left = 0
    for error in errors:
        if len(found) == MOST:
            left += 1
            continue
        said = sentence(error)
        if said not in said_already:
            said_already.add(said)
            loc = [p if isinstance(p, int) else cut(str(p)) for p in error.get("loc", ())]
            found.append(schemas.FieldProblem(loc=loc, detail=said))
    if not found:
        found.append(schemas.FieldProblem(loc=["body"], detail="The request is not valid."))
    detail = " ".join(p.detail for p in found)
    if left:
        detail += f" And {left:,} more {'problem' if left == 1 else 'problems'}, not listed."
    answer = schemas.Problem(detail=detail, cite=CITE, problems=found)
    return answer.model_dump(exclude_none=True)
