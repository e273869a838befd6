"""`rulekeeper consistency`: a pack's vocabulary, the boards the search builds, the findings and the run (docs/consistency.md)."""
