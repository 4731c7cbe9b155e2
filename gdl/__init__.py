"""gdl: a declarative, rules-driven general game player."""
