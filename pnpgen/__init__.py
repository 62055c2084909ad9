"""pnpgen: print-and-play components from YAML, checked by a reference rules engine."""

__version__ = "0.1.0"
