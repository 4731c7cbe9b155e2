"""The GGP match protocol (Stanford's General Game Playing): a player answering the match
messages over HTTP (`player`, `server`), a local game manager (`manager`, `local`), the
messages (`messages`, read by gdl.grammar.sexpr) and joint moves over the Game protocol
(`moves`). The rules come as KIF, read by gdl.interpreter.kif. docs/ggp.md tells the use.
"""
