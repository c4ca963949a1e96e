"""``python -m kibitz``: the same as the ``kibitz`` command."""

from kibitz.cli import main

main()
