"""Storage: SQLAlchemy models, engine/session helpers and repository functions."""
