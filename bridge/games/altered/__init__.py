"""Altered (rules_asp/altered/): its scenario model, validation, facts and words. Reached
through bridge/games/altered/game.py, the game interface's adapter; imports no Magic module."""
