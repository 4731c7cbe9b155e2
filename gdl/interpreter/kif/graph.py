"""Strongly connected components (Tarjan's, without recursion), dependencies first: the
order in which both the relations of a description and its ground propositions are
evaluated."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping


def components(nodes: Iterable[Hashable],
               edges: Mapping[Hashable, Iterable[Hashable]]) -> list[list[Hashable]]:
    """The SCCs of the graph node -> edges[node] (its dependencies), each after every
    component it depends on."""
    index: dict[Hashable, int] = {}
    low: dict[Hashable, int] = {}
    stack: list[Hashable] = []
    on_stack: set[Hashable] = set()
    out: list[list[Hashable]] = []
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(edges.get(root, ())))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(edges.get(child, ()))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    part = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        part.append(top)
                        if top == node:
                            break
                    out.append(part)
    return out


def reaches(start: Iterable[Hashable], edges: Mapping[Hashable, Iterable[Hashable]]) -> set:
    """Every node reachable from `start` (itself included) along `edges`."""
    seen = set(start)
    todo = list(seen)
    while todo:
        for nxt in edges.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen
