"""The web pages: view models (this package's modules), their Jinja2 templates (``templates/``),
stylesheets and scripts (``static/``)."""
