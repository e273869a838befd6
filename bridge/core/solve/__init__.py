"""Solving: the time layout, grounding and solving a scenario (whole or action by action),
explaining after a plain solve, the diagnosis of an impossible situation."""
