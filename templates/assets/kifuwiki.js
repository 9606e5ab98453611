/* kifuwiki viewer: shows states the server rendered (each .kw-step's .kw-state), keeps
 * hash, slider and list in step; sorts/filters index tables. Knows no game: game scripts
 * hook "kifuwiki:show". No framework, no requests. */
(function () {
  "use strict";
  var viewers = [];
  var active = null;

  function stepOf(el) {
    var li = el && el.closest ? el.closest(".kw-step") : null;
    return li ? parseInt(li.getAttribute("data-step"), 10) : -1;
  }

  function hashTarget() {
    var id; try { id = decodeURIComponent(location.hash.slice(1)); } catch (e) { id = location.hash.slice(1); }
    return id ? document.getElementById(id) : null;
  }

  function Viewer(root) {
    var self = this;
    this.root = root;
    this.items = Array.prototype.slice.call(root.querySelectorAll(".kw-moves > .kw-step"));
    /* Label (number link's title) and flags, from each <li>. */
    this.steps = this.items.map(function (li) {
      var num = li.querySelector(".kw-num");
      var notation = li.querySelector(".kw-notation");
      return {
        label: num ? num.getAttribute("title") || "" : "",
        flags: (li.getAttribute("data-flags") || "").split(" "),
        player: li.getAttribute("data-kw-player") || "",
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
      this.jumpKeys[jumps[j].getAttribute("data-kw-key")] = jumps[j].getAttribute("data-kw-jump");
    }
    if (!this.items.length) return;

    root.classList.add("kw-js");
    root.querySelector(".kw-controls").hidden = false;
    var note = root.querySelector(".kw-nojs");
    if (note) note.hidden = true;
    if (!root.hasAttribute("tabindex")) root.tabIndex = -1;
    this.setupModes();

    root.addEventListener("click", function (ev) {
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
        else if (go === "reveal") self.revealNext();
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
      active = self;
      if (self.key(ev)) { ev.preventDefault(); ev.stopPropagation(); }
    });

    var target = hashTarget();
    var start = target && root.contains(target) ? stepOf(target) : -1;
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

  /* The last step the reader may see: in guess mode, the last one revealed. */
  Viewer.prototype.limit = function () { return this.guessing ? this.frontier : this.last(); };

  Viewer.prototype.show = function (n, updateHash) {
    n = Math.max(0, Math.min(this.limit(), n));
    var item = this.items[n];
    var state = item.querySelector(".kw-state");
    var old = this.board.querySelector(".kw-state");
    if (state) {
      var copy = state.cloneNode(true);
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
    /* Hidden results show once the end was reached (kifuwiki.css). */
    if (n === this.last()) this.root.setAttribute("data-kw-at-end", "");
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
    if (where === "next" && this.guessing && n > this.frontier) { this.askFirst(); return; }
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
    var live = this.live;
    history.replaceState(history.state, "", url);
    live.textContent = url;
    if (navigator.clipboard) {
      navigator.clipboard.writeText(url).then(function () {
        live.textContent = button.getAttribute("data-kw-done") + ": " + url;
        button.setAttribute("data-kw-copied", "");
        setTimeout(function () { button.removeAttribute("data-kw-copied"); }, 2000);
      });
    }
  };

  /* ---- viewer modes (issue 14): copy the position as text, seat view, guess the move ---- */

  /* "{n} cards" + {n: 3} -> "3 cards": the page's labels carry the placeholders. */
  function fill(template, values) {
    return String(template || "").replace(/\{(\w+)\}/g, function (whole, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
    });
  }

  var BLOCK = /^(ARTICLE|ASIDE|BLOCKQUOTE|DETAILS|DIV|DL|DD|DT|FIGURE|FIGCAPTION|FOOTER|H[1-6]|HEADER|LI|OL|P|PRE|SECTION|SUMMARY|TABLE|TBODY|THEAD|TFOOT|TR|UL)$/;

  /* A position as plain text: one line per block (a player, a hand, the table), a <dt> and
     its <dd> on one line, an <svg> by its label; what is hidden from readers is left out.
     Written from the markup, not from the layout, so both themes and every width agree.
     Inline elements are words (badges and cards sit side by side with no space between
     them in the markup, CSS spaces them), but no space goes inside brackets. */
  function positionText(node) {
    var lines = [];
    var line = [];
    function flush() {
      var text = line.join("").replace(/\s+/g, " ").replace(/ ([)\]、。,.:;])/g, "$1")
        .replace(/([(\[]) /g, "$1").trim();
      if (text) lines.push(text);
      line = [];
    }
    function walk(n) {
      if (n.nodeType === 3) { line.push(n.nodeValue); return; }
      if (n.nodeType !== 1 || n.hidden || n.getAttribute("aria-hidden") === "true") return;
      var tag = n.tagName.toUpperCase();
      if (tag === "SCRIPT" || tag === "STYLE" || tag === "TEMPLATE") return;
      if (tag === "SVG") {
        var label = n.getAttribute("aria-label");
        if (label) { flush(); line.push(label); flush(); }
        return;
      }
      if (tag === "BR") { flush(); return; }
      /* A picture with a name (cards face down): the name, as a reader hears it. */
      if (n.getAttribute("role") === "img" && n.getAttribute("aria-label")) {
        line.push(" " + n.getAttribute("aria-label") + " ");
        return;
      }
      var block = BLOCK.test(tag);
      if (tag === "DD" || tag === "TD" || tag === "TH") line.push(" ");
      else if (block) flush();
      else line.push(" ");
      for (var c = n.firstChild; c; c = c.nextSibling) walk(c);
      if (tag === "DT") { line.push(":"); return; } /* its <dd> follows on the same line */
      if (block) flush(); else line.push(" ");
    }
    walk(node);
    flush();
    return lines.join("\n");
  }

  /* text to the clipboard: the Clipboard API, else a selected <textarea> and execCommand. */
  function copyText(text, done, failed) {
    function fallback() {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.top = "0";
      area.style.left = "-9999px";
      document.body.appendChild(area);
      area.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      document.body.removeChild(area);
      if (ok) done(); else failed();
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(done, fallback);
    } else {
      fallback();
    }
  }

  /* Guess and move alike: NFKC (full-width letters typed with an IME), case, spacing. */
  function normalise(text) {
    var s = String(text || "");
    if (s.normalize) s = s.normalize("NFKC");
    return s.toLowerCase().replace(/\s+/g, " ").trim();
  }
  /* Without the mover's "A:" / "E: " prefix: the reader knows whose move it is. */
  function unprefixed(text) { return text.replace(/^[^\s:]{1,12}:\s*/, ""); }
  /* The same set written in another order: sorted tokens. */
  function tokens(text) { return text.split(/[\s,;()]+/).filter(Boolean).sort().join(" "); }

  function sameMove(guess, notation) {
    var g = unprefixed(normalise(guess));
    var a = unprefixed(normalise(notation));
    return g !== "" && (g === a || tokens(g) === tokens(a));
  }

  Viewer.prototype.setupModes = function () {
    var self = this;
    var root = this.root;
    this.copyTextButton = root.querySelector('[data-kw-go="copy-text"]');
    this.copyTextButton.hidden = false;
    this.seat = "";
    this.names = {};
    this.seatOf = {};
    this.seatLabel = root.querySelector(".kw-seat-view");
    this.seatSelect = this.seatLabel.querySelector("select");
    this.setupSeats();
    this.seatSelect.addEventListener("change", function () {
      active = self;
      self.setSeat(self.seatSelect.value);
    });
    this.guessing = false;
    this.frontier = this.last();
    this.score = { right: 0, tried: 0 };
    this.guessButton = root.querySelector('[data-kw-go="guess"]');
    this.guessButton.hidden = false;
    this.guessForm = root.querySelector(".kw-guess");
    this.guessInput = this.guessForm.querySelector(".kw-guess-input");
    this.guessResult = this.guessForm.querySelector(".kw-guess-result");
    this.guessForm.addEventListener("submit", function (ev) {
      ev.preventDefault();
      self.guess(self.guessInput.value);
    });
    this.guessInput.addEventListener("keydown", function (ev) {
      if (ev.key === "Escape") { ev.preventDefault(); root.focus(); }
    });
  };

  /* Seat view is offered when the game marks hands with data-kw-seat, for those seats. */
  Viewer.prototype.setupSeats = function () {
    var seen = {};
    var marked = this.root.querySelectorAll(".kw-moves [data-kw-seat]");
    for (var i = 0; i < marked.length; i++) seen[marked[i].getAttribute("data-kw-seat")] = true;
    var options = Array.prototype.slice.call(this.seatSelect.options);
    for (var j = 0; j < options.length; j++) {
      var option = options[j];
      if (option.value) {
        this.names[option.value] = option.textContent;
        this.seatOf[option.value] = option.value;
        /* A step names its mover by key or by name (games differ): both lead to the seat. */
        if (!this.seatOf[option.textContent]) this.seatOf[option.textContent] = option.value;
      }
      if (option.value && !seen[option.value]) option.remove();
    }
    if (this.seatSelect.options.length < 2) return;
    this.seatLabel.hidden = false;
    Array.prototype.forEach.call(this.root.querySelectorAll(".kw-help-seat"), function (el) { el.hidden = false; });
    var wanted = new URLSearchParams(location.search).get(this.seatParam());
    if (wanted && seen[wanted]) { this.seat = wanted; this.seatSelect.value = wanted; }
  };

  /* ?seat=B on a record page; ?seat-k1=B for the embed with prefix "k1-". */
  Viewer.prototype.seatParam = function () {
    var prefix = this.root.getAttribute("data-kw-prefix") || "";
    return prefix ? "seat-" + prefix.replace(/-$/, "") : "seat";
  };

  Viewer.prototype.setSeat = function (key) {
    this.seat = key;
    this.seatSelect.value = key;
    if (history.replaceState) {
      var url = new URL(location.href);
      if (key) url.searchParams.set(this.seatParam(), key);
      else url.searchParams.delete(this.seatParam());
      history.replaceState(history.state, "", url.href);
    }
    if (this.guessing) { this.advanceOthers(); this.applyFrontier(); }
    this.show(this.guessing ? this.frontier : this.current, false);
    var option = this.seatSelect.options[this.seatSelect.selectedIndex];
    this.live.textContent = this.seatLabel.firstChild.textContent.trim() + ": " + (option ? option.textContent : "");
  };

  Viewer.prototype.cycleSeat = function (direction) {
    var count = this.seatSelect.options.length;
    var next = (this.seatSelect.selectedIndex + direction + count) % count;
    this.setSeat(this.seatSelect.options[next].value);
  };

  /* Every other seat's private cards face down (in the board's copy of the state only). */
  Viewer.prototype.maskSeats = function (state) {
    if (!this.seat) return;
    var template = this.seatSelect.getAttribute("data-kw-face-down");
    var hands = state.querySelectorAll("[data-kw-seat]");
    for (var i = 0; i < hands.length; i++) {
      var hand = hands[i];
      if (hand.getAttribute("data-kw-seat") === this.seat) continue;
      var count = parseInt(hand.getAttribute("data-kw-count"), 10);
      if (isNaN(count)) count = hand.textContent.split(/\s+/).filter(Boolean).length;
      var label = fill(template, { n: count });
      var down = document.createElement("span");
      down.className = "kw-face-down";
      down.setAttribute("role", "img");
      down.setAttribute("aria-label", label);
      down.title = label;
      /* 🂠 drawn by the stylesheet whatever the fonts, and the count; the label speaks. */
      var back = document.createElement("span");
      back.className = "kw-card-back";
      back.textContent = "\uD83C\uDCA0";
      var times = document.createElement("span");
      times.textContent = " \u00D7" + count;
      back.setAttribute("aria-hidden", "true");
      times.setAttribute("aria-hidden", "true");
      down.appendChild(back);
      down.appendChild(times);
      hand.textContent = "";
      hand.removeAttribute("title");
      hand.appendChild(down);
      hand.classList.add("kw-seat-hidden");
    }
  };

  Viewer.prototype.positionText = function () {
    var button = this.copyTextButton;
    var state = this.board.querySelector(".kw-state");
    var heading = fill(button.getAttribute("data-kw-heading"), {
      n: this.current, label: this.steps[this.current].label
    });
    var title = this.root.getAttribute("data-kw-title") || "";
    return (title ? title + " \u2014 " : "") + heading + "\n" + (state ? positionText(state) : "");
  };

  Viewer.prototype.copyPosition = function () {
    var self = this;
    var button = this.copyTextButton;
    var text = this.positionText();
    copyText(text, function () {
      self.live.textContent = button.getAttribute("data-kw-done");
      button.setAttribute("data-kw-copied", "");
      setTimeout(function () { button.removeAttribute("data-kw-copied"); }, 2000);
    }, function () {
      /* Nothing could copy: show the text, selected, for the reader to copy. */
      var box = self.root.querySelector(".kw-copy-fallback");
      if (!box) {
        box = document.createElement("textarea");
        box.className = "kw-copy-fallback";
        box.setAttribute("readonly", "");
        box.setAttribute("aria-label", button.getAttribute("aria-label"));
        self.root.querySelector(".kw-controls").appendChild(box);
      }
      box.value = text;
      box.rows = Math.min(12, text.split("\n").length);
      box.focus();
      box.select();
      self.live.textContent = button.getAttribute("data-kw-failed");
    });
  };

  /* ---- guess the move ---- */

  Viewer.prototype.toggleGuess = function () {
    this.stop();
    this.guessing = !this.guessing;
    this.guessButton.setAttribute("aria-pressed", String(this.guessing));
    this.guessForm.hidden = !this.guessing;
    this.root.classList.toggle("kw-guessing", this.guessing);
    this.guessResult.textContent = "";
    if (this.guessing) {
      this.score = { right: 0, tried: 0 };
      this.frontier = this.current;
      this.advanceOthers();
    } else {
      this.frontier = this.last();
    }
    this.applyFrontier();
    this.show(this.guessing ? this.frontier : this.current, true);
    this.live.textContent = this.guessButton.getAttribute(this.guessing ? "data-kw-on" : "data-kw-off");
    if (this.guessing && !this.guessInput.disabled) this.guessInput.focus();
  };

  /* With a seat chosen, only that player's moves are guessed: the others' are revealed. */
  Viewer.prototype.advanceOthers = function () {
    if (!this.seat) return;
    while (this.frontier < this.last() && this.seatOf[this.steps[this.frontier + 1].player] !== this.seat) {
      this.frontier += 1;
    }
  };

  /* Rows after the frontier leave the page (display: none: no text, no accessibility tree). */
  Viewer.prototype.applyFrontier = function () {
    var limit = this.limit();
    for (var i = 0; i < this.items.length; i++) this.items[i].hidden = i > limit;
    this.slider.max = String(limit);
    var form = this.guessForm;
    var ended = this.frontier >= this.last();
    /* Results in the page header wait too (kifuwiki.css). */
    if (this.guessing && !ended) this.root.setAttribute("data-kw-guessing", "");
    else this.root.removeAttribute("data-kw-guessing");
    var prompt = form.querySelector(".kw-guess-prompt");
    if (ended) {
      prompt.textContent = form.getAttribute("data-kw-end");
    } else {
      var next = this.steps[this.frontier + 1];
      prompt.textContent = fill(form.getAttribute("data-kw-prompt"), {
        n: this.frontier + 1, player: this.names[next.player] || next.player || "\u2014"
      });
    }
    this.guessInput.disabled = ended;
    Array.prototype.forEach.call(form.querySelectorAll("button"), function (b) { b.disabled = ended; });
    form.querySelector(".kw-guess-score").textContent = fill(form.getAttribute("data-kw-score"), this.score);
  };

  Viewer.prototype.guess = function (text) {
    if (!this.guessing || this.frontier >= this.last()) return;
    if (!text.trim()) { this.guessInput.focus(); return; }
    var n = this.frontier + 1;
    var move = this.steps[n].notation;
    var right = sameMove(text, move);
    this.score.tried += 1;
    if (right) this.score.right += 1;
    var form = this.guessForm;
    this.commit(n, fill(form.getAttribute(right ? "data-kw-right" : "data-kw-wrong"), {
      n: n, move: move, guess: text.trim()
    }), right ? "right" : "wrong");
  };

  Viewer.prototype.revealNext = function () {
    if (!this.guessing || this.frontier >= this.last()) return;
    var n = this.frontier + 1;
    this.commit(n, fill(this.guessForm.getAttribute("data-kw-shown"), { n: n, move: this.steps[n].notation }), "shown");
  };

  Viewer.prototype.commit = function (n, message, outcome) {
    this.frontier = n;
    this.advanceOthers();
    this.applyFrontier();
    this.show(this.frontier, true);
    this.guessResult.textContent = message;
    this.guessResult.setAttribute("data-kw-outcome", outcome);
    this.live.textContent = message;
    this.guessInput.value = "";
    if (!this.guessInput.disabled && this.root.contains(document.activeElement)) this.guessInput.focus();
  };

  Viewer.prototype.askFirst = function () {
    this.live.textContent = this.guessForm.getAttribute("data-kw-first");
    this.guessInput.focus();
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
      case "x": case "X": this.copyPosition(); return true;
      case "g": case "G": this.toggleGuess(); return true;
      case "v": case "V":
        if (this.seatLabel.hidden) return false;
        this.cycleSeat(ev.shiftKey ? -1 : 1);
        return true;
      case "Escape":
        if (!this.help.hidden) { this.toggleHelp(); return true; }
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
    for (var i = 0; to && i < viewers.length; i++) {
      var v = viewers[i];
      var n = v.root.contains(to) ? stepOf(to) : -1;
      if (n < 0) continue;
      ev.preventDefault();
      ev.stopPropagation();
      active = v;
      v.stop();
      v.show(n, true);
      if (!v.root.contains(link)) v.reveal(); /* e.g. from a diagnostic */
      return;
    }
  }

  function onHashChange() {
    var target = hashTarget();
    if (!target) return;
    for (var i = 0; i < viewers.length; i++) {
      var v = viewers[i];
      if (v.root.contains(target)) {
        var n = stepOf(target);
        if (n >= 0 && n !== v.current) { v.stop(); v.show(n, false); }
        active = v;
        v.reveal();
        return;
      }
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
    document.addEventListener("keydown", onDocumentKey);
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
