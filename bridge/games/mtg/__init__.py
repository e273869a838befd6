"""Magic: The Gathering with the Almos extension: the scenario model, validation, cards and
abilities, actions, facts and the words of its rulings. `game.py` holds its `Game` (GAME)."""
