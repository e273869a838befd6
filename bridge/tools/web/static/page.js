/* rulekeeper's judge's page: the board builder, the answer, the rule panel.
   Plain browser JavaScript, no library and nothing fetched but this server's own API. */
"use strict";

const OPTIONS = JSON.parse(document.getElementById("options").textContent);
const BUILT = ["title", "rules", "battlefield_state", "players", "life", "turn", "objects", "actions"];
const ZONE_ORDER = ["battlefield", "hand", "stack", "graveyard", "exile", "library", "command"];
const LINK_LIMIT = 32000;   // characters of a shareable link; a bigger board goes by file
let board = null;           // the builder's scenario (see fromScenario)
let answer = null;          // the last ask answer
let answeredBoard = null;   // the board that answer is about

// -- small helpers ------------------------------------------------------------------------
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}
const $ = (id) => document.getElementById(id);

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body)};
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    return {ok: false, status: 0, data: {error: {message: "the server cannot be reached", kind: "network"}}};
  }
  const type = response.headers.get("content-type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  return {ok: response.ok, status: response.status, data};
}

function status(text) { $("status").textContent = text; }

function slug(text) {
  const s = String(text).toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
  return /^[a-z]/.test(s) ? s.slice(0, 40) : ("c_" + s).slice(0, 40);
}

function uniqueId(base) {
  const taken = new Set([...board.players, ...board.objects.map((o) => o.id),
                         ...(board.alt ? board.alt.objects.map((o) => o.id) : [])]);
  let id = base, n = 2;
  while (taken.has(id)) id = `${base}_${n++}`;
  return id;
}

// -- the board model ----------------------------------------------------------------------
function emptyBoard() {
  return fromScenario({title: "My question", players: ["alice", "bob"],
                       turn: {active: "alice", step: "precombat_main", number: 1}});
}

// Altered's board has its own fields (docs/altered.md), edited by the form of altered.js
const builtFields = (rules) => rules.includes("altered") ? ALTERED_FIELDS : BUILT;

function fromScenario(data) {
  const rules = Array.isArray(data.rules) ? data.rules : ["mtg"];
  const players = Array.isArray(data.players) ? data.players.map(String) : ["alice", "bob"];
  const turn = Object.assign({active: players[0], step: "precombat_main", number: 1}, data.turn || {});
  const life = {};
  for (const p of players) life[p] = (data.life && data.life[p] !== undefined) ? data.life[p] : 20;
  const extra = {};
  const built = builtFields(rules);
  for (const [key, value] of Object.entries(data)) if (!built.includes(key)) extra[key] = value;
  const altered = rules.includes("altered");
  return {
    title: data.title || "", rules, altered,
    battlefield_state: data.battlefield_state || "", players, life, turn,
    objects: altered ? [] : (data.objects || []).map((o) => Object.assign({}, o)),
    actions: altered ? [] : (data.actions || []).map(actionFrom), extra,
    alt: altered ? alteredFrom(data) : null};
}

function actionFrom(raw) {
  if (typeof raw === "string") return {verb: raw, value: null};
  if (raw && typeof raw === "object" && Object.keys(raw).length === 1) {
    const verb = Object.keys(raw)[0];
    const value = raw[verb];
    const form = OPTIONS.verbs[verb] || {json: true};
    if (form.pairs) return {verb, value, pairs: Object.entries(value || {})};
    return {verb, value};
  }
  return {verb: "?", value: raw};
}

function toScenario() {
  const out = {title: board.title};
  if (!(board.rules.length === 1 && board.rules[0] === "mtg")) out.rules = board.rules;
  if (board.battlefield_state) out.battlefield_state = board.battlefield_state;
  out.players = board.players;
  if (board.altered) return Object.assign(out, alteredOut(board.alt), board.extra);
  const life = {};
  for (const p of board.players) if (board.life[p] !== 20 && board.life[p] !== "") life[p] = board.life[p];
  if (Object.keys(life).length) out.life = life;
  out.turn = board.turn;
  Object.assign(out, board.extra);
  if (board.objects.length) out.objects = board.objects.map(cleanObject);
  if (board.actions.length) out.actions = board.actions.map(actionValue);
  return out;
}

function cleanObject(obj) {
  const out = {};
  for (const [key, value] of Object.entries(obj)) {
    if (value === "" || value === false || value === null || value === undefined) continue;
    if (key === "damage" && Number(value) === 0) continue;
    if (key === "counters" && typeof value === "object" && !Object.keys(value).length) continue;
    if (key === "zone" && value === "battlefield") continue;
    if (key === "face" && value === "front") continue;
    out[key] = value;
  }
  return out;
}

function actionValue(a) {
  if (a.pairs) {
    const map = {};
    for (const [k, v] of a.pairs) if (k) map[k] = v;
    return {[a.verb]: map};
  }
  if (a.value === null || a.value === undefined) return a.verb;
  return {[a.verb]: a.value};
}

// -- reading inputs -----------------------------------------------------------------------
function number(text) {
  const t = String(text).trim();
  return /^-?\d+$/.test(t) ? Number(t) : t;
}

function parseCounters(text) {
  const t = text.trim();
  if (!t) return {};
  const out = {};
  for (const part of t.split(",")) {
    const at = part.lastIndexOf(":");
    if (at < 0) return t;                 // left as written: the validator says what is wrong
    out[part.slice(0, at).trim()] = number(part.slice(at + 1));
  }
  return out;
}

function countersText(value) {
  if (!value) return "";
  if (typeof value !== "object") return String(value);
  return Object.entries(value).map(([k, v]) => `${k}: ${v}`).join(", ");
}

function argValue(kind, text) {
  const t = text.trim();
  if (t === "") return undefined;
  if (kind === "int") return number(t);
  if (kind === "ids") return t.split(",").map((s) => s.trim()).filter(Boolean);
  if (kind === "ints") {
    const list = t.split(",").map((s) => number(s));
    return list.length === 1 ? list[0] : list;
  }
  return t;
}

function argText(value) {
  if (value === undefined || value === null) return "";
  return Array.isArray(value) ? value.join(", ") : String(value);
}

// -- rendering the builder ----------------------------------------------------------------
function render() {
  $("title").value = board.title;
  renderGame();
  renderPlayers();
  renderObjects();
  renderActions();
  renderAltered();
  $("extra").textContent = Object.keys(board.extra).length ? JSON.stringify(board.extra, null, 1) : "(nothing)";
  drawBoard($("board-before"), beforeState());
  refreshIds();
}

function renderGame() {
  const select = $("game");
  select.replaceChildren();
  let found = false;
  for (const [label, packs] of Object.entries(OPTIONS.games)) {
    const same = JSON.stringify(packs) === JSON.stringify(board.rules);
    found = found || same;
    select.append(el("option", {value: JSON.stringify(packs), selected: same, text: label}));
  }
  if (!found) select.append(el("option", {value: JSON.stringify(board.rules), selected: true, text: board.rules.join(", ")}));
  const packs = OPTIONS.packs || [];      // serve --pack-dir: part of every question's rules
  $("packs-note").hidden = !packs.length;
  $("packs-note").textContent = packs.length ? `with the plug-in packs: ${packs.join(", ")}` : "";
  const states = $("bfstate");
  states.replaceChildren(el("option", {value: "", text: "(default)"}),
    ...OPTIONS.battlefield_states.map((s) => el("option", {value: s, selected: board.battlefield_state === s, text: s})));
  document.body.classList.toggle("with-almos", board.rules.includes("almos"));
  document.body.classList.toggle("with-altered", board.altered);
}

function playerOptions(select, chosen, blank) {
  select.replaceChildren(...(blank ? [el("option", {value: "", text: "—"})] : []),
    ...board.players.map((p) => el("option", {value: p, selected: p === chosen, text: p})));
}

function renderPlayers() {
  const box = $("players");
  box.replaceChildren(...board.players.map((p, i) => el("div", {class: "row"},
    el("label", {}, "Player ", el("input", {value: p, size: 10, "data-field": `players[${i}]`,
      onchange: (e) => renamePlayer(i, e.target.value.trim())})),
    el("label", {class: "magic-only"}, "life ", el("input", {type: "number", value: board.life[p], "data-field": `life.${p}`,
      class: "num", oninput: (e) => { board.life[p] = number(e.target.value); }})),
    board.players.length > 1 ? el("button", {type: "button", class: "x", title: "remove player",
      onclick: () => { board.players.splice(i, 1); delete board.life[p]; render(); }}, "×") : null)));
  playerOptions($("active"), board.turn.active);
  playerOptions($("legal-player"), board.players[0], true);
  $("step").replaceChildren(...OPTIONS.steps.map((s) => el("option", {value: s, selected: s === board.turn.step, text: s})));
  $("turn-number").value = board.turn.number;
}

function renamePlayer(i, name) {
  const old = board.players[i];
  board.players[i] = name;
  board.life[name] = board.life[old];
  delete board.life[old];
  if (board.turn.active === old) board.turn.active = name;
  for (const o of [...board.objects, ...(board.alt ? board.alt.objects : [])]) for (const key of ["controller", "owner", "attacking", "attached_to"]) {
    if (o[key] === old) o[key] = name;
  }
  render();
}

const OBJECT_FIELDS = [
  ["id", "text", 8], ["card", "card", 22], ["zone", "zone"], ["controller", "player"],
  ["tapped", "check"], ["face", "face"], ["damage", "num"], ["counters", "counters", 14],
  ["attacking", "ref", 7], ["blocking", "ref", 7], ["attached_to", "ref", 7],
  ["token", "check"], ["entered_this_turn", "check"], ["occupying", "ref", 7, "almos"],
  ["marked", "check", 0, "almos"]];

function renderObjects() {
  const box = $("objects");
  if (!board.objects.length) {
    box.replaceChildren(el("p", {class: "muted", text: "No objects yet: type a card name below."}));
    return;
  }
  const head = el("tr", {}, ...OBJECT_FIELDS.map(([name, , , pack]) =>
    el("th", {class: pack || null, text: name.replace(/_/g, " ")})), el("th"));
  const rows = board.objects.map((obj, i) => el("tr", {},
    ...OBJECT_FIELDS.map(([name, kind, size, pack]) => el("td", {class: pack || null}, objectInput(obj, i, name, kind, size))),
    el("td", {}, el("button", {type: "button", class: "x", title: "remove",
      onclick: () => { board.objects.splice(i, 1); render(); }}, "×"))));
  box.replaceChildren(el("table", {class: "objects"}, el("thead", {}, head), el("tbody", {}, rows)));
}

function objectInput(obj, i, name, kind, size) {
  const field = `objects[${i}].${name}`;
  const set = (value) => { obj[name] = value; drawBoard($("board-before"), beforeState()); };
  if (kind === "check") {
    return el("input", {type: "checkbox", checked: !!obj[name], "data-field": field, "aria-label": `${name} of ${obj.id}`,
      onchange: (e) => set(e.target.checked)});
  }
  if (kind === "zone" || kind === "face" || kind === "player") {
    const choices = kind === "zone" ? OPTIONS.zones : kind === "face" ? ["front", "back", "down"] : board.players;
    const current = obj[name] || (kind === "zone" ? "battlefield" : kind === "face" ? "front" : board.players[0]);
    return el("select", {"data-field": field, "aria-label": `${name} of ${obj.id}`, onchange: (e) => set(e.target.value)},
      ...choices.map((c) => el("option", {value: c, selected: c === current, text: c})));
  }
  if (kind === "card" && obj.card && typeof obj.card === "object") {
    return el("span", {class: "muted", "data-field": field, title: JSON.stringify(obj.card)}, "(inline card)");
  }
  if (kind === "counters") {
    return el("input", {value: countersText(obj.counters), size, "data-field": field, placeholder: "+1/+1: 2",
      "aria-label": `counters of ${obj.id}`, onchange: (e) => set(parseCounters(e.target.value))});
  }
  if (kind === "num") {
    return el("input", {type: "number", min: 0, class: "num", value: obj[name] || 0, "data-field": field,
      "aria-label": `${name} of ${obj.id}`, oninput: (e) => set(number(e.target.value))});
  }
  const input = el("input", {value: Array.isArray(obj[name]) ? obj[name].join(", ") : (obj[name] || ""), size,
    "data-field": field, "aria-label": `${name} of ${obj.id}`, list: kind === "ref" ? "ids" : null,
    onchange: (e) => {
      const t = e.target.value.trim();
      set(name === "blocking" && t.includes(",") ? t.split(",").map((s) => s.trim()) : t);
      if (name === "id") render();
    }});
  if (kind === "card") return cardSearchBox(input, (hit) => { input.value = hit.name; set(hit.name); });
  return input;
}

function renderActions() {
  const box = $("actions");
  box.replaceChildren(...board.actions.map((a, i) => el("div", {class: "row action"},
    el("span", {class: "verb", text: `${i + 1}. ${a.verb}`}), ...actionInputs(a, i),
    el("button", {type: "button", class: "x", title: "remove action",
      onclick: () => { board.actions.splice(i, 1); render(); }}, "×"))));
  $("verb").replaceChildren(...Object.keys(OPTIONS.verbs).map((v) => el("option", {value: v, text: v})));
}

