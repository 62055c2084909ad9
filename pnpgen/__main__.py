"""Allow `python -m pnpgen`."""

from .launch import main

main()
