"""The strategy charts of the par-sheet report, one module per game.

A game names its module in :attr:`croupier.game.GameSpec.chart`; the module's
``strategy_chart(sheet, rules)`` returns a :class:`~croupier.analysis.charts.base.StrategyChart`,
a :class:`~croupier.analysis.charts.base.ReportSection` or ``None`` (nothing to draw).
:mod:`croupier.analysis.charts.base` holds the pieces they share. This package imports
no game's module: :func:`croupier.analysis.report.strategy_charts` imports the one a
report needs.
"""
