"""The sections of the Enemy in Sight rulebook the engine cites, by number (the bundled pack's rulebook has them)."""

from __future__ import annotations

SECTIONS = {
    "3": "Setup", "4": "Turn Sequence", "4.3": "Draw Action Cards", "4.4": "Play or Pass a Red Action Card",
    "4.5": "Play or Discard Action Cards", "5": "End of Round Scoring",
    "6": "Red Action Cards", "6.1": "Admiralty's Orders", "6.2": "Fire", "6.3": "Run Aground", "6.4": "Strike",
    "6.5": "Weathergauge",
    "7": "Black Action Cards", "7.1": "Additional Ship", "7.2": "Blockade", "7.3": "Boarding Party",
    "7.4": "Broadsides", "7.5": "Bucket Brigade", "7.6": "Fire Ship", "7.7": "Break The Line", "7.8": "Rake",
    "7.9": "Repair", "7.10": "Refuse Battle",
}
_BY_TITLE = {(number.split(".")[0], title.lower()): number for number, title in SECTIONS.items()}


def cite(number: str) -> str:
    """A citation: the section's number and title ('7.4 Broadsides')."""
    return f"{number} {SECTIONS[number]}"


def card_section(title: str, red: bool = False) -> str:
    """The citation of a card's section by its title, among the Red (6) or Black (7) cards; the whole chapter for a
    card the rulebook has no section for."""
    chapter = "6" if red else "7"
    return cite(_BY_TITLE.get((chapter, title.lower()), chapter))
