/* The Altered board form of the judge's page (docs/altered.md): the day, the decks and hands,
   the cards, the objects and the actions of an Altered scenario. Each input carries the path
   the Altered validator names in its messages (`day.phase`, `objects[2].zone`,
   `actions[0].play.expedition`), so a refusal is shown beside its field by page.js.
   Loaded before page.js; uses its helpers (el, $, number, argText, board, render). */
"use strict";

const ALTERED_FIELDS = ["title", "rules", "players", "day", "deck", "hand", "cards", "objects", "actions"];
const CARD_FORM = ["type", "subtypes", "statistics", "cost"];   // the rest of a card is kept as written

function alteredFrom(data) {
  const copy = (v) => JSON.parse(JSON.stringify(v === undefined ? null : v));
  return {day: copy(data.day) || {}, deck: copy(data.deck) || {}, hand: copy(data.hand) || {},
          cards: copy(data.cards) || {}, objects: copy(data.objects) || [],
          actions: (data.actions || []).map(alteredAction)};
}

function alteredAction(raw) {
  if (typeof raw === "string") return {verb: raw, value: null};
  if (raw && typeof raw === "object" && !Array.isArray(raw) && Object.keys(raw).length === 1) {
    const verb = Object.keys(raw)[0];
    return {verb, value: verb === "play" && raw.play && typeof raw.play === "object" ? Object.assign({}, raw.play) : raw[verb]};
  }
  return {verb: "?", value: raw};
}

function alteredOut(alt) {
  const out = {};
  const day = dropBlank(alt.day);
  if (Object.keys(day).length) out.day = day;
  for (const key of ["deck", "hand"]) {
    const counts = dropBlank(alt[key]);
    if (Object.keys(counts).length) out[key] = counts;
  }
  if (Object.keys(alt.cards).length) out.cards = alt.cards;
  if (alt.objects.length) out.objects = alt.objects.map(dropBlank);
  if (alt.actions.length) {
    out.actions = alt.actions.map((a) => a.value === null || a.value === undefined ? a.verb
      : {[a.verb]: a.verb === "play" ? dropBlank(a.value) : a.value});
  }
  return out;
}

function dropBlank(map) {
  const out = {};
  for (const [k, v] of Object.entries(map || {})) {
    if (v === "" || v === null || v === undefined || v === false) continue;
    if (Array.isArray(v) && !v.length) continue;
    out[k] = v;
  }
  return out;
}

// -- inputs -------------------------------------------------------------------------------
function altSelect(field, label, choices, current, set, blank) {
  return el("select", {"data-field": field, "aria-label": label, onchange: (e) => set(e.target.value)},
    ...(blank ? [el("option", {value: "", text: blank})] : []),
    ...choices.map((c) => el("option", {value: c, selected: String(c) === String(current), text: c})));
}

function altInput(field, label, value, set, size) {
  return el("input", {value: value === undefined || value === null ? "" : argText(value), size: size || 8,
    "data-field": field, "aria-label": label, onchange: (e) => set(e.target.value.trim())});
}

function altNumber(field, label, value, set) {
  return el("input", {type: "number", min: 0, class: "num", value: value === undefined ? "" : value,
    "data-field": field, "aria-label": label, onchange: (e) => set(e.target.value.trim() === "" ? "" : number(e.target.value))});
}

function altCheck(field, label, value, set) {
  return el("input", {type: "checkbox", checked: !!value, "data-field": field, "aria-label": label,
    onchange: (e) => set(e.target.checked)});
}

const setIn = (map, key) => (value) => {
  if (value === "" || value === null) delete map[key]; else map[key] = value;
};
const idList = (text) => text.split(",").map((s) => s.trim()).filter(Boolean);

