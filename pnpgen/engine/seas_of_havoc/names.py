"""The names Seas of Havoc's modules share: decks, locations, flags, sea features, phases and decision stages."""

from __future__ import annotations

MARKET_DECK = "market"
DAMAGE_DECK = "damage"
SPARE_DECK = "spare-damage"
UPGRADE_DECK = "upgrades"
START_DECK = "start-{}"  # a player's starting deck (start-1 when a player has none of their own)
MARKET = "market"  # the location whose slots are the Market's cards
GATHER = {"sail-maker": "sail", "blacksmith": "cannonball", "bank": "coin"}
CAPITOL, TRADING_POST, WORKSHOP, DEEP_COVE, FLAG_SLOTS = "capitol", "trading-post", "workshop", "deep-cove", "flags"
LOCATIONS = (*GATHER, CAPITOL, TRADING_POST, WORKSHOP, DEEP_COVE, FLAG_SLOTS)
FLAGS = ("shipwright", "bosun", "purser", "sailor")  # red, tan, green, blue
ROCK, WHIRLPOOL, GUST, WRECK = "rock", "whirlpool", "gust", "shipwreck"
HEADINGS = ("N", "E", "S", "W")

ISLAND, BUY, SEA, OVER = "island", "buy", "sea", "over"
PHASES = (ISLAND, BUY, SEA, OVER)
# what the mover decides during a card's resolution
PIVOT, DISCARD, EXTEND, FIRE, SIGNAL = "pivot", "discard", "extend", "fire", "signal"
STAGES = (PIVOT, DISCARD, EXTEND, FIRE, SIGNAL)
MOVE, GAIN, END = "move", "gain", "end"  # stages the engine passes through without asking
