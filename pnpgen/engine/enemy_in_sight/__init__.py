"""Enemy in Sight: the rules numbers its content declares (a full engine may follow)."""
