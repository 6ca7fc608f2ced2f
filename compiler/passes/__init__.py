"""The compile passes, one module each, run in order by the driver (`compiler.compile`):

    parse -> structure -> references -> graph -> types -> ui -> usage

A pass reads and extends the `CompileContext` and records issues on it; passes never import
each other (an import-linter contract), only the shared context and resolvers below them.
"""
