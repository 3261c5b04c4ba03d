"""Issue #31: inferred citations are marked where a person reads them.

Ch. 623a (Craps and Mini-Craps) and ch. 625a (Sic Bo) are cited from the 2011 preamble
and common practice, their rule text not at hand (../shared/games/craps-and-sic-bo.md):
a reader is shown such a citation as ``"623a.6 (inferred)"``. The sections of every
chapter whose text is in the regulations folder are never marked. The faces: errors as
told, the par sheets (JSON, text notes, HTML), the terminal's refusals, and the browser's
words for a refusal (``static/js/api.js`` under node). The server's refusals and the
signs are in ``server/test_inferred_citations.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.citations import basis, is_inferred, shown
from croupier.cli import app
from croupier.errors import CroupierError, InvalidWager, RulesSubmissionError
from croupier.registry import load_text
from node_support import imports, needs_node, run_node
from test_traceability import CHAPTER_FILES, sections_of

ENV = {"COLUMNS": "200", "FORCE_COLOR": None, "NO_COLOR": "1"}


@pytest.mark.parametrize(
    ("cite", "expected"),
    [
        ("623a.6", "623a.6 (inferred)"),
        ("623a.11", "623a.11 (inferred)"),
        ("625a.3", "625a.3 (inferred)"),
        ("623a.3; 623a.5", "623a.3 (inferred); 623a.5 (inferred)"),
        ("675a.4(f); 623a.5", "675a.4(f); 623a.5 (inferred)"),
        ("675a.4(f)(2)(ii)", "675a.4(f)(2)(ii)"),
        ("593.3(a)", "593.3(a)"),
        ("621a.5(a)", "621a.5(a)"),
        ("interpretations:void-round", "our published interpretation \u201cVoiding a round\u201d"),
        ("server:seats", "the operator's rules"),
        ("money:largest-amount", "the operator's rules"),
        ("", ""),
    ],
)
def test_a_citation_is_shown_marked_only_where_its_chapter_is_inferred(
    cite: str, expected: str
) -> None:
    assert shown(cite) == expected
    assert is_inferred(cite) is ("(inferred)" in expected)
    assert basis(cite) == ("inferred" if "(inferred)" in expected else None)


@pytest.mark.parametrize("chapter", sorted(CHAPTER_FILES))
def test_no_section_of_a_chapter_whose_text_croupier_has_is_ever_marked(chapter: str) -> None:
    """Every section, subsection and paragraph parsed from the texts in the regulations
    folder (675a, 593, 621a, 673a, 674a, 676a) is shown as it is."""
    sections = sections_of(chapter)
    assert sections
    assert [s for s in sections if shown(s) != s or is_inferred(s)] == []


def test_a_citation_that_is_not_text_is_refused() -> None:
    with pytest.raises(TypeError, match="a citation is text, not int"):
        shown(623)  # type: ignore[arg-type]


def test_an_error_is_told_with_its_citation_marked_and_keeps_its_cite() -> None:
    error = InvalidWager("a Fire Bet may be at most $10, not $11", "623a.11")
    assert error.told == "a Fire Bet may be at most $10, not $11 (623a.11 (inferred))"
    assert error.cite == "623a.11"
    assert str(error) == "a Fire Bet may be at most $10, not $11 (623a.11)"
    plain = CroupierError("not $1", "675a.2(e)(1)")
    assert plain.told == str(plain) == "not $1 (675a.2(e)(1))"


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), env=ENV)
    return result.exit_code, result.output


def test_the_craps_par_sheet_json_marks_each_wagers_citation() -> None:
    """Every wager's description ends with its section, marked: the line wagers and the
    propositions 623a.3 and 623a.5, the odds 623a.6, the Fire Bet 623a.11, Bonus Craps
    623a.12; the notes say so too."""
    code, out = invoke("analyze", "craps", "--json")
    assert code == 0, out
    sheet = json.loads(out)
    described = {w["wager"]: w["description"] for w in sheet["wagers"]}
    assert described["pass"] == "Pass (623a.3 (inferred); 623a.5 (inferred))"
    assert described["odds:4"] == "Odds taken on the point 4, 2 to 1 (623a.6 (inferred))"
    assert described["fire_bet"].endswith("(623a.11 (inferred))")
    assert described["all_small"].endswith("(623a.12 (inferred))")
    assert [w for w, text in described.items() if not text.endswith(" (inferred))")] == []
    assert "engine's rule (623a.9 (inferred))" in sheet["notes"][0]


def test_the_sic_bo_par_sheet_marks_and_high_roll_dice_does_not() -> None:
    code, out = invoke("analyze", "sic-bo", "--json")
    assert code == 0, out
    described = {w["wager"]: w["description"] for w in json.loads(out)["wagers"]}
    assert (
        described["small"] == "Small: a total of 4 to 10, not three of a kind (625a.3 (inferred))"
    )
    assert all(text.endswith("(625a.3 (inferred))") for text in described.values())
    code, out = invoke("analyze", "high-roll-dice", "--json")
    assert code == 0, out
    assert "inferred" not in out


def test_the_craps_par_sheet_html_and_text_mark_the_citations(tmp_path: Path) -> None:
    code, out = invoke("analyze", "craps", "--html", str(tmp_path))
    assert code == 0, out
    assert "engine's rule (623a.9 (inferred))" in out  # the text's notes
    page = (tmp_path / "craps.html").read_text(encoding="utf-8")
    assert "<p>Pass (623a.3 (inferred); 623a.5 (inferred))</p>" in page


def test_a_rules_submission_refused_under_623a_is_told_marked(tmp_path: Path) -> None:
    """``croupier rules check``: a Fire Bet maximum under its minimum breaks 623a.11."""
    rules = tmp_path / "craps.toml"
    rules.write_text('game = "craps"\nfire_bet_minimum = 500\nfire_bet_maximum = 100\n')
    code, out = invoke("rules", "check", str(rules))
    assert code == 2, out
    with pytest.raises(RulesSubmissionError) as refused:
        load_text(rules.read_text())
    assert refused.value.cite.startswith("623a.")
    assert f"{refused.value.reason} ({refused.value.cite} (inferred))" in " ".join(out.split())


@needs_node
def test_the_browser_names_an_inferred_citation_once_with_its_basis() -> None:
    """The browser's words for a refusal (``Problem``): the server's detail already ends
    with the citation as shown; a detail without it gets it, with the basis the server
    sent (``cite_basis``); a citation with no basis is shown bare."""
    script = (
        imports("api.js", "Problem") + "console.log(JSON.stringify(["
        "new Problem(422, 'not $11 (623a.11 (inferred))', '623a.11', 'inferred').message,"
        "new Problem(422, 'not $11', '623a.11', 'inferred').message,"
        "new Problem(409, 'late (673a.5(c))', '673a.5(c)').message,"
        "new Problem(409, 'late', '673a.5(c)', null).message,"
        "]));"
    )
    assert run_node(script) == [
        "not $11 (623a.11 (inferred))",
        "not $11 (623a.11 (inferred))",
        "late (673a.5(c))",
        "late (673a.5(c))",
    ]
