"""The HTTP API and web page: ``create_app(settings)``; ``python -m api`` serves it with uvicorn.

``create_app`` is imported when first asked for: a compute worker process imports this package
(it is the server's main module's) and needs none of the web framework.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from api.app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from api.app import create_app

        return create_app
    raise AttributeError(f"module 'api' has no attribute {name!r}")
