"""The testing lab's evidence on the random number generator (``croupier rng``).

- :mod:`croupier.lab.sources`: a game's draws (``TablePolicy.random_draws``) made many
  times, one at a time through the draws' own functions or scaled in bulk from the
  generator's bytes, byte for byte alike;
- :mod:`croupier.lab.stats`: chi-square and normal tails and the exact null
  distributions, written out to be checked;
- :mod:`croupier.lab.battery`: the statistical battery, its verdicts at a stated
  significance;
- :mod:`croupier.lab.evidence`: the battery run on a game (``rng test``) and the dump of
  raw and scaled output (``rng dump``);
- :mod:`croupier.lab.report`: the battery's HTML report with its plots.
"""
