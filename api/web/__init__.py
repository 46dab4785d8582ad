"""The web page: server-rendered HTML, a stylesheet and a small progressive-enhancement script."""
