"""docs/traceability.md stays true.

- Every section it lists exists in the regulation text.
- Every subsection of each chapter it covers is accounted for (listed, or a part of it is).
- Every section of a covered chapter cited in src/ is listed (itself, a section
  containing it, or its parts).
- Every section marked implemented is cited by the code and by a test (itself or a part).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
REGULATIONS = Path(os.environ.get("CROUPIER_REGULATIONS", ROOT.parent / "shared" / "regulations"))
"""The regulation texts: beside the clone, or where ``CROUPIER_REGULATIONS`` says."""
CHAPTER_FILES = {
    path.name.split("-")[0]: path.name
    for path in REGULATIONS.glob("*.txt")
    if path.name[0].isdigit() and not path.name.startswith("2011")
}
"""Chapter number -> its text, e.g. ``"675a" -> "675a-high-roll-dice.txt"``."""
ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")
LABEL = re.compile(r"(?:^|(?<=\s))\(([a-z]{1,4}|\d+)\) (?=[A-Z'\"])", re.MULTILINE)
ROW = re.compile(r"^\|\s*`?([0-9a-z]+\.\d+(?:\([0-9a-z]+\))*)`?\s*\|\s*([a-z -]+?)\s*\|", re.M)
STATUSES = {"implemented", "not software"}


def covered_chapters() -> list[str]:
    """The chapters docs/traceability.md has a section for (``## Ch. 675a, ...``)."""
    text = (ROOT / "docs" / "traceability.md").read_text(encoding="utf-8")
    return re.findall(r"^## Ch\. ([0-9a-z]+)\b", text, flags=re.MULTILINE)


def sections_of(chapter: str) -> list[str]:
    """Every section, subsection, paragraph and subparagraph of a chapter's text."""
    if not REGULATIONS.is_dir():
        pytest.fail(
            f"the regulation texts are expected beside the clone, at {REGULATIONS} "
            "(or where CROUPIER_REGULATIONS says; README, 'Tests')"
        )
    text = (REGULATIONS / CHAPTER_FILES[chapter]).read_text(encoding="utf-8")
    # A heading, not a cross-reference such as "described in § 621a.9. After ...".
    parts = re.split(rf"(?<!in )§ {re.escape(chapter)}\.(\d+)\. ", text)
    found: list[str] = []
    for number, body in zip(parts[1::2], parts[2::2], strict=True):
        base = f"{chapter}.{number}"
        found.append(base)
        stack: list[tuple[int, str]] = []  # (depth 0 letter / 1 number / 2 roman, label)
        for match in LABEL.finditer(body):
            label = match.group(1)
            top = stack[-1] if stack else None
            if label.isdigit():
                depth = 1
            elif len(label) > 1 or (
                label in ("i", "v", "x")
                and top is not None
                and (
                    # "(i)" after "(2)" is a subparagraph only if an "(ii)" follows
                    # (621a.10(h)(2) is followed by subsection (i)).
                    (top[0] == 1 and label == "i" and "(ii) " in body[match.end() :])
                    or (top[0] == 2 and ROMAN.index(label) == ROMAN.index(top[1]) + 1)
                )
            ):
                depth = 2
            else:
                depth = 0
            stack = [*(entry for entry in stack if entry[0] < depth), (depth, label)]
            found.append(base + "".join(f"({label})" for _, label in stack))
    return found


def rows() -> dict[str, str]:
    text = (ROOT / "docs" / "traceability.md").read_text(encoding="utf-8")
    return dict(ROW.findall(text))


def cited_in(folder: str) -> set[str]:
    pattern = re.compile(r"\b(" + "|".join(covered_chapters()) + r")\.(\d+)((?:\([0-9a-z]+\))*)")
    cites: set[str] = set()
    for path in (ROOT / folder).rglob("*.py"):
        if path == Path(__file__).resolve():
            continue
        for chapter, number, tail in pattern.findall(path.read_text(encoding="utf-8")):
            cites.add(f"{chapter}.{number}{tail}")
    return cites


def contains(outer: str, inner: str) -> bool:
    """``675a.4(f)`` contains ``675a.4(f)(2)(ii)`` (and itself)."""
    return inner == outer or inner.startswith(outer + "(")


def test_the_parser_reads_the_texts_structure() -> None:
    sections = sections_of("675a")
    for expected in ("675a.2(e)(1)(ii)", "675a.4(f)(2)(ii)", "675a.5(e)", "675a.6(i)", "675a.6(l)"):
        assert expected in sections
    assert "593.6(c)(6)" in sections_of("593")


def test_covered_chapters_have_texts() -> None:
    if not REGULATIONS.is_dir():
        pytest.fail(
            f"the regulation texts are expected beside the clone, at {REGULATIONS} "
            "(or where CROUPIER_REGULATIONS says; README, 'Tests')"
        )
    assert set(covered_chapters()) <= set(CHAPTER_FILES)
    assert {"675a", "593"} <= set(covered_chapters())


@pytest.mark.parametrize("chapter", covered_chapters())
def test_every_listed_section_exists(chapter: str) -> None:
    known = set(sections_of(chapter))
    listed = [section for section in rows() if section.startswith(chapter + ".")]
    assert listed, f"docs/traceability.md lists nothing of ch. {chapter}"
    assert [section for section in listed if section not in known] == []


@pytest.mark.parametrize("chapter", covered_chapters())
def test_every_subsection_is_accounted_for(chapter: str) -> None:
    listed = rows()
    subsections = [s for s in sections_of(chapter) if s.count("(") == 1]
    missing = [
        s for s in subsections if not any(contains(s, row) or contains(row, s) for row in listed)
    ]
    assert missing == []


def test_statuses_are_known() -> None:
    assert set(rows().values()) <= STATUSES


def test_every_cited_section_is_listed() -> None:
    listed = rows()
    unlisted = sorted(
        cite
        for cite in cited_in("src")
        if not any(contains(row, cite) or contains(cite, row) for row in listed)
    )
    assert unlisted == []


@pytest.mark.parametrize("folder", ["src", "tests"])
def test_every_implemented_section_is_cited(folder: str) -> None:
    cites = cited_in(folder)
    uncited = [
        section
        for section, status in rows().items()
        if status == "implemented" and not any(contains(section, cite) for cite in cites)
    ]
    assert uncited == []
