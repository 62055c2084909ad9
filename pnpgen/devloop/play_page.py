"""The play page: the position as the seat sees it, played on the board.

What is clickable comes from the server, which takes it from the engine through the contract: each offered action
lists the keys of the spots it involves (markers, cells, locations, cards, rows) and the view holds where each
spot is on the picture (in the picture's own millimetres). A click on a spot keeps the actions that involve it and
highlights the spots they still need; an action is played once it is the only one left and at least two of its
spots (or its only one) were clicked; when several are left with every spot clicked, the list shows just them.
Numbers (crew over plan areas, resources) are steppers. Every action stays a button in the list, which the
keyboard reaches; the board's spots are reachable by Tab too. The page knows no game.
"""

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>TITLE</title>
<style>
body{margin:0;display:flex;font:14px sans-serif;height:100vh}
#side{width:34%;min-width:300px;display:flex;flex-direction:column;border-right:1px solid #ccc;overflow:auto}
#side>*{margin:0;padding:.4em 1em}
#status{font-weight:bold}
#message{color:#900;min-height:1em}
#message.fine{color:#063}
#actions button,#groups button.play{display:block;width:100%;text-align:left;margin:.2em 0;padding:.4em;
  font:13px sans-serif}
#actions button.chosen{outline:2px solid #e07000}
fieldset{margin:.3em 0;border:1px solid #bbb}
.stepper{display:flex;align-items:center;gap:.4em;margin:.15em 0}
.stepper span.label{flex:1}.stepper output{min-width:1.6em;text-align:center;font-weight:bold}
.stepper button{width:2em}
.sum{font-size:12px;color:#444}
#last{font-size:12px}
#last div{margin:.1em 0}
#lines{font:12px monospace;white-space:pre-wrap;border-top:1px solid #ccc;max-height:30vh;overflow:auto}
#board{flex:1;overflow:auto}
#frame{position:relative}
#frame>svg{display:block;width:100%;height:auto}
#overlay{position:absolute;left:0;top:0;width:100%;height:100%}
#overlay .spot{fill:transparent;stroke:none}
#overlay .pickable{stroke:#e07000;stroke-width:.35;stroke-dasharray:1 .8;cursor:pointer}
#overlay .target{fill:rgba(255,140,0,.28);stroke:#e07000;stroke-width:.7;cursor:pointer}
#overlay .picked{fill:rgba(0,120,255,.25);stroke:#0060d0;stroke-width:.9;cursor:pointer}
#overlay .spot:focus{outline:none;stroke:#000;stroke-width:1}
#overlay .last{fill:none;stroke-width:1.1;pointer-events:none}
.p1{stroke:#c62828;color:#c62828}.p2{stroke:#1565c0;color:#1565c0}.p3{stroke:#2e7d32;color:#2e7d32}
.p4{stroke:#6a1b9a;color:#6a1b9a}
#handover{position:fixed;inset:0;background:rgba(255,255,255,.97);display:flex;flex-direction:column;
  align-items:center;justify-content:center;font-size:20px;gap:1em}
#handover[hidden]{display:none}
#handover button{font-size:20px;padding:.5em 1em}
</style></head><body>
<div id="side"><h1 style="font-size:16px">TITLE</h1>
<p id="status" aria-live="polite"></p><p id="message" role="alert"></p>
<p><button id="undo" hidden>Undo my last action</button> <button id="clear" hidden>Clear the selection</button></p>
<div id="groups"></div>
<div id="actions" role="list"></div>
<div id="last"></div>
<p><a id="log" href="/log.yaml" download="playtest.yaml" hidden>the game, as a playtest log</a>
<span id="log-note"></span></p>
<div id="lines"></div></div>
<div id="board"><div id="frame"></div></div>
<div id="handover" hidden><p id="handover-text"></p><button id="take"></button>
<button id="handover-undo" hidden>Undo the last action</button></div>
<script>
(function () {
  var NS = "http://www.w3.org/2000/svg";
  var view = null, picks = [], timer = null;
  function $(id) { return document.getElementById(id); }
  function say(text, fine) { $("message").textContent = text || ""; $("message").className = fine ? "fine" : ""; }
  var busy = 0;  /* requests that change the game, under way */
  function post(path, body) {
    var changes = path.indexOf("/why") !== 0;
    if (changes) { busy += 1; document.body.setAttribute("data-busy", busy); }
    function done() { if (changes) { busy -= 1; document.body.setAttribute("data-busy", busy); } }
    return fetch(path, {method: "POST", headers: {"Content-Type": "application/json"},
                        body: JSON.stringify(body || {})}).then(function (r) {
      if (r.ok) { return r.json().then(function (v) { done(); return v; }); }
      return r.text().then(function (why) { done(); throw new Error(why.trim()); });
    }, function (e) { done(); throw e; });
  }
  function refresh() {
    busy += 1;
    document.body.setAttribute("data-busy", busy);
    function done() { busy -= 1; document.body.setAttribute("data-busy", busy); }
    return fetch("/state", {cache: "no-store"}).then(function (r) { return r.json(); }).then(show)
      .then(done, function (e) { done(); throw e; });
  }
  function failed(e) {
    busy += 1;  /* until the page shows the position again, with the refusal */
    return refresh().then(function () {
      say("Refused: " + e.message);
      busy -= 1;
      document.body.setAttribute("data-busy", busy);
    });
  }
  function act(action) {
    say("");
    post("/act", {action: action, after: view.played}).then(show, failed);
  }
  function candidates() {
    return view.legal.filter(function (a) {
      return picks.every(function (k) { return a.spots.indexOf(k) >= 0; });
    });
  }
  function complete(a) { return a.spots.every(function (k) { return picks.indexOf(k) >= 0; }); }
  function click(key) {
    if (!view || !view.your_turn) { return; }
    var at = picks.indexOf(key);
    if (at >= 0) { picks = picks.slice(0, at); draw(); return; }
    picks.push(key);
    var left = candidates();
    if (!left.length) {
      picks.pop();
      var fresh = view.legal.filter(function (a) { return a.spots.indexOf(key) >= 0; });
      if (fresh.length) { picks = [key]; left = fresh; } else { whyNot(key); return; }
    }
    say("");
    if (left.length === 1 && picks.length >= Math.min(2, left[0].spots.length)) { act(left[0].action); return; }
    draw();
    if (left.length > 1 && left.every(complete)) { say("Several actions fit: choose one in the list.", true); }
  }
  function whyNot(key) {
    /* A spot no action of the seat goes to: the server says which rule each action a click there could mean breaks. */
    post("/why_here", {spot: key, picks: picks}).then(function (a) { say(a.message); },
                                                      function (e) { say(e.message); });
  }
  function shape(key, r) {
    var el;
    if (r.shape === "circle") {
      el = document.createElementNS(NS, "circle");
      el.setAttribute("cx", r.x); el.setAttribute("cy", r.y); el.setAttribute("r", r.r);
    } else if (r.shape === "hex") {
      el = document.createElementNS(NS, "polygon");
      var pts = [];
      for (var i = 0; i < 6; i++) {
        var a = Math.PI / 3 * i;
        pts.push((r.x + r.r * Math.cos(a)).toFixed(2) + "," + (r.y + r.r * Math.sin(a)).toFixed(2));
      }
      el.setAttribute("points", pts.join(" "));
    } else {
      el = document.createElementNS(NS, "rect");
      el.setAttribute("x", r.x); el.setAttribute("y", r.y);
      el.setAttribute("width", r.w); el.setAttribute("height", r.h);
    }
    el.setAttribute("data-key", key);
    return el;
  }
  var ORDER = {row: 0, cell: 1, place: 2, card: 3, marker: 4};
  function draw() {
    var overlay = $("overlay");
    if (!overlay) { return; }
    overlay.innerHTML = "";
    var left = candidates(), wanted = {}, usable = {};
    view.legal.forEach(function (a) { a.spots.forEach(function (k) { usable[k] = 1; }); });
    left.forEach(function (a) { a.spots.forEach(function (k) { if (picks.indexOf(k) < 0) { wanted[k] = 1; } }); });
    var keys = Object.keys(view.regions).sort(function (a, b) {
      return ORDER[a.split(":")[0]] - ORDER[b.split(":")[0]];
    });
    keys.forEach(function (key) {
      var el = shape(key, view.regions[key]);
      var cls = "spot";
      if (picks.indexOf(key) >= 0) { cls += " picked"; }
      else if (picks.length && wanted[key]) { cls += " target"; }
      else if (!picks.length && usable[key]) { cls += " pickable"; }
      el.setAttribute("class", cls);
      if (cls !== "spot") {
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "button");
        el.setAttribute("aria-label", key);
      }
      el.addEventListener("click", function (e) { e.stopPropagation(); click(key); });
      el.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); click(key); }
      });
      overlay.appendChild(el);
    });
    view.last.forEach(function (l) {
      l.spots.forEach(function (key) {
        var el = shape(key, view.regions[key]);
        el.setAttribute("class", "last p" + l.player);
        overlay.appendChild(el);
      });
    });
    var box = $("actions");
    box.innerHTML = "";
    var shown = picks.length ? left : view.legal;
    shown.forEach(function (a) {
      var b = document.createElement("button");
      b.textContent = a.text;
      b.setAttribute("role", "listitem");
      if (picks.length && complete(a)) { b.className = "chosen"; }
      b.onclick = function () { act(a.action); };
      box.appendChild(b);
    });
    $("clear").hidden = !picks.length;
    $("groups").hidden = !!picks.length;
  }
  function filled(g, vector) {
    var action = JSON.parse(JSON.stringify(g.template)), omit = {};
    g.omit_zero.forEach(function (p) { omit[JSON.stringify(p)] = 1; });
    g.fields.forEach(function (f) {
      var target = action;
      for (var i = 0; i < f.path.length - 1; i++) { target = target[f.path[i]]; }
      target[f.path[f.path.length - 1]] = {};
    });
    g.fields.forEach(function (f, i) {
      var target = action;
      for (var j = 0; j < f.path.length; j++) { target = target[f.path[j]]; }
      if (!(vector[i] === 0 && omit[JSON.stringify(f.path)])) { target[f.key] = vector[i]; }
    });
    return action;
  }
  function steppers() {
    var box = $("groups");
    box.innerHTML = "";
    view.groups.forEach(function (g, gi) {
      var vector = g.start.slice(), set = $("groups");
      var legal = {};
      g.vectors.forEach(function (v) { legal[v.join(",")] = 1; });
      var fs = document.createElement("fieldset");
      fs.className = "group";
      var lg = document.createElement("legend");
      lg.textContent = g.title;
      fs.appendChild(lg);
      var outs = [], sums = [];
      var play = document.createElement("button"), note = document.createElement("p");
      play.className = "play";
      function update() {
        outs.forEach(function (o, i) { o.value = vector[i]; o.textContent = vector[i]; });
        g.sums.forEach(function (s, i) {
          var n = 0;
          s.fields.forEach(function (k) { n += vector[k]; });
          sums[i].textContent = s.label + ": " + n + " of " + s.total;
        });
        var ok = !!legal[vector.join(",")];
        play.disabled = !ok;
        var action = filled(g, vector);
        play.textContent = "Play";
        post("/why", {action: action}).then(function (a) {
          play.textContent = a.legal ? "Play: " + a.text : "Play";
          note.textContent = a.legal ? "" : "Not legal: " + a.why;
        }, function (e) { note.textContent = e.message; });
      }
      g.fields.forEach(function (f, i) {
        if (!f.varies) { return; }
        var row = document.createElement("div");
        row.className = "stepper";
        var label = document.createElement("span");
        label.className = "label";
        label.textContent = f.label;
        var minus = document.createElement("button"), plus = document.createElement("button");
        var out = document.createElement("output");
        minus.textContent = "\\u2212"; plus.textContent = "+";
        minus.setAttribute("aria-label", "one less " + f.label);
        plus.setAttribute("aria-label", "one more " + f.label);
        minus.setAttribute("data-field", i); plus.setAttribute("data-field", i);
        minus.className = "less"; plus.className = "more";
        minus.onclick = function () { if (vector[i] > f.least) { vector[i] -= 1; update(); } };
        plus.onclick = function () { if (vector[i] < f.most) { vector[i] += 1; update(); } };
        outs[i] = out;
        row.appendChild(label); row.appendChild(minus); row.appendChild(out); row.appendChild(plus);
        fs.appendChild(row);
      });
      g.sums.forEach(function (s, i) {
        var p = document.createElement("div");
        p.className = "sum";
        sums[i] = p;
        fs.appendChild(p);
      });
      play.onclick = function () { act(filled(g, vector)); };
      var reset = document.createElement("button");
      reset.textContent = "Back to a legal choice";
      reset.className = "reset";
      reset.onclick = function () { vector = g.start.slice(); update(); };
      fs.appendChild(play);
      fs.appendChild(reset);
      fs.appendChild(note);
      fs.setAttribute("data-group", gi);
      set.appendChild(fs);
      update();
    });
  }
  function show(v) {
    view = v;
    window.pnpgenView = v;  /* what the page was last given (tests read it) */
    picks = [];
    if (timer) { clearTimeout(timer); timer = null; }
    $("status").textContent = v.over ? "Game over: " + v.status : v.status;
    var frame = $("frame");
    frame.innerHTML = v.picture;
    var pic = frame.querySelector("svg");
    var overlay = document.createElementNS(NS, "svg");
    overlay.setAttribute("id", "overlay");
    overlay.setAttribute("viewBox", pic.getAttribute("viewBox"));
    frame.appendChild(overlay);
    $("lines").textContent = v.lines.join("\\n");
    $("log").hidden = !v.log;
    $("log-note").textContent = v.log_note;
    $("undo").hidden = !v.undo;
    var last = $("last");
    last.innerHTML = "";
    v.last.forEach(function (l) {
      var d = document.createElement("div");
      d.className = "p" + l.player;
      d.textContent = "\\u25a0 player " + l.player + "'s last action (" + l.number + "): " + l.text;
      last.appendChild(d);
    });
    $("handover").hidden = v.handover === null;
    if (v.handover !== null) {
      $("handover-text").textContent = "Player " + v.handover + " to move: pass the page to player " + v.handover +
        ". The others look away.";
      $("take").textContent = "I am player " + v.handover + ": show my position";
      $("handover-undo").hidden = !v.undo;
    }
    draw();
    steppers();
    var state = v.over ? "over" : v.handover !== null ? "handover" : v.your_turn ? "your-turn" : "waiting";
    document.body.setAttribute("data-state", state);
    document.body.setAttribute("data-played", v.played);
    if (v.agents_next) {
      $("status").textContent = v.status + (v.pause_ms ? " (the agents reply in a moment)" : "");
      timer = setTimeout(function () { timer = null; post("/advance").then(show, failed); }, v.pause_ms);
    }
  }
  $("undo").onclick = $("handover-undo").onclick = function () {
    if (timer) { clearTimeout(timer); timer = null; }
    post("/undo").then(function (v) { show(v); say("Taken back.", true); }, failed);
  };
  $("clear").onclick = function () { picks = []; draw(); say(""); };
  $("take").onclick = function () { post("/seat", {seat: view.handover}).then(show, failed); };
  document.body.setAttribute("data-busy", 0);
  refresh();
})();
</script></body></html>
"""
