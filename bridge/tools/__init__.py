"""Tools on top of the engine: rulings and probes, consistency, coverage and the rule graph,
legal actions, running many scenarios, importing cards."""
