"""A game croupier's sources do not know gets payout drills from the interface alone: its
spec names no training module, and the drill deals, settles and judges its rounds."""

from __future__ import annotations

from croupier.rng import ScriptedRng, dice_draws
from croupier.training.drill import PayoutDrill
from croupier.training.situation import Level


def test_a_game_with_no_training_module_gets_payout_drills() -> None:
    # The die shows 3: odd wins at even money, even loses (the test game's one-die:3).
    drill = PayoutDrill("one-die", level=Level(1), seed=2, rng=ScriptedRng(dice_draws([3] * 10)))
    item = drill.deal()
    assert item.payouts
    for index, payout in enumerate(item.payouts):
        expected = payout.amount if payout.spot == "odd" else 0
        assert payout.pays == expected
        assert drill.answer(index, f"{expected / 100:.2f}").right
    assert any("3" in line for line in item.scene)
    assert drill.score.right == drill.score.asked == len(item.payouts)
