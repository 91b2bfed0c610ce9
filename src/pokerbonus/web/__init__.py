"""The web tables' page: TypeScript sources in ``src/``, the built assets in ``static/``.

The server (:mod:`pokerbonus.server`) serves ``static/`` as it is; nothing here
runs at request time. :mod:`pokerbonus.web.schema` writes the description of the
house rules that the page's create-table form is built from.
"""
