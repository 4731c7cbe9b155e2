"""The core IR written out as KIF (Stanford GDL) for the games in the export's subset:
`export_kif(ir)` (docs/ggp.md, "Exporting a game")."""

from gdl.interpreter.kif_export.sentences import NotExported
from gdl.interpreter.kif_export.write import export_kif

__all__ = ["NotExported", "export_kif"]