function actionInputs(a, i) {
  const form = OPTIONS.verbs[a.verb] || {json: true};
  const base = `actions[${i}].${a.verb}`;
  if (form.none) return [];
  if (form.arg === "step") {
    return [el("select", {"data-field": base, onchange: (e) => { a.value = e.target.value; }},
      ...OPTIONS.steps.map((s) => el("option", {value: s, selected: s === a.value, text: s})))];
  }
  if (form.arg) {
    return [el("input", {value: argText(a.value), size: 10, list: "ids", "data-field": base, placeholder: form.arg,
      "aria-label": `${a.verb} ${form.arg}`, onchange: (e) => { a.value = e.target.value.trim() || null; }})];
  }
  if (form.pairs) {
    a.pairs = a.pairs || [["", ""]];
    return [el("span", {class: "pairs"}, ...a.pairs.map((pair, j) => el("span", {class: "pair"},
      el("input", {value: pair[0], size: 8, list: "ids", placeholder: form.pairs[0], "data-field": `${base}.${pair[0] || "?"}`,
        "aria-label": `${a.verb} ${form.pairs[0]} ${j + 1}`, onchange: (e) => { pair[0] = e.target.value.trim(); }}),
      " → ",
      el("input", {value: pair[1], size: 8, list: "ids", placeholder: form.pairs[1],
        "aria-label": `${a.verb} ${form.pairs[1]} ${j + 1}`, onchange: (e) => { pair[1] = e.target.value.trim(); }}))),
      el("button", {type: "button", onclick: () => { a.pairs.push(["", ""]); renderActions(); }}, "+"))];
  }
  if (form.fields) {
    a.value = (a.value && typeof a.value === "object") ? a.value : {};
    return Object.entries(form.fields).map(([name, kind]) => el("label", {}, name + " ",
      el("input", {value: argText(a.value[name]), size: kind === "int" ? 4 : 10, "data-field": `${base}.${name}`,
        list: ["object", "target", "player", "ids"].includes(kind) ? "ids" : null, "aria-label": `${a.verb} ${name}`,
        onchange: (e) => {
          const v = argValue(kind, e.target.value);
          if (v === undefined) delete a.value[name]; else a.value[name] = v;
        }})));
  }
  return [el("input", {value: a.value === null ? "" : JSON.stringify(a.value), size: 40, "data-field": base,
    placeholder: "arguments as JSON", "aria-label": `${a.verb} arguments`,
    onchange: (e) => {
      const t = e.target.value.trim();
      try { a.value = t ? JSON.parse(t) : null; } catch (err) { a.value = t; }
    }})];
}

function refreshIds() {
  let list = $("ids");
  if (!list) { list = el("datalist", {id: "ids"}); document.body.append(list); }
  list.replaceChildren(...[...board.objects.map((o) => o.id), ...board.players].map((id) => el("option", {value: id})));
}

// -- card search --------------------------------------------------------------------------
function cardSearchBox(input, pick) {
  const hits = el("ul", {class: "hits", role: "listbox"});
  attachSearch(input, hits, pick);
  return el("span", {class: "searchbox"}, input, hits);
}

function attachSearch(input, hits, pick) {
  let timer = null, shown = [], active = -1, asked = 0;
  const close = () => { hits.replaceChildren(); shown = []; active = -1; };
  const choose = (hit) => { close(); pick(hit); };
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const q = input.value.trim();
      const mine = ++asked;
      if (!q) { close(); return; }
      const got = await api(`/api/cards?q=${encodeURIComponent(q)}&limit=12`);
      if (mine !== asked || !got.ok) return;
      shown = got.data.cards;
      active = -1;
      hits.replaceChildren(...shown.map((hit) => el("li", {role: "option", class: "hit",
        onmousedown: (e) => { e.preventDefault(); choose(hit); }},
        hit.name, hit.source === "bundled" ? null : el("small", {text: " " + hit.source.split("/").pop()}))));
    }, 60);
  });
  input.addEventListener("keydown", (e) => {
    if (!shown.length) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      active = (active + (e.key === "ArrowDown" ? 1 : shown.length - 1)) % shown.length;
      [...hits.children].forEach((li, j) => li.classList.toggle("active", j === active));
      e.preventDefault();
    } else if (e.key === "Enter") {
      choose(shown[Math.max(active, 0)]);
      e.preventDefault();
    } else if (e.key === "Escape") close();
  });
  input.addEventListener("blur", () => setTimeout(close, 150));
}

