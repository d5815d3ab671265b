"""Star Realms: High Alert: card schema, card facts and the rules engine."""
