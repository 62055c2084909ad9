"""Loading a pack into the model: linking its files, decks, boards and variants; rules parameters; text
references; card sheets."""