function addObject(hit) {
  board.objects.push({id: uniqueId(slug(hit.name)), card: hit.name, zone: "battlefield",
                      controller: board.players[0]});
  $("card-search").value = "";
  render();
  status(`${hit.name} added`);
}

// -- errors beside their fields -----------------------------------------------------------
function clearErrors() {
  for (const node of document.querySelectorAll(".invalid")) node.classList.remove("invalid");
  for (const node of document.querySelectorAll(".field-error")) node.remove();
  $("form-error").hidden = true;
}

function showError(data) {
  clearErrors();
  const err = (data && data.error) || {message: String(data), kind: "bug"};
  const where = err.field || "";
  let target = null;
  for (let path = where; path && !target; path = path.replace(/(\.[^.[\]]*|\[\d+\])$/, "")) {
    target = document.querySelector(`[data-field="${CSS.escape(path)}"]`);
    if (path.replace(/(\.[^.[\]]*|\[\d+\])$/, "") === path) break;
  }
  const text = (where ? `[${where}] ` : "") + err.message;
  if (target) {
    target.classList.add("invalid");
    target.insertAdjacentElement("afterend", el("span", {class: "field-error", role: "alert", text}));
    target.scrollIntoView({block: "center"});
  }
  const box = $("form-error");
  box.textContent = `${err.kind === "timeout" ? "No answer in time" : "Not accepted"}: ${text}`;
  box.hidden = false;
}

// -- the answer ---------------------------------------------------------------------------
async function run() {
  clearErrors();
  status("solving…");
  const asked = toScenario();
  const got = await api("/api/ask", {scenario: asked, atoms: true});
  if (!got.ok) { status(`refused (${got.status})`); showError(got.data); return; }
  answer = got.data;
  answeredBoard = asked;
  status(`answered in ${answer.seconds} s`);
  showAnswer();
}

function ruleChip(number) {
  return el("button", {type: "button", class: "rule-chip", onclick: () => showRule(number), text: number});
}

function showAnswer() {
  $("answer-empty").hidden = true;
  $("answer-body").hidden = false;
  const notes = [];
  const warn = (label, items) => { if (items && items.length) notes.push(el("div", {class: "warn"},
    el("strong", {text: label}), el("ul", {}, items.map((t) => el("li", {text: typeof t === "string" ? t : JSON.stringify(t)}))))); };
  warn("Not understood (ignored by this answer):", answer.not_understood);
  warn("Rules not encoded (this answer may be incomplete):", answer.not_encoded);
  warn("Warnings:", answer.warnings);
  warn("Set aside:", answer.ignored);
  warn("Illegal actions:", answer.illegal);
  $("notes").replaceChildren(...notes);
  const n = answer.models;
  $("headline").textContent = `${n} outcome${n === 1 ? "" : "s"}${answer.reliable ? "" : " (see the notes above)"}`;
  $("changes").replaceChildren(...(answer.changes.length ? answer.changes.map(changeItem)
    : [el("p", {class: "muted", text: "Nothing that matters changes."})]));
  $("outcomes").replaceChildren(...answer.outcomes.list.map(outcomeItem));
  const select = $("after-choice");
  select.replaceChildren(...answer.outcomes.list.map((o, i) => el("option", {value: i, text: `outcome ${o.index}`})));
  select.onchange = () => drawAfter(Number(select.value));
  drawAfter(0);
  const atoms = (list, label) => list.map((a) => el("button", {type: "button", class: `atom ${label}`, title: label,
    onclick: () => why(a), text: a}));
  $("atoms").replaceChildren(...atoms(answer.outcomes.always, "always"), ...atoms(answer.outcomes.sometimes, "sometimes"));
  $("why").replaceChildren();
}

function changeItem(change) {
  if (typeof change === "string") return el("p", {class: "change", text: change});
  return el("div", {class: "change"}, el("span", {text: change.text || ""}), " ",
    ...(change.rules || []).map(ruleChip));
}

function outcomeItem(o) {
  return el("div", {class: "outcome"}, el("strong", {text: `Outcome ${o.index}`}),
    (o.choice_text && o.choice_text.length) ? el("span", {class: "choices", text: " if " + o.choice_text.join("; ")}) : null,
    el("ul", {}, (o.changes || []).map((c) => el("li", {}, changeItem(c)))),
    (o.differs && o.differs.length) ? el("div", {class: "muted", text: "differs: " + o.differs.join(", ")}) : null);
}

