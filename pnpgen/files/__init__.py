"""Files on disk: a pack's paths, and output written whole or not at all."""
