"""The rule base: packs, the `.lp` files with their `%@` annotations, the program text and its
transformations (explanations, diagnosis), and which rules can fire for a scenario."""