async function why(atom) {
  const box = $("why");
  box.replaceChildren(el("p", {class: "muted", text: `why ${atom}…`}));
  const got = await api("/api/why", {scenario: answeredBoard, atom});
  if (!got.ok) { box.replaceChildren(el("p", {class: "error", text: got.data.error.message})); return; }
  const d = got.data;
  const head = el("h4", {text: d.holds_in ? `${d.atom} holds in ${d.holds_in} of ${d.models} outcomes` :
    `${d.atom} does not hold`});
  if (d.derivation) { box.replaceChildren(head, ...d.derivation.map((n) => treeNode(n, 0))); return; }
  box.replaceChildren(head, el("pre", {text: d.unknown || JSON.stringify(d.why_not, null, 1)}));
}

function treeNode(node, depth) {
  const label = el("span", {}, el("code", {text: node.atom}), node.rule ? " — " : "",
    node.rule ? ruleChip(node.rule) : null, node.summary ? el("span", {class: "muted", text: " " + node.summary}) : null,
    node.given ? el("span", {class: "muted", text: " (given)"}) : null,
    node.shown_above ? el("span", {class: "muted", text: " (shown above)"}) : null);
  if (!node.because) return el("div", {class: "leaf"}, label);
  return el("details", {open: depth < 2}, el("summary", {}, label),
    el("div", {class: "children"}, node.because.map((c) => treeNode(c, depth + 1))));
}

async function legal() {
  const player = $("legal-player").value || null;
  const got = await api("/api/legal", {scenario: toScenario(), player});
  const list = $("legal-list");
  if (!got.ok) { showError(got.data); list.replaceChildren(); return; }
  list.replaceChildren(...(got.data.legal.length ? got.data.legal.map((a) => el("li", {}, el("code", {text: a})))
    : [el("li", {class: "muted", text: "No legal action found by the encoded rules."})]),
    ...got.data.not_encoded.map((t) => el("li", {class: "warn", text: t})));
}

// -- the rule panel -----------------------------------------------------------------------
async function showRule(number) {
  const game = board.rules.includes("altered") ? "altered" : "mtg";
  const got = await api(`/api/rules/${encodeURIComponent(number)}?game=${game}`);
  const panel = $("rule");
  panel.hidden = false;
  if (!got.ok) { $("rule-number").textContent = number; $("rule-summary").textContent = got.data.error.message; return; }
  const r = got.data;
  $("rule-number").textContent = `Rule ${r.rule}` + (r.encoded ? "" : " (not encoded)");
  $("rule-summary").textContent = r.summary || "";
  $("rule-text").textContent = r.text || (window.RK_HAS_CR ? "(not in the rules text given)"
    : "(the rules text was not given: start the server with --cr FILE to see it; above, the rule's summary)");
  drawGraph($("rule-graph"), r);
}

const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function drawGraph(target, r) {
  const left = r.used_by.slice(0, 8), right = r.uses.slice(0, 8);
  const rows = Math.max(left.length, right.length, 1);
  const height = Math.max(120, rows * 30 + 40);
  target.setAttribute("height", height);
  target.replaceChildren(svg("defs", {}), svg("rect", {width: "100%", height, class: "bg"}));
  target.firstChild.append(Object.assign(svg("marker", {id: "arrow", viewBox: "0 0 10 10", refX: 10, refY: 5,
    markerWidth: 6, markerHeight: 6, orient: "auto"}), {}));
  target.querySelector("marker").append(svg("path", {d: "M0,0 L10,5 L0,10 z"}));
  const centre = {x: 270, y: height / 2};
  const node = (x, y, number, summary, main) => {
    const g = svg("g", {class: main ? "node main" : "node", transform: `translate(${x},${y})`});
    g.append(svg("rect", {x: -48, y: -11, width: 96, height: 22, rx: 4}), svg("text", {"text-anchor": "middle", y: 4}, number));
    g.append(svg("title", {}, `${number}: ${summary || ""}`));
    if (!main) g.addEventListener("click", () => showRule(number));
    target.append(g);
  };
  const edge = (a, b, e) => {
    const cls = e.kind === "cr" ? "edge cr" : "edge";
    target.append(svg("line", {x1: a.x + 48, y1: a.y, x2: b.x - 48, y2: b.y, class: cls, "marker-end": "url(#arrow)"}));
    const outer = a.x < centre.x - 1 ? a : b;          // the label sits by the neighbour
    const toLeft = outer === a;
    target.append(svg("text", {x: toLeft ? a.x + 52 : b.x - 52, y: outer.y - 4, class: "via",
      "text-anchor": toLeft ? "start" : "end"}, e.via.length > 26 ? e.via.slice(0, 25) + "…" : e.via));
  };
  const place = (list, x) => list.map((e, i) => ({e, x, y: 20 + (i + 0.5) * ((height - 40) / list.length)}));
  for (const p of place(left, 70)) { edge(p, centre, p.e); node(p.x, p.y, p.e.rule, p.e.summary); }
  for (const p of place(right, 470)) { edge(centre, p, p.e); node(p.x, p.y, p.e.rule, p.e.summary); }
  node(centre.x, centre.y, r.rule, r.summary, true);
  const more = (r.used_by_count - left.length) + (r.uses_count - right.length);
  if (more > 0) target.append(svg("text", {x: 10, y: height - 6, class: "via"}, `${more} more not drawn`));
}