// -- the form -----------------------------------------------------------------------------
function renderAltered() {
  if (!board.altered) return;
  const alt = board.alt;
  const A = OPTIONS.altered;
  $("alt-day").replaceChildren(
    el("label", {}, "Day ", altNumber("day.number", "day number", alt.day.number, setIn(alt.day, "number"))),
    el("label", {}, "Phase ", altSelect("day.phase", "phase", A.phases, alt.day.phase || "afternoon", setIn(alt.day, "phase"))),
    el("label", {}, "First player ", altSelect("day.first_player", "first player", board.players, alt.day.first_player, setIn(alt.day, "first_player"), "(the first)")),
    el("label", {}, "Turn of ", altSelect("day.turn", "whose turn", board.players, alt.day.turn, setIn(alt.day, "turn"), "(default)")),
    el("label", {}, "Passed ", altInput("day.passed", "players who passed", alt.day.passed,
      (t) => setIn(alt.day, "passed")(idList(t).length ? idList(t) : ""), 12)));
  $("alt-counts").replaceChildren(...board.players.map((p) => el("div", {class: "row"}, el("strong", {text: p + ": "}),
    el("label", {}, "deck ", altNumber(`deck.${p}`, `deck of ${p}`, alt.deck[p], setIn(alt.deck, p))),
    el("label", {}, "unknown cards in hand ", altNumber(`hand.${p}`, `hand of ${p}`, alt.hand[p], setIn(alt.hand, p))))));
  renderAlteredCards(alt, A);
  renderAlteredObjects(alt, A);
  renderAlteredActions(alt, A);
}

function renderAlteredCards(alt, A) {
  const rows = Object.entries(alt.cards).map(([name, card]) => {
    const base = `cards.${name}`;
    const c = (card && typeof card === "object") ? card : {};
    const stats = c.statistics = (c.statistics && typeof c.statistics === "object") ? c.statistics : {};
    const cost = c.cost = (c.cost && typeof c.cost === "object") ? c.cost : {};
    const rest = Object.keys(c).filter((k) => !CARD_FORM.includes(k) && c[k] !== undefined);
    return el("tr", {},
      el("td", {}, altInput(base, `name of card ${name}`, name, (t) => renameCard(name, t), 16)),
      el("td", {}, altSelect(`${base}.type`, `type of ${name}`, A.types, c.type, setIn(c, "type"), "—")),
      el("td", {}, altInput(`${base}.subtypes`, `subtypes of ${name}`, c.subtypes,
        (t) => setIn(c, "subtypes")(idList(t).length ? idList(t) : ""), 10)),
      ...A.statistics.map((s) => el("td", {}, altNumber(`${base}.statistics.${s}`, `${s} of ${name}`, stats[s], setIn(stats, s)))),
      ...["hand", "reserve"].map((k) => el("td", {}, altNumber(`${base}.cost.${k}`, `${k} cost of ${name}`, cost[k], setIn(cost, k)))),
      el("td", {class: "muted", title: JSON.stringify(Object.fromEntries(rest.map((k) => [k, c[k]])))},
        rest.length ? rest.join(", ") + " (as loaded)" : ""),
      el("td", {}, el("button", {type: "button", class: "x", title: "remove card",
        onclick: () => { delete alt.cards[name]; render(); }}, "×")));
  });
  const head = el("tr", {}, ...["card", "type", "subtypes", ...A.statistics, "hand cost", "reserve cost", "more", ""]
    .map((t) => el("th", {text: t})));
  $("alt-cards").replaceChildren(rows.length ? el("table", {class: "objects"}, el("thead", {}, head), el("tbody", {}, rows))
    : el("p", {class: "muted", text: "No cards yet."}));
}

function renameCard(old, name) {
  const alt = board.alt;
  if (!name || name === old || name in alt.cards) { render(); return; }
  const renamed = {};
  for (const [k, v] of Object.entries(alt.cards)) renamed[k === old ? name : k] = v;
  alt.cards = renamed;
  for (const o of alt.objects) if (o.card === old) o.card = name;
  render();
}

