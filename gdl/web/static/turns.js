// Chance and simultaneous turns on the page (docs/web.md): the last roll and the last
// joint move's parts are shown; at a simultaneous turn each human seat that has not chosen
// gets a row of its choices, and its part goes to the server alone (/api/part), sealed
// there until every seat's is in: the page never holds another seat's choice.

export function drawFacts(el, pos) {
  const said = [];
  if (pos.rolled) said.push(`rolled ${pos.rolled}`);
  if (pos.revealed) {
    said.push("chose " + Object.entries(pos.revealed).map(([p, m]) => `${p}: ${m}`).join(", "));
  }
  el.textContent = said.join(" · ");
  el.hidden = !said.length;
}

export function statusText(pos) {
  if (pos.over) return "game over";
  if (!pos.simultaneous) return `${pos.to_move} to move`;
  const chosen = pos.chosen || [];
  const waiting = Object.keys(pos.choices).filter((p) => !chosen.includes(p));
  return `${waiting.join(" and ")} to choose` +
    (chosen.length ? ` (${chosen.join(", ")} chose, hidden)` : "");
}

// One row of buttons per human seat still to choose; `choose(seat, part)` sends one.
export function drawParts(box, pos, humans, choose) {
  for (const [player, parts] of Object.entries(pos.choices)) {
    if (!humans.includes(player) || (pos.chosen || []).includes(player)) continue;
    const row = document.createElement("div");
    row.className = "parts"; row.dataset.seat = player;
    row.append(`${player}: `);
    for (const part of parts) {
      const b = document.createElement("button");
      b.textContent = part; b.dataset.part = part;
      b.addEventListener("click", () => choose(player, part));
      row.appendChild(b);
    }
    box.appendChild(row);
  }
}