// -- board pictures -----------------------------------------------------------------------
function beforeState() {
  const objects = board.objects.map((o) => ({id: o.id, name: typeof o.card === "string" ? o.card : "(inline)",
    zone: o.zone || "battlefield", controller: o.controller || o.owner || board.players[0],
    tapped: !!o.tapped, damage: Number(o.damage) || 0, counters: typeof o.counters === "object" ? o.counters : {},
    attacking: o.attacking, blocking: o.blocking}));
  return {players: board.players, life: board.life, objects};
}

function parseAtom(text) {
  const open = text.indexOf("(");
  if (open < 0) return {name: text, args: []};
  const args = [];
  let depth = 0, quoted = false, start = open + 1;
  for (let i = open + 1; i < text.length - 1; i++) {
    const c = text[i];
    if (c === '"' && text[i - 1] !== "\\") quoted = !quoted;
    if (quoted) continue;
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "," && depth === 0) { args.push(text.slice(start, i)); start = i + 1; }
  }
  args.push(text.slice(start, text.length - 1));
  return {name: text.slice(0, open), args: args.map((a) => a.replace(/^"(.*)"$/, "$1"))};
}

function afterState(atoms) {
  const before = beforeState();
  const byId = {};
  for (const o of before.objects) byId[o.id] = Object.assign({}, o, {tapped: false, damage: 0, counters: {},
    attacking: null, blocking: null, zone: "gone"});
  const life = {};
  const get = (id) => byId[id] || (byId[id] = {id, name: id, zone: "gone", controller: before.players[0], counters: {}});
  for (const text of atoms) {
    const {name, args} = parseAtom(text);
    if (name === "zone") get(args[0]).zone = args[1];
    else if (name === "controller") get(args[0]).controller = args[1];
    else if (name === "tapped") get(args[0]).tapped = true;
    else if (name === "damage") get(args[0]).damage = Number(args[1]);
    else if (name === "counters") get(args[0]).counters[args[1]] = Number(args[2]);
    else if (name === "name") get(args[0]).name = args[1];
    else if (name === "attacking") get(args[0]).attacking = args[1];
    else if (name === "blocking") get(args[0]).blocking = args[1];
    else if (name === "life") life[args[0]] = args[1];
  }
  return {players: before.players, life, objects: Object.values(byId).filter((o) => o.zone !== "gone")};
}

function drawAfter(i) {
  if (!answer || !answer.outcome_atoms) return;
  drawBoard($("board-after"), afterState(answer.outcome_atoms[i] || []));
}

function cardBox(o) {
  const marks = [];
  for (const [k, v] of Object.entries(o.counters || {})) marks.push(`${k}×${v}`);
  if (o.damage) marks.push(`${o.damage} damage`);
  if (o.attacking) marks.push(`attacking ${o.attacking}`);
  if (o.blocking) marks.push(`blocking ${o.blocking}`);
  return el("div", {class: "card" + (o.tapped ? " tapped" : ""), title: o.id},
    el("div", {class: "card-name", text: o.name}), el("div", {class: "card-id", text: o.id}),
    marks.length ? el("div", {class: "card-marks", text: marks.join(", ")}) : null);
}