function renderAlteredObjects(alt, A) {
  const fields = [["id", "text"], ["card", "card"], ["zone", "zone"], ["owner", "player"], ["controller", "player"],
    ["region", "region"], ["exhausted", "check"], ["fleeting", "check"], ["token", "check"], ["face_down", "tri"]];
  const input = (obj, i, [name, kind]) => {
    const field = `objects[${i}].${name}`, label = `${name} of ${obj.id || "object " + (i + 1)}`;
    const set = (v) => { setIn(obj, name)(v); if (name === "id") render(); };
    if (kind === "check") return altCheck(field, label, obj[name], set);
    if (kind === "tri") return altSelect(field, label, ["true", "false"], obj[name] === undefined ? "" : String(obj[name]),
      (v) => setIn(obj, name)(v === "" ? "" : v === "true"), "(default)");
    if (kind === "zone") return altSelect(field, label, A.zones, obj.zone, set, "—");
    if (kind === "region") return altSelect(field, label, A.regions, obj.region, set, "—");
    if (kind === "player") return altSelect(field, label, board.players, obj[name], set, name === "owner" ? "—" : "(owner)");
    if (kind === "card" && obj.card && typeof obj.card === "object") {
      return el("span", {class: "muted", "data-field": field, title: JSON.stringify(obj.card)}, "(inline card)");
    }
    if (kind === "card") return altSelect(field, label, Object.keys(alt.cards), obj.card, set, "(none: a Mana Orb)");
    return altInput(field, label, obj[name], set, 8);
  };
  const head = el("tr", {}, ...fields.map(([name]) => el("th", {text: name.replace(/_/g, " ")})), el("th"));
  const rows = alt.objects.map((obj, i) => el("tr", {}, ...fields.map((f, j) =>
      el("td", {"data-field": j === 0 ? `objects[${i}]` : null}, input(obj, i, f))),
    el("td", {}, el("button", {type: "button", class: "x", title: "remove",
      onclick: () => { alt.objects.splice(i, 1); render(); }}, "×"))));
  $("alt-objects").replaceChildren(rows.length ? el("table", {class: "objects"}, el("thead", {}, head), el("tbody", {}, rows))
    : el("p", {class: "muted", text: "No objects yet."}));
}

function renderAlteredActions(alt, A) {
  const inputs = (a, i) => {
    const base = `actions[${i}].${a.verb}`;
    if (a.verb === "pass") return [altSelect(base, "pass player", board.players, a.value, (v) => { a.value = v; }, "—")];
    if (a.verb !== "play") return [];
    const v = a.value = (a.value && typeof a.value === "object") ? a.value : {};
    const ids = (key) => altInput(`${base}.${key}`, `play ${key}`, v[key], (t) => setIn(v, key)(idList(t).length ? idList(t) : ""), 10);
    return [el("label", {}, "player ", altSelect(`${base}.player`, "play player", board.players, v.player, setIn(v, "player"), "—")),
      el("label", {}, "card ", altSelect(`${base}.card`, "play card", alt.objects.map((o) => o.id), v.card, setIn(v, "card"), "—")),
      el("label", {}, "expedition ", altSelect(`${base}.expedition`, "play expedition", A.expeditions, v.expedition, setIn(v, "expedition"), "—")),
      el("label", {}, "targets ", ids("targets")), el("label", {}, "pay ", ids("pay")),
      el("label", {}, "free ", altCheck(`${base}.free`, "play free", v.free, setIn(v, "free")))];
  };
  $("alt-actions").replaceChildren(...alt.actions.map((a, i) => el("div", {class: "row action"},
    el("span", {class: "verb", "data-field": `actions[${i}]`, text: `${i + 1}. ${a.verb}`}),
    el("span", {"data-field": `actions[${i}].${a.verb}`}), ...inputs(a, i),
    el("button", {type: "button", class: "x", title: "remove action",
      onclick: () => { alt.actions.splice(i, 1); render(); }}, "×"))));
  $("alt-verb").replaceChildren(...A.verbs.map((v) => el("option", {value: v, text: v})));
}

function wireAltered() {
  $("alt-add-card").addEventListener("click", () => {
    let name = "Card", n = 2;
    while (name in board.alt.cards) name = `Card ${n++}`;
    board.alt.cards[name] = {type: "character"};
    render();
  });
  $("alt-add-object").addEventListener("click", () => {
    board.alt.objects.push({id: uniqueId("object"), zone: "hand", owner: board.players[0]});
    render();
  });
  $("alt-add-action").addEventListener("click", () => {
    const verb = $("alt-verb").value;
    board.alt.actions.push({verb, value: verb === "play" ? {player: board.players[0]} : verb === "pass" ? board.players[0] : null});
    render();
  });
}
