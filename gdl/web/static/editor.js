// The editor pane: a rules text checked as one types (/api/check compiles it, never runs
// it); errors at their line and column, as the command line writes them.
import {call} from "./api.js";

const $ = (id) => document.getElementById(id);
const DELAY = 250;   // ms after the last key before the text is checked

export function startEditor({games, play}) {
  const source = $("source"), gutter = $("gutter");
  let timer = null, checked = null, sequence = 0;
  for (const g of [{name: "", title: "(empty)"}, ...games]) {
    const o = document.createElement("option");
    o.value = g.name; o.textContent = g.name ? `${g.name} — ${g.title}` : g.title;
    $("template").appendChild(o);
  }
  $("template").addEventListener("change", async () => {
    const name = $("template").value;
    source.value = name ? (await (await fetch(`/api/source?game=${encodeURIComponent(name)}`)).text()) : "";
    changed();
  });
  $("edit-play").addEventListener("click", () => checked && play(checked));
  source.addEventListener("input", changed);
  source.addEventListener("scroll", () => { gutter.scrollTop = source.scrollTop; });
  drawGutter(null);

  function changed() {
    drawGutter(null);
    clearTimeout(timer);
    timer = setTimeout(check, DELAY);
  }

  async function check() {
    const mine = ++sequence;
    const found = await call("check", {text: source.value});
    if (mine !== sequence) return;   // a later check is on its way
    const box = $("errors");
    box.replaceChildren();
    checked = found.ok ? found.game : null;
    $("edit-play").disabled = !found.ok;
    $("edit-status").textContent = found.ok ? `ok: ${found.title} (${found.kind})` : "";
    $("edit-status").className = found.ok ? "ok" : "";
    for (const e of found.errors) {
      const pre = document.createElement("pre");
      pre.className = "error";
      pre.dataset.line = e.line ?? ""; pre.dataset.column = e.column ?? "";
      pre.textContent = e.report;
      box.appendChild(pre);
    }
    drawGutter(found.errors[0] || null);
    if (found.errors[0] && found.errors[0].line) select(found.errors[0]);
  }

  function drawGutter(error) {
    const lines = source.value.split("\n").length;
    gutter.replaceChildren();
    for (let i = 1; i <= lines; i++) {
      const span = document.createElement("span");
      span.textContent = `${i}\n`;
      if (error && error.line === i) { span.className = "bad"; span.title = error.message; }
      gutter.appendChild(span);
    }
  }

  // Put the caret where the error is (without taking the focus from the typist).
  function select(error) {
    if (document.activeElement === source) return;
    const lines = source.value.split("\n");
    let at = 0;
    for (let i = 0; i < error.line - 1 && i < lines.length; i++) at += lines[i].length + 1;
    at += error.column - 1;
    source.setSelectionRange(at, at);
  }
}
