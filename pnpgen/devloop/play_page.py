"""The play page: the position as the person's seat sees it, its legal actions as buttons, what was played."""

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>TITLE</title>
<style>
body{margin:0;display:flex;font:14px sans-serif;height:100vh}
#side{width:34%;display:flex;flex-direction:column;border-right:1px solid #ccc}
#side>*{margin:0;padding:.6em 1em}
#actions{overflow:auto;flex:1}
#actions button{display:block;width:100%;text-align:left;margin:.2em 0;padding:.4em;font:13px sans-serif}
#refused{color:#900}
#lines{overflow:auto;max-height:35vh;font:12px monospace;white-space:pre-wrap;border-top:1px solid #ccc}
#picture{flex:1;overflow:auto}#picture svg{width:100%;height:auto}
</style></head><body>
<div id="side"><h1 style="font-size:16px">TITLE</h1><p id="status"></p><p id="refused" role="alert"></p>
<div id="actions"></div>
<p><a id="log" href="/log.yaml" download="playtest.yaml" hidden>the game, as a playtest log</a>
<span id="log-note"></span></p>
<div id="lines"></div></div>
<div id="picture"></div>
<script>
(function () {
  var auto = /[?&]autoplay=1/.test(location.search), played = 0;
  function show(v) {
    played = v.played;
    document.getElementById("status").textContent = v.over ? "Game over: " + v.status : v.status;
    document.getElementById("picture").innerHTML = v.picture;
    document.getElementById("lines").textContent = v.lines.join("\\n");
    document.getElementById("log").hidden = !v.log;
    document.getElementById("log-note").textContent = v.log_note;
    var box = document.getElementById("actions");
    box.innerHTML = "";
    v.legal.forEach(function (offered) {
      var b = document.createElement("button");
      b.textContent = offered.text;
      b.onclick = function () { act(offered.action); };
      box.appendChild(b);
    });
    document.body.setAttribute("data-state", v.over ? "over" : v.your_turn ? "your-turn" : "waiting");
    document.body.setAttribute("data-played", v.played);
    if (auto && v.your_turn && v.legal.length) {  /* a test plays a random seat through the page itself */
      setTimeout(function () { box.children[Math.floor(Math.random() * v.legal.length)].click(); }, 0);
    }
  }
  function act(action) {
    document.getElementById("refused").textContent = "";
    fetch("/act", {method: "POST", headers: {"Content-Type": "application/json"},
                   body: JSON.stringify({action: action, after: played})})
      .then(function (r) {
        if (r.ok) { return r.json().then(show); }
        return r.text().then(function (why) {
          document.getElementById("refused").textContent = "Refused: " + why;
          return fetch("/state", {cache: "no-store"}).then(function (s) { return s.json(); }).then(show);
        });
      });
  }
  fetch("/state", {cache: "no-store"}).then(function (r) { return r.json(); }).then(show);
})();
</script></body></html>
"""
