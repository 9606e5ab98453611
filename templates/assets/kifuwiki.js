/* kifuwiki viewer: shows states the server rendered (each step's <details>), keeps
 * hash, slider and list in step; sorts/filters index tables. Knows no game: game scripts
 * hook "kifuwiki:show". No framework, no requests. */
(function () {
  "use strict";
  var viewers = [];
  var active = null;

  /* A step's number is its place in its list (a side line's list counts from 0 too). */
  function stepOf(el) {
    var li = el && el.closest ? el.closest(".kw-moves>li") : null;
    return li && li.parentElement ? Array.prototype.indexOf.call(li.parentElement.children, li) : -1;
  }

  /* A side line (a variation) is a viewer inside a step of another: each viewer acts on
     its own steps, controls and keys only. ownedBy: el belongs to root, not to a viewer
     nested in it; stepIn: root's step holding el (for el deep in a side line, the step
     the side line branches from). */
  function ownedBy(root, el) {
    return !!el && el.closest(".kw-viewer") === root;
  }

  function stepIn(root, el) {
    if (!el || !root.contains(el)) return -1;
    var inner = el.closest(".kw-viewer");
    while (inner && inner !== root) {
      el = inner;
      inner = inner.parentElement ? inner.parentElement.closest(".kw-viewer") : null;
    }
    return stepOf(el);
  }

  /* A step's label: its link's title, which leaves out the first annotation the step
     shows (render/labels.py step_title): "… (1213):" and the note "1213 is prime". */
  function stepLabel(li, title) {
    var note = li.querySelector(":scope>ul>li"); /* the step's first annotation */
    if (!note) return title;
    if (/:$/.test(title)) return title + " " + note.textContent;
    return /:\u200b+$/.test(title) ? title.slice(0, -1) : title;
  }

  function hashTarget() {
    var id; try { id = decodeURIComponent(location.hash.slice(1)); } catch (e) { id = location.hash.slice(1); }
    return id ? document.getElementById(id) : null;
  }

  function Viewer(root) {
    var self = this;
    this.root = root;
    this.items = Array.prototype.slice.call(root.querySelectorAll(".kw-moves>li"))
      .filter(function (li) { return ownedBy(root, li); });
    this.nested = !!(root.parentElement && root.parentElement.closest(".kw-viewer"));
    /* Label (number link's title) and flags, from each <li>. */
    this.steps = this.items.map(function (li) {
      /* The move line is the step's first <div>: its number <a>, its notation <code>. */
      var num = li.querySelector(":scope>div>a");
      var notation = li.querySelector(":scope>div>code");
      var who = li.querySelector(":scope>div>a+span:not([class])");
      return {
        label: num ? stepLabel(li, num.getAttribute("title") || "") : "",
        flags: (li.getAttribute("data-flags") || "").split(" "),
        /* The mover: data-kw-player, else the name right after the number (the key). */
        player: li.hasAttribute("data-kw-player") ? li.getAttribute("data-kw-player") : who ? who.textContent : "",
        notation: notation ? notation.textContent : ""
      };
    });
    this.board = root.querySelector(".kw-board");
    this.caption = root.querySelector(".kw-board-caption");
    this.list = root.querySelector(".kw-moves");
    this.slider = root.querySelector(".kw-slider");
    this.counter = root.querySelector(".kw-counter");
    this.live = root.querySelector(".kw-live");
    this.playButton = root.querySelector('[data-kw-go="play"]');
    this.speed = root.querySelector(".kw-speed select");
    this.help = root.querySelector(".kw-help");
    this.helpButton = root.querySelector('[data-kw-go="help"]');
    this.timer = null;
    this.current = -1;
    this.jumpKeys = {};
    var jumps = root.querySelectorAll("[data-kw-jump][data-kw-key]");
    for (var j = 0; j < jumps.length; j++) {
      if (ownedBy(root, jumps[j])) this.jumpKeys[jumps[j].getAttribute("data-kw-key")] = jumps[j].getAttribute("data-kw-jump");
    }
    if (!this.items.length) return;

    root.classList.add("kw-js");
    root.querySelector(".kw-controls").hidden = false;
    var note = root.querySelector(".kw-nojs");
    if (note) note.hidden = true;
    if (!root.hasAttribute("tabindex")) root.tabIndex = -1;
    this.setupModes();

    root.addEventListener("click", function (ev) {
      if (!ownedBy(root, ev.target)) return; /* a side line's own click */
      var button = ev.target.closest("button");
      active = self;
      if (button && root.contains(button)) {
        var go = button.getAttribute("data-kw-go");
        var jump = button.getAttribute("data-kw-jump");
        if (go === "play") self.toggleAutoplay();
        else if (go === "help") self.toggleHelp();
        else if (go === "copy") self.copyLink(button);
        else if (go === "copy-text") self.copyPosition();
        else if (go === "guess") self.toggleGuess();
        else if (go === "reveal") self.guess(false);
        else if (go) { self.stop(); self.go(go); }
        else if (jump) { self.stop(); self.jump(jump, 1); }
        return;
      }
      /* Links to our moves: onMoveLink. */
      if (ev.target.closest("a")) return;
      /* Tapping the board's left/right third steps (phones). */
      var onBoard = ev.target.closest(".kw-board");
      if (onBoard && !ev.target.closest("a") && !String(window.getSelection() || "")) {
        var box = onBoard.getBoundingClientRect();
        var x = (ev.clientX - box.left) / box.width;
        if (x < 1 / 3 || x > 2 / 3) { self.stop(); self.go(x < 1 / 3 ? "prev" : "next"); }
        return;
      }
      /* A click on a move (not on a control) shows it. */
      if (ev.target.closest("a, summary, details, input, select, label")) return;
      var n = stepOf(ev.target);
      if (n >= 0) { self.stop(); self.show(n, true); }
    });
    this.slider.addEventListener("input", function () {
      self.stop();
      self.show(parseInt(self.slider.value, 10), true);
    });
    root.addEventListener("keydown", function (ev) {
      if (!ownedBy(root, ev.target)) return; /* a side line's own key */
      active = self;
      if (self.key(ev)) { ev.preventDefault(); ev.stopPropagation(); }
    });

    var target = hashTarget();
    var start = stepIn(root, target);
    if (start >= 0) {
      this.show(start, false);
      this.reveal();
      /* The browser scrolls to the fragment on load: show the board. */
      if (document.readyState !== "complete") {
        window.addEventListener("load", function () { self.reveal(); }, { once: true });
      }
    } else {
      this.show(0, false);
    }
  }

  Viewer.prototype.last = function () { return this.items.length - 1; };

  Viewer.prototype.limit = function () { return this.guessing ? this.frontier : this.last(); };

  Viewer.prototype.show = function (n, updateHash) {
    n = Math.max(0, Math.min(this.limit(), n));
    var item = this.items[n];
    /* The step's position: its <details> but the summary, shown in a .kw-state. */
    var state = item.querySelector(":scope>details");
    var old = this.board.querySelector(".kw-state");
    if (state) {
      var copy = document.createElement("div");
      copy.className = "kw-state";
      for (var c = state.firstChild; c; c = c.nextSibling) {
        if (c.nodeName !== "SUMMARY") copy.appendChild(c.cloneNode(true));
      }
      this.maskSeats(copy);
      if (old) this.board.replaceChild(copy, old); else this.board.appendChild(copy);
      /* A game's script finishes the position (glyphs, highlights). */
      copy.dispatchEvent(new CustomEvent("kifuwiki:show", { bubbles: true, detail: { step: n } }));
    }
    if (this.current >= 0 && this.items[this.current]) {
      this.items[this.current].classList.remove("kw-active");
      this.items[this.current].removeAttribute("aria-current");
    }
    item.classList.add("kw-active");
    item.setAttribute("aria-current", "step");
    this.current = n;
    this.root.setAttribute("data-kw-current", String(n));
    var stale = this.root.querySelector(".kw-copy-fallback");
    if (stale) stale.remove(); /* copy-by-hand text of the last step */
    /* Hidden results show once the end was reached (kifuwiki.css). */
    if (n === this.last() && !this.nested) this.root.setAttribute("data-kw-at-end", "");
    var label = this.steps[n] ? this.steps[n].label : "";
    this.caption.textContent = label;
    this.slider.value = String(n);
    this.counter.textContent = n + " / " + this.last();
    this.live.textContent = label;
    this.scrollList(item);
    if (updateHash && history.replaceState) {
      history.replaceState(history.state, "", "#" + item.id);
    }
  };

  /* The current move visible in the list, the page not scrolled. */
  Viewer.prototype.scrollList = function (item) {
    var list = this.list;
    if (list.scrollHeight <= list.clientHeight) return;
    var top = item.offsetTop; /* the list is the offsetParent */
    if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - (list.clientHeight - item.offsetHeight) / 2);
    }
  };

  /* The whole viewer into view. */
  Viewer.prototype.reveal = function () {
    var root = this.root;
    var item = this.items[this.current];
    root.scrollIntoView({ block: "start" });
    this.scrollList(item);
  };

  Viewer.prototype.go = function (where) {
    var n = this.current;
    if (where === "first") n = 0;
    else if (where === "prev") n -= 1;
    else if (where === "next") n += 1;
    else if (where === "last") n = this.limit();
    if (where === "next" && this.guessing && n > this.frontier) {
      this.live.textContent = this.guessForm.getAttribute("data-kw-first");
      this.guessInput.focus();
      return;
    }
    if (n !== this.current && n >= 0 && n <= this.limit()) this.show(n, true);
  };

  Viewer.prototype.jump = function (flag, direction) {
    for (var n = this.current + direction; n >= 0 && n <= this.limit(); n += direction) {
      if (this.steps[n] && this.steps[n].flags.indexOf(flag) >= 0) {
        this.show(n, true);
        return true;
      }
    }
    return false;
  };

  Viewer.prototype.toggleAutoplay = function () {
    if (this.timer) { this.stop(); return; }
    var self = this;
    if (this.current >= this.limit()) this.show(0, true);
    this.playButton.setAttribute("aria-pressed", "true");
    this.playButton.classList.add("kw-playing");
    var tick = function () {
      if (self.current >= self.limit() || !document.contains(self.root)) { self.stop(); return; }
      self.show(self.current + 1, true);
      self.timer = setTimeout(tick, parseInt(self.speed.value, 10) || 1500);
    };
    this.timer = setTimeout(tick, parseInt(this.speed.value, 10) || 1500);
  };

  Viewer.prototype.stop = function () {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.playButton.setAttribute("aria-pressed", "false");
    this.playButton.classList.remove("kw-playing");
  };

  Viewer.prototype.toggleHelp = function () {
    this.help.hidden = !this.help.hidden;
    this.helpButton.setAttribute("aria-expanded", String(!this.help.hidden));
  };

  /* The move's address to the clipboard (else announced; the address bar has it too). */
  Viewer.prototype.copyLink = function (button) {
    var url = location.href.split("#")[0] + "#" + this.items[this.current].id;
    history.replaceState(history.state, "", url);
    this.live.textContent = url;
    this.copy(button, url, button.getAttribute("data-kw-done") + ": " + url, function () {});
  };

  /* The Clipboard API, else execCommand (http:, old browsers), else failed(). */
  Viewer.prototype.copy = function (button, text, said, failed) {
    var live = this.live;
    function done() {
      live.textContent = said;
      button.setAttribute("data-kw-copied", "");
      setTimeout(function () { button.removeAttribute("data-kw-copied"); }, 2000);
    }
    function fallback() {
      var area = document.body.appendChild(document.createElement("textarea")), ok = false;
      area.value = text;
      area.style.cssText = "position:fixed;top:0;left:-9999px";
      area.select();
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      area.remove();
      (ok ? done : failed)();
    }
    if (navigator.clipboard) navigator.clipboard.writeText(text).then(done, fallback);
    else fallback();
  };

  /* ---- modes (issue 14): position as text, seat view, guess the move ---- */

  function fill(template, values) {
    return String(template || "").replace(/\{(\w+)\}/g, function (all, k) { return k in values ? values[k] : all; });
  }

  var BLOCK = /^(DIV|P|LI|UL|OL|DL|DT|DD|TABLE|TR|SECTION|H\d)$/;

  /* From the markup, not the layout (themes, widths agree): a line per block, inline
     elements as words (CSS spaces badges). */
  function positionText(node) {
    var lines = [], line = "";
    function flush() {
      line = line.replace(/\s+/g, " ").replace(/ ([)\]、,.:;])/g, "$1").replace(/([(\[]) /g, "$1").trim();
      if (line) lines.push(line);
      line = "";
    }
    (function walk(n) {
      if (n.nodeType === 3) { line += n.nodeValue; return; }
      if (n.nodeType !== 1 || n.hidden || n.getAttribute("aria-hidden") === "true" || /^(svg|script|style)$/i.test(n.tagName)) return;
      var label = n.getAttribute("role") === "img" && n.getAttribute("aria-label");
      if (label) { line += " " + label + " "; return; }
      var tag = n.tagName.toUpperCase(), block = BLOCK.test(tag);
      if (tag === "DD") line += " "; else if (block) flush(); else line += " ";
      for (var c = n.firstChild; c; c = c.nextSibling) walk(c);
      if (tag === "DT") line += ":"; else if (block) flush(); else line += " ";
    })(node);
    flush();
    return lines.join("\n");
  }

  /* A move as compared: case, spacing and an "A:" prefix left out. */
  function norm(s) { return (s.normalize ? s.normalize("NFKC") : s).toLowerCase().trim().replace(/^[^\s:]{1,12}:/, ""); }

  /* Ignores case, spacing, an "A:" prefix, token order (a set of cards). */
  function sameMove(guess, move) {
    function sorted(s) { return s.split(/[\s,;()]+/).filter(Boolean).sort().join(" "); }
    var g = norm(guess), m = norm(move);
    return g !== "" && sorted(g) === sorted(m);
  }

  Viewer.prototype.setupModes = function () {
    var self = this, root = this.root, $ = function (s) { return root.querySelector(s); };
    this.seat = "";
    this.guessing = false;
    this.frontier = this.last();
    this.copyButton = $('[data-kw-go="copy-text"]');
    this.seatLabel = $(".kw-seat-view");
    this.guessForm = $(".kw-guess");
    /* custom_templates may hold an older viewer.html */
    this.modes = Boolean(this.copyButton && this.seatLabel && this.guessForm);
    if (!this.modes) return;
    /* What the game says the reader cannot know (data-kw-ignore), compiled once. */
    var ignore = this.guessForm.getAttribute("data-kw-ignore");
    this.ignore = ignore ? new RegExp(ignore, "g") : null;
    this.copyButton.hidden = false;
    /* A record with no decision to guess (a session of dice rolls) offers no guessing. */
    $('[data-kw-go="guess"]').hidden = !this.steps.some(function (step) { return self.asked(step); });
    this.seatSelect = this.seatLabel.querySelector("select");
    this.guessInput = this.guessForm.querySelector("input");
    this.guessResult = this.guessForm.querySelector(".kw-guess-result");
    this.setupSeats();
    this.seatSelect.addEventListener("change", function () { active = self; self.setSeat(self.seatSelect.value); });
    this.guessForm.addEventListener("submit", function (ev) { ev.preventDefault(); self.guess(true); });
    /* Escape in the answer closes the form, as on the viewer (key). */
    this.guessInput.addEventListener("keydown", function (ev) {
      if (ev.key === "Escape") { ev.preventDefault(); self.closeGuess(); }
    });
  };

  /* A game whose hands say whose they are in their text (its seat_hands rule on the
     select, "HAND|NAME|COUNT": beside a hand, the player's name and "11 cards") leaves
     data-kw-seat and data-kw-count out of every step; they are added here, once. */
  Viewer.prototype.markHands = function () {
    var rule = (this.seatSelect.getAttribute("data-kw-hands") || "").split("|");
    if (rule.length !== 3) return;
    var keys = Object.create(null);
    Array.prototype.forEach.call(this.seatSelect.options, function (o) { if (o.value) keys[o.textContent] = o.value; });
    Array.prototype.forEach.call(this.root.querySelectorAll(rule[0]), function (hand) {
      var box = hand.parentElement, name = box && box.querySelector(":scope>" + rule[1]);
      if (hand.hasAttribute("data-kw-seat") || !name || !(name.textContent in keys)) return;
      var count = box.querySelector(":scope>" + rule[2]);
      hand.setAttribute("data-kw-seat", keys[name.textContent]);
      if (count) hand.setAttribute("data-kw-count", String(parseInt(count.textContent, 10)));
    });
  };

  /* Seats the game marks (data-kw-seat); steps name the mover by key or name: seatOf. */
  Viewer.prototype.setupSeats = function () {
    var seen = {}, names = this.names = {}, seatOf = this.seatOf = {};
    this.markHands();
    Array.prototype.forEach.call(this.root.querySelectorAll(".kw-moves [data-kw-seat]"), function (el) {
      seen[el.getAttribute("data-kw-seat")] = true;
    });
    Array.prototype.slice.call(this.seatSelect.options, 1).forEach(function (o) {
      names[o.value] = o.textContent;
      seatOf[o.value] = seatOf[o.value] || o.value;
      seatOf[o.textContent] = seatOf[o.textContent] || o.value;
      if (!seen[o.value]) o.remove();
    });
    if (this.seatSelect.options.length < 2) return;
    this.seatLabel.hidden = false;
    Array.prototype.forEach.call(this.root.querySelectorAll(".kw-help-seat"), function (el) { el.hidden = false; });
    var wanted = new URLSearchParams(location.search).get(this.seatParam());
    if (seen[wanted]) this.seat = this.seatSelect.value = wanted;
  };

  Viewer.prototype.seatParam = function () {
    var prefix = this.root.getAttribute("data-kw-prefix");
    return prefix ? "seat-" + prefix.replace(/-$/, "") : "seat";
  };

  Viewer.prototype.setSeat = function (key) {
    var url = new URL(location.href);
    this.seat = this.seatSelect.value = key;
    if (key) url.searchParams.set(this.seatParam(), key); else url.searchParams.delete(this.seatParam());
    history.replaceState(history.state, "", url.href);
    if (this.guessing) { this.advanceOthers(); this.applyFrontier(); }
    this.show(this.guessing ? this.frontier : this.current, false);
  };

  /* Others' cards: a card back and a count, named for screen readers. */
  Viewer.prototype.maskSeats = function (state) {
    if (!this.seat) return;
    /* "one|other": the first form for one card, the second for any other count. */
    var forms = this.seatSelect.getAttribute("data-kw-face-down").split("|");
    Array.prototype.forEach.call(state.querySelectorAll("[data-kw-seat]"), function (hand) {
      if (hand.getAttribute("data-kw-seat") === this.seat) return;
      var n = parseInt(hand.getAttribute("data-kw-count"), 10);
      if (isNaN(n)) n = hand.textContent.split(/\s+/).filter(Boolean).length;
      hand.removeAttribute("title");
      hand.innerHTML = '<span class="kw-face-down" role="img"><span class="kw-card-back" aria-hidden="true">\uD83C\uDCA0</span><span aria-hidden="true"> \u00D7' + n + "</span></span>";
      hand.firstChild.setAttribute("aria-label", fill(forms[n === 1 ? 0 : forms.length - 1], { n: n }));
    }, this);
  };

  Viewer.prototype.copyPosition = function () {
    var self = this, button = this.copyButton;
    var state = this.board.querySelector(".kw-state");
    var text = this.root.getAttribute("data-kw-title") + " \u2014 " +
      fill(button.getAttribute("data-kw-heading"), { n: this.current, label: this.steps[this.current].label }) +
      "\n" + (state ? positionText(state) : "");
    this.copy(button, text, button.getAttribute("data-kw-done"), function () {
      /* Shown, selected, to copy by hand (gone on the next step). */
      var box = self.root.querySelector("textarea") || self.root.querySelector(".kw-controls").appendChild(document.createElement("textarea"));
      box.className = "kw-copy-fallback";
      box.value = text;
      box.select();
      self.live.textContent = button.getAttribute("data-kw-failed");
    });
  };

  /* Guessing: the steps after this.frontier are hidden. */
  Viewer.prototype.toggleGuess = function () {
    this.stop();
    this.guessing = !this.guessing;
    this.root.querySelector('[data-kw-go="guess"]').setAttribute("aria-pressed", this.guessing);
    this.guessForm.hidden = !this.guessing;
    this.guessResult.textContent = "";
    this.score = { right: 0, tried: 0 };
    this.frontier = this.guessing ? this.current : this.last();
    this.advanceOthers();
    this.applyFrontier();
    this.show(this.guessing ? this.frontier : this.current, true);
    if (this.guessing) this.guessInput.focus();
  };

  /* Out of guess mode, focus back on the button that opened it (not lost with the form). */
  Viewer.prototype.closeGuess = function () {
    var toggle = this.root.querySelector('[data-kw-go="guess"]');
    if (this.guessing) this.toggleGuess();
    toggle.focus();
  };

  /* Guess mode asks only for a decision of the seat seen by (every seat's if none): not
     a step without a mover (a hand's heading, a settlement) nor one whose notation the
     game's data-kw-ignore removes whole (a deal, a draw, a die roll: chance). */
  Viewer.prototype.asked = function (step) {
    if (!step.player || (this.seat && this.seatOf[step.player] !== this.seat)) return false;
    return !this.ignore || norm(step.notation.replace(this.ignore, "")) !== "";
  };

  Viewer.prototype.advanceOthers = function () {
    while (this.frontier < this.last() && !this.asked(this.steps[this.frontier + 1])) this.frontier += 1;
  };

  Viewer.prototype.applyFrontier = function () {
    var limit = this.limit(), form = this.guessForm, ended = this.frontier >= this.last();
    var next = this.steps[this.frontier + 1];
    this.items.forEach(function (li, i) { li.hidden = i > limit; });
    this.slider.max = limit;
    this.root.toggleAttribute("data-kw-guessing", this.guessing && !ended);
    form.querySelector("label").textContent = ended ? form.getAttribute("data-kw-end") :
      fill(form.getAttribute("data-kw-prompt"), { n: this.frontier + 1, player: this.names[next.player] || next.player || "\u2014" });
    form.querySelector("fieldset").disabled = ended;
    form.querySelector(".kw-guess-score").textContent = fill(form.getAttribute("data-kw-score"), this.score);
  };

  /* asked: a typed guess, else "show" */
  Viewer.prototype.guess = function (asked) {
    var text = this.guessInput.value.trim(), n = this.frontier + 1;
    if (!this.guessing || n > this.last() || (asked && !text)) return;
    var move = this.steps[n].notation;
    /* What the game says the reader cannot know may be left out of the guess: it is
       compared with the move with and without it, and left out of both. */
    var pattern = this.ignore, known = pattern ? move.replace(pattern, "") : move;
    var right = asked && (sameMove(text, move) || sameMove(text, known) || !!pattern && sameMove(text.replace(pattern, ""), known));
    var outcome = asked ? (right ? "right" : "wrong") : "shown";
    if (asked) { this.score.tried += 1; this.score.right += right; }
    this.frontier = n;
    this.advanceOthers();
    this.applyFrontier();
    this.show(this.frontier, true);
    this.live.textContent = this.guessResult.textContent = fill(this.guessForm.getAttribute("data-kw-" + outcome), { n: n, move: move, guess: text });
    this.guessResult.setAttribute("data-kw-outcome", outcome);
    this.guessInput.value = "";
    if (this.root.contains(document.activeElement)) this.guessInput.focus();
  };

  /* Returns true when the key was ours. */
  Viewer.prototype.key = function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return false;
    var t = ev.target;
    var tag = t && t.tagName;
    if (tag === "TEXTAREA" || tag === "SELECT" || (t && t.isContentEditable)) return false;
    if (tag === "INPUT" && t.type !== "range") return false;
    var onControl = tag === "INPUT" || tag === "BUTTON" || tag === "SUMMARY" || tag === "A";
    switch (ev.key) {
      case "ArrowLeft": this.stop(); this.go("prev"); return true;
      case "ArrowRight": this.stop(); this.go("next"); return true;
      case "Home": this.stop(); this.go("first"); return true;
      case "End": this.stop(); this.go("last"); return true;
      case " ":
      case "Spacebar":
        if (onControl) return false; /* Space presses the focused button */
        this.toggleAutoplay();
        return true;
      case "?": this.toggleHelp(); return true;
      case "x": case "X": if (!this.modes) return false; this.copyPosition(); return true;
      case "g": case "G": if (!this.modes || this.root.querySelector('[data-kw-go="guess"]').hidden) return false; this.toggleGuess(); return true;
      case "v": case "V":
        if (!this.modes || this.seatLabel.hidden) return false;
        var options = this.seatSelect.options;
        this.setSeat(options[(this.seatSelect.selectedIndex + 1) % options.length].value);
        this.live.textContent = options[this.seatSelect.selectedIndex].textContent;
        return true;
      case "Escape":
        if (!this.help.hidden) { this.toggleHelp(); return true; }
        if (this.modes && this.guessing) { this.closeGuess(); return true; }
        return false;
    }
    /* The game's jump keys (data-kw-key). */
    var flag = this.jumpKeys[ev.key.toLowerCase()];
    if (flag) {
      this.stop();
      this.jump(flag, ev.shiftKey ? -1 : 1);
      return true;
    }
    return false;
  };

  /* Unfocused keys: the last viewer used, else the first on screen, else the only one. */
  function onDocumentKey(ev) {
    if (ev.defaultPrevented) return;
    var t = ev.target;
    if (t && t !== document.body && t !== document.documentElement) return;
    var v = active && document.contains(active.root) ? active : null;
    for (var i = 0; !v && i < viewers.length; i++) {
      var r = viewers[i].root.getBoundingClientRect();
      if (r.bottom > 0 && r.top < window.innerHeight) v = viewers[i];
    }
    if (!v && viewers.length === 1) v = viewers[0];
    /* Material binds letters on window (p, s): stop here. */
    if (v && v.key(ev)) { ev.preventDefault(); ev.stopPropagation(); }
  }

  /* A link to one of our moves, handled before the theme (capture): Material rewrites
     links to absolute URLs and swaps the page in again for a same-page link. */
  function onMoveLink(ev) {
    if (ev.defaultPrevented || ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
    var link = ev.target && ev.target.closest ? ev.target.closest("a[href]") : null;
    if (!link || link.target || !link.hash || link.href.split("#")[0] !== location.href.split("#")[0]) return;
    var to; try { to = document.getElementById(decodeURIComponent(link.hash.slice(1))); } catch (e) { return; }
    /* Every viewer holding the target moves: a side line's and the one it branches from. */
    var inner = null;
    for (var i = 0; to && i < viewers.length; i++) {
      var v = viewers[i];
      var n = stepIn(v.root, to);
      if (n < 0) continue;
      ev.preventDefault();
      ev.stopPropagation();
      v.stop();
      v.show(n, true);
      if (ownedBy(v.root, to)) inner = v;
    }
    if (inner) {
      active = inner;
      inner.show(inner.current, true); /* the address names the innermost step */
      if (!inner.root.contains(link)) inner.reveal(); /* e.g. from a diagnostic */
    }
  }

  function onHashChange() {
    var target = hashTarget();
    if (!target) return;
    for (var i = 0; i < viewers.length; i++) {
      var v = viewers[i];
      var n = stepIn(v.root, target);
      if (n < 0) continue;
      if (n !== v.current) { v.stop(); v.show(n, false); }
      if (ownedBy(v.root, target)) { active = v; v.reveal(); }
    }
  }

  /* ---- index tables: sort by header, filter by text ---- */

  function cellValue(row, col) {
    var cell = row.cells[col];
    if (!cell) return "";
    var v = cell.getAttribute("data-sort");
    return v !== null ? v : cell.textContent.trim();
  }

  function compare(a, b) {
    var x = parseFloat(a), y = parseFloat(b);
    if (!isNaN(x) && !isNaN(y) && String(x) === a.replace(/^\+/, "") && String(y) === b.replace(/^\+/, "")) return x - y;
    return a.localeCompare(b, undefined, { numeric: true });
  }

  function sortable(table) {
    if (table.getAttribute("data-kw-ready")) return;
    table.setAttribute("data-kw-ready", "1");
    var heads = table.tHead ? table.tHead.rows[0].cells : [];
    Array.prototype.forEach.call(heads, function (th, col) {
      if (th.hasAttribute("data-kw-nosort")) return;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "kw-sort";
      while (th.firstChild) button.appendChild(th.firstChild);
      th.appendChild(button);
      button.addEventListener("click", function () {
        var up = th.getAttribute("aria-sort") !== "ascending";
        Array.prototype.forEach.call(heads, function (h) { h.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", up ? "ascending" : "descending");
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var c = compare(cellValue(a, col), cellValue(b, col));
          return up ? c : -c;
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
  }

  function filterable(input) {
    if (input.getAttribute("data-kw-ready")) return;
    input.setAttribute("data-kw-ready", "1");
    var selector = input.getAttribute("data-kw-filter");
    var table = selector ? document.querySelector(selector) : null;
    /* Without a selector: the first table after the input. */
    for (var scope = input.parentElement; !table && scope; scope = scope.parentElement) {
      var tables = scope.querySelectorAll("table");
      for (var i = 0; i < tables.length && !table; i++) {
        if (input.compareDocumentPosition(tables[i]) & 4) table = tables[i];
      }
    }
    if (!table || !table.tBodies[0]) return;
    input.hidden = false;
    var count = document.querySelector('[data-kw-filter-count="' + (input.id || "") + '"]');
    input.addEventListener("input", function () {
      var terms = input.value.toLowerCase().split(/\s+/).filter(Boolean);
      var shown = 0;
      Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
        var text = row.textContent.toLowerCase();
        var ok = terms.every(function (term) { return text.indexOf(term) >= 0; });
        row.hidden = !ok;
        if (ok) shown += 1;
      });
      if (count) count.textContent = String(shown);
    });
  }

  function init() {
    viewers.forEach(function (v) { v.stop(); });
    viewers = [];
    active = null;
    var roots = document.querySelectorAll(".kw-viewer");
    for (var i = 0; i < roots.length; i++) {
      var v = new Viewer(roots[i]);
      if (v.root) viewers.push(v);
    }
    /* Facts are written open (no script, print): fold them, the board first. */
    if (viewers.length) {
      Array.prototype.forEach.call(document.querySelectorAll("details[data-kw-fold]"), function (d) {
        d.open = false;
      });
    }
    Array.prototype.forEach.call(document.querySelectorAll("table[data-kw-sortable]"), sortable);
    Array.prototype.forEach.call(document.querySelectorAll("input[data-kw-filter]"), filterable);
  }

  if (!window.__kifuwiki) {
    window.__kifuwiki = true;
    /* Capture: ahead of a theme's own document handlers (MkDocs' theme opens its shortcut
       dialog on "?"), so a key the viewer takes does not also reach the theme. */
    document.addEventListener("keydown", onDocumentKey, true);
    window.addEventListener("hashchange", onHashChange);
    document.addEventListener("click", onMoveLink, true);
    /* Material's instant navigation swaps pages without reloading scripts: init on each
       (document$ replays the current page to a late subscriber). */
    var start = function () {
      if (window.document$ && typeof window.document$.subscribe === "function") {
        window.document$.subscribe(init);
      } else {
        init();
      }
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
    else start();
  }
})();
