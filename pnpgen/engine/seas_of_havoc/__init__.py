"""Seas of Havoc: the rules numbers its content declares (a full engine may follow)."""
