"""Card sources (`--cards`): folders of card YAML and Scryfall JSON files (read, indexed), and
the Oracle-text compiler that turns a Scryfall card into the card format. Below the games:
it knows the card format's shape, not the game's rules."""
