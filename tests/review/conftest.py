"""The reviewer's reproductions; ``harness.py`` is a script (random play through the
API with money and redaction checks), not a test module."""

collect_ignore = ["harness.py"]
