"""The rulekeeper command line."""
