"""The names of the atoms the transformed rules add (rules/transform.py builds them)."""

# The explanation of each derived atom, the condition that let a constraint pass, and a broken
# constraint in a diagnosis. Here, so that reading answers needs no syntax trees.
WHY = "rk_why"
ALLOW = "rk_allow"
VIOLATED = "rk_violated"