function drawBoard(target, state) {
  const zonesOf = (player) => ZONE_ORDER.filter((z) => z !== "stack").map((zone) => {
    const here = state.objects.filter((o) => o.controller === player && o.zone === zone);
    return here.length ? el("div", {class: "zone"}, el("div", {class: "zone-name", text: zone}), here.map(cardBox)) : null;
  });
  const stack = state.objects.filter((o) => o.zone === "stack");
  const players = state.players.map((p) => el("div", {class: "player-board"},
    el("div", {class: "player-name", text: `${p}` + (state.life[p] !== undefined ? ` — life ${state.life[p]}` : "")}),
    ...zonesOf(p)));
  if (stack.length) players.push(el("div", {class: "zone"}, el("div", {class: "zone-name", text: "stack"}), stack.map(cardBox)));
  target.replaceChildren(...players);
}

// -- round trip: download, load, share ----------------------------------------------------
async function download() {
  const got = await api("/api/yaml", {scenario: toScenario()});
  if (!got.ok) { showError(got.data); return; }
  const link = el("a", {href: URL.createObjectURL(new Blob([got.data], {type: "text/yaml"})),
    download: `${slug(board.title || "scenario")}.yaml`});
  document.body.append(link);
  link.click();
  link.remove();
}

async function upload(file) {
  const got = await api("/api/load", {text: await file.text()});
  if (!got.ok) { showError(got.data); return; }
  board = fromScenario(got.data.scenario);
  render();
  status(`${file.name} loaded`);
  await check();
}

async function check() {
  clearErrors();
  const got = await api("/api/validate", {scenario: toScenario()});
  if (!got.ok) { showError(got.data); status("the board has a fault"); return false; }
  status(`the board is accepted (${got.data.game})`);
  return true;
}

async function pack(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function unpack(code) {
  const bin = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return await new Response(stream).text();
}

async function share() {
  const code = await pack(JSON.stringify(toScenario()));
  const url = `${location.origin}${location.pathname}#board=${code}`;
  if (url.length > LINK_LIMIT) { status("this board is too big for a link: download the YAML instead"); return; }
  history.replaceState(null, "", url);
  try { await navigator.clipboard.writeText(url); status("link copied"); } catch (err) { status("link in the address bar"); }
}

async function fromLink() {
  const match = location.hash.match(/^#board=([A-Za-z0-9_-]+)$/);
  if (!match) return false;
  try {
    board = fromScenario(JSON.parse(await unpack(match[1])));
    return true;
  } catch (err) {
    status("the link's board could not be read");
    return false;
  }
}

// -- wiring -------------------------------------------------------------------------------
async function start() {
  board = emptyBoard();
  await fromLink();
  render();
  $("title").addEventListener("input", (e) => { board.title = e.target.value; });
  $("game").addEventListener("change", (e) => {
    const rules = JSON.parse(e.target.value);
    const same = rules.includes("altered") === board.altered;     // another game: a fresh board
    board = fromScenario(same ? Object.assign(toScenario(), {rules})
      : {title: board.title, players: board.players.slice(0, rules.includes("altered") ? 2 : undefined), rules});
    render();
  });
  $("bfstate").addEventListener("change", (e) => { board.battlefield_state = e.target.value; });
  $("active").addEventListener("change", (e) => { board.turn.active = e.target.value; });
  $("step").addEventListener("change", (e) => { board.turn.step = e.target.value; });
  $("turn-number").addEventListener("input", (e) => { board.turn.number = number(e.target.value); });
  $("add-player").addEventListener("click", () => {
    const id = uniqueId(`player${board.players.length + 1}`);
    board.players.push(id); board.life[id] = 20; render();
  });
  $("add-action").addEventListener("click", () => {
    const verb = $("verb").value;
    const form = OPTIONS.verbs[verb] || {};
    board.actions.push({verb, value: form.fields ? {} : form.arg === "step" ? OPTIONS.steps[0] : null,
                        pairs: form.pairs ? [["", ""]] : undefined});
    render();
  });
  attachSearch($("card-search"), $("card-hits"), addObject);
  wireAltered();
  $("run").addEventListener("click", run);
  $("check").addEventListener("click", check);
  $("download").addEventListener("click", download);
  $("upload").addEventListener("change", (e) => { if (e.target.files[0]) upload(e.target.files[0]); });
  $("share").addEventListener("click", share);
  $("legal").addEventListener("click", legal);
  $("rule-close").addEventListener("click", () => { $("rule").hidden = true; });
}

start();
