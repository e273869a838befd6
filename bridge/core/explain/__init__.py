"""Explanations: derivation trees, the deciding rules of a change, "why not", and the words
every game's ruling shares."""
