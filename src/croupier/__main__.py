"""``python -m croupier ...``: the ``croupier`` command line (:mod:`croupier.cli`)."""

from croupier.cli import app

if __name__ == "__main__":
    app(prog_name="croupier")
