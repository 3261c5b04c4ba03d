"""The example Rules Submissions shipped in examples/rules/, and each game's default one."""

from pathlib import Path

EXAMPLES = Path(__file__).parents[1] / "examples" / "rules"

BY_GAME = {
    "high-roll-dice": "high-roll-dice-ten-dice.toml",
    "go-fore-it": "go-fore-it.toml",
    "pai-gow": "pai-gow.toml",
    "double-back-jack": "double-back-jack.toml",
    "criss-cross-poker": "criss-cross-poker.toml",
    "sic-bo": "sic-bo.toml",
    "craps": "craps.toml",
}
"""Each game's example submission (a file name in EXAMPLES), by the game's registry name."""
