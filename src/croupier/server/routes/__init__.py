"""The table server's endpoints, one module per resource, each an ``APIRouter``:
:mod:`~croupier.server.routes.players` (players and money),
:mod:`~croupier.server.routes.tables` (tables, seats, views),
:mod:`~croupier.server.routes.commands` (a seat's command, served by a lean route),
:mod:`~croupier.server.routes.rounds` (history, steps, reveal, replay),
:mod:`~croupier.server.routes.floor` (hold report, rules versions, recall) and
:mod:`~croupier.server.routes.client` (the browser client and the games' command schemas).
What they share is in :mod:`~croupier.server.routes.deps`."""
