"""Allow `python -m pnpgen`."""

from .cli import main

main()
