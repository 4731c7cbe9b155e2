// Building a move by clicks: a legal move is its text and the cells its text names, in
// order. After some clicks (`chosen`), the moves still possible are those whose cells
// begin with them; the next cells they name are the targets offered.

export function candidates(legal, chosen) {
  return legal.filter((m) => chosen.every((c, i) => m.cells[i] === c));
}

export function targets(legal, chosen) {
  const next = new Set();
  for (const m of candidates(legal, chosen)) {
    if (m.cells.length > chosen.length) next.add(m.cells[chosen.length]);
  }
  return next;
}

// The moves a click completes: those whose cells are exactly `chosen`.
export function complete(legal, chosen) {
  return candidates(legal, chosen).filter((m) => m.cells.length === chosen.length);
}

// A click on a cell: returns {chosen, play} where play is a move's text to play now, or
// null (more clicks, or a choice between moves the clicks leave open).
export function click(legal, chosen, cell) {
  let next = targets(legal, chosen);
  if (!next.has(cell)) {
    chosen = [];               // start again from this cell
    next = targets(legal, chosen);
    if (!next.has(cell)) {     // a column game: the one target in the clicked column
      const column = cell.replace(/\d+$/, "");
      const same = [...next].filter((t) => t.replace(/\d+$/, "") === column);
      const columnsUnique = new Set([...next].map((t) => t.replace(/\d+$/, ""))).size === next.size;
      if (same.length === 1 && columnsUnique && legal.every((m) => m.cells.length === 1)) {
        cell = same[0];
      } else {
        return {chosen: [], play: null};
      }
    }
  }
  chosen = [...chosen, cell];
  const done = complete(legal, chosen);
  const longer = candidates(legal, chosen).some((m) => m.cells.length > chosen.length);
  return {chosen, play: done.length === 1 && !longer ? done[0].text : null};
}
