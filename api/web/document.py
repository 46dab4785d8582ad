"""What every page's ``<html>`` and ``<head>`` say: its language, title and description, the
static files it links (each by its hashed address, :func:`api.web.assets.url`) and its skip link."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from api.web import assets


@dataclass(frozen=True)
class Document:
    """The frame of one page (``templates/base.html``)."""

    language: str  # the lang attribute of <html>
    title: str
    description: str
    icon: str  # URL
    stylesheets: tuple[str, ...]  # URLs
    scripts: tuple[str, ...]  # URLs, deferred
    inline_script: str | None  # the inline script that marks <html class="js"> (assets.SCRIPTED)
    import_map: str | None  # of the board's modules (assets.IMPORT_MAP); both allowed by their hashes
    module_preloads: tuple[str, ...]  # URLs of the modules the entry module imports
    module: str | None  # URL of the entry module
    body_class: str | None
    skip: str | None  # the words of the page's first link, which skips to ``skip_to``
    skip_to: str
    refresh: int | None = None  # seconds after which the page loads itself again (a day being solved)


def document(
    language: str,
    title: str,
    description: str,
    stylesheets: Sequence[str],
    scripts: Sequence[str] = (),
    *,
    scripted: bool = False,
    modules: bool = False,
    entry: str | None = None,
    body_class: str | None = None,
    skip: str | None = None,
    skip_to: str = "#main",
    refresh: int | None = None,
) -> Document:
    """A page's frame; ``stylesheets`` and ``scripts`` (deferred) are names of static files.
    ``scripted``: the page marks ``<html class="js">`` before the first paint, so its stylesheet
    shows the controls only where its scripts run. ``modules``: the page runs the board's script,
    its modules each preloaded by its hashed address, which the import map gives the modules'
    own imports too. ``entry``: another script of modules than the board's (``make/main.js``),
    with its folder's modules preloaded."""
    if entry is not None:
        modules = True
    entry = entry or assets.ENTRY
    folder = entry.split("/")[0]
    preloaded = [
        name for name in (*assets.BOARD_MODULES, *assets.EDITOR_MODULES) if name.startswith(f"{folder}/")
    ]
    preloaded = [name for name in preloaded if name != entry]
    return Document(
        language=language,
        title=title,
        description=description,
        icon=assets.url("favicon.svg"),
        stylesheets=tuple(assets.url(name) for name in stylesheets),
        scripts=tuple(assets.url(name) for name in scripts),
        inline_script=assets.SCRIPTED if scripted else None,
        import_map=assets.IMPORT_MAP if modules else None,
        module_preloads=tuple(assets.url(name) for name in preloaded) if modules else (),
        module=assets.url(entry) if modules else None,
        body_class=body_class,
        skip=skip,
        skip_to=skip_to,
        refresh=refresh,
    )
