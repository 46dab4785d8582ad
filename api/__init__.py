"""The HTTP API and web page: ``create_app(settings)``; ``python -m api`` serves it with uvicorn."""

from api.app import create_app

__all__ = ["create_app"]
