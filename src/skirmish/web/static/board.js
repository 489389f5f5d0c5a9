/* The board: the table drawn in the page from the seat's view (docs/web.md, The board), not
   a server picture. Each game's script gives SK.register(name, {scene(view, board)}) the
   shapes to draw (the field, scenery, markers, zones, pieces: common.js's default reads the
   usual fields of a view); this file draws them as SVG, north up, with the conventions of
   the server's picture (its root's data-scale, data-field-x/-y/-width/-height and
   data-north-up; a piece is <g class="base" id="base-REF" data-owner>, its first <circle>
   the base; scenery <g id="element-ID">), so what reads one reads the other.
   It pans and zooms (wheel, the +/−/fit buttons, two-finger pinch, a drag on the ground),
   draws the allowance ring of a dragged piece, animates moves briefly, marks the pieces of
   the last action, gives every piece a touch target of at least 44 px, and moves a point with
   the arrow keys (Enter chooses it). Clicks, drops and the keyboard's point are reported in
   table centimetres (y = 0 the south edge, at the bottom). */
"use strict";

const Board = (() => {
  const SCALE = 10;          // SVG units per cm
  const MARGIN = 24;         // around the field, for the names along its edges
  const NS = "http://www.w3.org/2000/svg";
  const BASE = 'g.base[id^="base-"]';
  const TOUCH_PX = 22;       // half of the 44 px touch target
  const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)");

  function svgEl(tag, attrs, text) {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v !== undefined && v !== null) node.setAttribute(k, String(v));
    }
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /** handlers: onBase(ref, event, point), onPoint(x, y, how), onDrag(x, y, ref), onHover(ref),
      canDrag(ref) -> bool, onMovePointer(x, y) (the pointer over the table, for templates),
      aimsByDrag() -> bool (a drag on the ground turns a template: onAim(start, now), then
      onPoint(start x, y, {towards: the drop}) instead of panning), onSelect(ref) (the keys
      [ and ] on the board: the previous or next piece). */
  function create(container, handlers) {
    const svg = svgEl("svg", {class: "board framed", "data-north-up": "true",
                              "data-scale": SCALE, "data-field-x": 0, "data-field-y": 0,
                              role: "img", "aria-label": SK.t("board.label")});
    const layers = {};
    for (const name of ["ground", "zones", "scenery", "markers", "allowance", "template",
                        "sight", "tape", "pieces", "ghost", "cursor"]) {
      layers[name] = svgEl("g", {class: "layer-" + name});
      if (!["ground", "scenery", "markers", "pieces"].includes(name)) {
        layers[name].setAttribute("pointer-events", "none");
      }
      svg.append(layers[name]);
    }
    // a game whose view has no table to draw: its ruleset's own picture (frame.svg), as it is
    const picture = document.createElement("div");
    picture.className = "server-picture";
    picture.hidden = true;
    container.replaceChildren(svg, picture);
    let W = 60;
    let H = 60;
    let box = null;              // the viewBox {x, y, w, h}
    let staticKey = "";
    let pieces = new Map();      // ref -> {g, x, y, r}
    let allowance = {};
    let selected = null;
    let hovered = null;
    let marks = {covered: new Set(), blocking: new Set(), obstructing: new Set(),
                 last: new Set()};
    let drag = null;
    const touches = new Map();   // pointerId -> [clientX, clientY]
    let pinch = null;
    let cursor = null;           // the keyboard's point [x, y] cm

    const px = (x) => x * SCALE;
    const py = (y) => (H - y) * SCALE;
    const pts = (points) => points.map(([x, y]) => `${px(x)},${py(y)}`).join(" ");
    const round2 = (v) => Math.round(v * 100) / 100;

    // -- the view box: fit, zoom, pan -------------------------------------------------------
    function setBox(b) {
      const minW = SCALE * 6;
      const maxW = (W * SCALE + 2 * MARGIN) * 2;
      const w = Math.min(maxW, Math.max(minW, b.w));
      const h = w * (b.h / b.w);
      box = {x: b.x + (b.w - w) / 2, y: b.y + (b.h - h) / 2, w, h};
      svg.setAttribute("viewBox", `${box.x} ${box.y} ${box.w} ${box.h}`);
      svg.dataset.zoom = String(Math.round(100 * fitBox().w / box.w) / 100);
      touchTargets();
    }
    function fitBox() {
      return {x: -MARGIN, y: -MARGIN, w: W * SCALE + 2 * MARGIN, h: H * SCALE + 2 * MARGIN};
    }
    function fit() { setBox(fitBox()); }
    /** Zoom by ``factor`` (> 1: closer) around the screen point (cx, cy), else the middle. */
    function zoom(factor, cx, cy) {
      const rect = svg.getBoundingClientRect();
      const fx = cx === undefined ? 0.5 : (cx - rect.left) / rect.width;
      const fy = cy === undefined ? 0.5 : (cy - rect.top) / rect.height;
      const w = box.w / factor;
      const h = box.h / factor;
      setBox({x: box.x + (box.w - w) * fx, y: box.y + (box.h - h) * fy, w, h});
    }
    function pan(dxPx, dyPx) {
      const rect = svg.getBoundingClientRect();
      const k = box.w / Math.max(1, rect.width);
      setBox({x: box.x - dxPx * k, y: box.y - dyPx * k, w: box.w, h: box.h});
    }

    /** Every piece's touch target: its base, or 22 screen px around its centre if larger. */
    function touchTargets() {
      const rect = svg.getBoundingClientRect();
      if (!rect.width || !box) return;
      const unitsPerPx = Math.max(box.w / rect.width, box.h / rect.height);
      for (const p of pieces.values()) {
        p.hit.setAttribute("r", String(Math.max(p.r * SCALE, TOUCH_PX * unitsPerPx)));
      }
    }

    // -- drawing ---------------------------------------------------------------------------
    /** Draw ``scene`` (a game's scene(view, board): {width, height, scenery, markers, zones,
        pieces, labels}); ``board`` the state frame's board (allowances). A null scene (a
        view with no table in it) shows ``svgText``, the ruleset's own picture, instead. */
    function draw(scene, board, svgText) {
      svg.style.display = scene ? "" : "none";
      picture.hidden = !!scene;
      if (!scene) {  // no scene: the server's picture, shown as it is
        if (picture.dataset.text !== (svgText || "")) {
          picture.innerHTML = svgText || "";
          picture.dataset.text = svgText || "";
          const inner = picture.querySelector("svg");
          if (inner) SK.fitSvg(inner);
        }
        return;
      }
      allowance = (board && board.allowance) || {};
      const sizeChanged = scene.width !== W || scene.height !== H || !box;
      W = scene.width;
      H = scene.height;
      svg.dataset.fieldWidth = String(W * SCALE);
      svg.dataset.fieldHeight = String(H * SCALE);
      const key = JSON.stringify([W, H, scene.scenery, scene.markers, scene.zones,
                                  scene.labels]);
      if (key !== staticKey) {
        staticKey = key;
        drawGround(scene);
        drawZones(scene.zones || []);
        drawScenery(scene.scenery || []);
        drawMarkers(scene.markers || []);
      }
      drawPieces(scene.pieces || []);
      if (sizeChanged) fit();
      else touchTargets();
      applyMarks();
      if (cursor) drawCursor();
    }

    function drawGround(scene) {
      const g = layers.ground;
      g.replaceChildren(svgEl("rect", {id: "field-area", class: "field-area", x: 0, y: 0,
                                       width: W * SCALE, height: H * SCALE}));
      const grid = svgEl("g", {class: "grid"});
      for (let x = 10; x < W; x += 10) {
        grid.append(svgEl("line", {x1: px(x), y1: 0, x2: px(x), y2: H * SCALE}));
      }
      for (let y = 10; y < H; y += 10) {
        grid.append(svgEl("line", {x1: 0, y1: py(y), x2: W * SCALE, y2: py(y)}));
      }
      g.append(grid);
      const words = scene.labels || {};
      g.append(svgEl("text", {class: "compass", x: W * SCALE / 2, y: -8,
                              "text-anchor": "middle"}, words.north || SK.t("board.north")));
      g.append(svgEl("text", {class: "compass", x: W * SCALE / 2, y: H * SCALE + 18,
                              "text-anchor": "middle"}, words.south || SK.t("board.south")));
    }

    function drawZones(zones) {
      layers.zones.replaceChildren(...zones.map((z, i) => svgEl("path", {
        id: i === 0 ? "zone-deploy" : "zone-deploy-" + i,
        class: "zone deploy-zone side-" + SK.sideLetter(z.side), "fill-rule": "evenodd",
        d: z.rings.map((ring) => "M " + ring.map(([x, y]) => `${px(x)} ${py(y)}`)
          .join(" L ") + " Z").join(" ")})));
    }

    function drawScenery(elements) {
      layers.scenery.replaceChildren(...elements.map((e) => {
        const g = svgEl("g", {id: "element-" + e.id, class: "scenery " + (e.sight || "") +
                              (e.passable ? " passable" : "")});
        g.append(svgEl("title", {}, e.label || e.id));
        if (e.circle) {
          g.append(svgEl("circle", {cx: px(e.circle[0]), cy: py(e.circle[1]),
                                    r: e.circle[2] * SCALE}));
        } else if (e.polygon) {
          g.append(svgEl("polygon", {points: pts(e.polygon)}));
        }
        return g;
      }));
    }

    function drawMarkers(markers) {
      layers.markers.replaceChildren(...markers.map((m) => {
        const g = svgEl("g", {id: "marker-" + m.id, class: "marker " + (m.cls || "")});
        g.append(svgEl("title", {}, m.title || m.label || m.id));
        g.append(svgEl("circle", {cx: px(m.x), cy: py(m.y), r: Math.max(m.r || 1, 0.6) * SCALE}));
        if (m.label) {
          g.append(svgEl("text", {x: px(m.x), y: py(m.y) + (m.r || 1) * SCALE + 11,
                                  "text-anchor": "middle"}, m.label));
        }
        return g;
      }));
    }

    function drawPieces(list) {
      const seen = new Set();
      for (const p of list) {
        seen.add(p.ref);
        let node = pieces.get(p.ref);
        const from = node && !node.greyed && !p.greyed && (node.x !== p.x || node.y !== p.y)
          ? [node.x, node.y] : null;
        if (!node) {
          const g = svgEl("g", {id: "base-" + p.ref});
          const title = svgEl("title");
          const circle = svgEl("circle", {class: "body"});
          const facing = svgEl("line", {class: "facing"});
          const hit = svgEl("circle", {class: "hit"});
          const label = svgEl("text", {"text-anchor": "middle"});
          g.append(title, circle, label, hit);
          layers.pieces.append(g);
          node = {g, title, circle, facing, hit, label};
          pieces.set(p.ref, node);
        }
        Object.assign(node, {x: p.x, y: p.y, r: p.r, greyed: !!p.greyed});
        const side = SK.sideLetter(p.side);
        node.g.setAttribute("class", "base side-" + side + (p.greyed ? " greyed" : "") +
                            (p.cls ? " " + p.cls : ""));
        node.g.dataset.owner = side;
        node.title.textContent = p.title || p.label || p.ref;
        for (const c of [node.circle, node.hit]) {
          c.setAttribute("cx", String(px(p.x)));
          c.setAttribute("cy", String(py(p.y)));
        }
        node.circle.setAttribute("r", String(p.r * SCALE));
        node.label.setAttribute("x", String(px(p.x)));
        node.label.setAttribute("y", String(py(p.y) - p.r * SCALE - 3));
        node.label.textContent = p.label || p.ref;
        if (p.facing !== undefined && p.facing !== null && !p.greyed) {
          const a = p.facing * Math.PI / 180;
          node.facing.setAttribute("x1", String(px(p.x)));
          node.facing.setAttribute("y1", String(py(p.y)));
          node.facing.setAttribute("x2", String(px(p.x) + Math.cos(a) * (p.r * SCALE + 6)));
          node.facing.setAttribute("y2", String(py(p.y) - Math.sin(a) * (p.r * SCALE + 6)));
          if (!node.facing.isConnected) node.circle.after(node.facing);
        } else {
          node.facing.remove();  // (an empty line would stretch the piece's box to 0, 0)
        }
        if (from && node.g.animate && !(reduced && reduced.matches)) {
          const dx = px(from[0]) - px(p.x);
          const dy = py(from[1]) - py(p.y);
          // the drawing slides; the touch target is at once where the piece now stands
          for (const part of [node.circle, node.label, node.facing]) {
            part.animate([{transform: `translate(${dx}px, ${dy}px)`}, {transform: "none"}],
                         {duration: 280, easing: "ease-out"});
          }
        }
      }
      for (const [ref, node] of pieces) {
        if (!seen.has(ref)) { node.g.remove(); pieces.delete(ref); }
      }
    }

    // -- pointers: pieces, points, drags, pan and pinch -----------------------------------
    /** The table point (cm) under a pointer event. */
    function cm(event) {
      const point = svg.createSVGPoint();
      point.x = event.clientX;
      point.y = event.clientY;
      const local = point.matrixTransform(svg.getScreenCTM().inverse());
      return [round2(local.x / SCALE), round2(H - local.y / SCALE)];
    }

    function baseOf(target) {
      const g = target && target.closest ? target.closest(BASE) : null;
      return g && !g.classList.contains("greyed") ? g.id.slice("base-".length) : null;
    }

    function setHover(ref) {
      if (ref === hovered) return;
      hovered = ref;
      if (handlers.onHover) handlers.onHover(ref);
    }

    svg.addEventListener("pointerdown", (event) => {
      touches.set(event.pointerId, [event.clientX, event.clientY]);
      if (touches.size === 2) {  // a pinch: forget the drag
        const [a, b] = [...touches.values()];
        pinch = {d: Math.hypot(a[0] - b[0], a[1] - b[1]), box: {...box}};
        if (drag && drag.ref) clear("ghost", "allowance");
        drag = null;
        return;
      }
      if (event.button !== 0) return;
      const ref = baseOf(event.target);
      const at = cm(event);
      if (ref && handlers.canDrag && handlers.canDrag(ref)) {
        drag = {ref, start: at, moved: false, id: event.pointerId};
        ring(ref);
      } else {
        drag = {ref: null, base: ref, start: at, screen: [event.clientX, event.clientY],
                moved: false, panned: false, id: event.pointerId};
      }
      try { svg.setPointerCapture(event.pointerId); } catch (e) { /* synthetic */ }
      event.preventDefault();
    });

    svg.addEventListener("pointermove", (event) => {
      const was = touches.get(event.pointerId);
      if (was) touches.set(event.pointerId, [event.clientX, event.clientY]);
      if (pinch && touches.size === 2) {
        const [a, b] = [...touches.values()];
        const d = Math.hypot(a[0] - b[0], a[1] - b[1]);
        if (pinch.d > 0 && d > 0) {
          box = {...pinch.box};
          zoom(d / pinch.d, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
        }
        return;
      }
      if (drag && drag.ref) {
        const [x, y] = cm(event);
        if (Math.hypot(x - drag.start[0], y - drag.start[1]) > 0.5) drag.moved = true;
        if (drag.moved) {
          ghost(drag.ref, x, y);
          if (handlers.onDrag) handlers.onDrag(x, y, drag.ref);
        }
        return;
      }
      if (drag && was && !drag.ref && handlers.aimsByDrag && handlers.aimsByDrag()) {
        const [x, y] = cm(event);  // a template: pressed at its place, turned by the drag
        if (Math.hypot(x - drag.start[0], y - drag.start[1]) > 0.5) drag.aiming = true;
        if (drag.aiming && handlers.onAim) handlers.onAim(drag.start, [x, y]);
        return;
      }
      if (drag && was && !drag.base) {  // a drag on the ground pans
        const moved = Math.hypot(event.clientX - drag.screen[0], event.clientY - drag.screen[1]);
        if (drag.panned || moved > 8) {
          drag.panned = true;
          pan(event.clientX - was[0], event.clientY - was[1]);
        }
        return;
      }
      setHover(baseOf(event.target));
      if (handlers.onMovePointer && !drag) {
        const [x, y] = cm(event);
        handlers.onMovePointer(x, y);
      }
    });

    function up(event) {
      touches.delete(event.pointerId);
      if (pinch) { if (touches.size < 2) pinch = null; drag = null; return; }
      const d = drag;
      drag = null;
      if (!d || event.type === "pointercancel") { clear("ghost", "allowance"); return; }
      try { svg.releasePointerCapture(d.id); } catch (e) { /* already released */ }
      const [x, y] = cm(event);
      if (d.ref) {
        clear("allowance");
        if (d.moved) { handlers.onPoint(x, y, {dragged: d.ref}); return; }
        handlers.onBase(d.ref, event, [x, y]);
        return;
      }
      if (d.panned) return;
      if (d.aiming) { handlers.onPoint(d.start[0], d.start[1], {towards: [x, y]}); return; }
      if (d.base) handlers.onBase(d.base, event, [x, y]);
      else handlers.onPoint(x, y, {});
    }
    svg.addEventListener("pointerup", up);
    svg.addEventListener("pointercancel", up);
    svg.addEventListener("pointerleave", () => { if (!drag) setHover(null); });
    svg.addEventListener("wheel", (event) => {
      event.preventDefault();
      zoom(event.deltaY < 0 ? 1.15 : 1 / 1.15, event.clientX, event.clientY);
    }, {passive: false});
    window.addEventListener("resize", () => touchTargets());

    // -- the keyboard: arrows move a point, Enter chooses it ---------------------------------
    container.addEventListener("keydown", (event) => {
      const steps = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1]};
      if (event.key in steps) {
        event.preventDefault();
        const k = event.shiftKey ? 0.1 : event.altKey ? 5 : 1;
        if (!cursor) {
          const p = selected && pieces.get(selected);
          cursor = p ? [p.x, p.y] : [W / 2, H / 2];
          if (p) ring(selected);
        }
        cursor = [round2(Math.min(W, Math.max(0, cursor[0] + steps[event.key][0] * k))),
                  round2(Math.min(H, Math.max(0, cursor[1] + steps[event.key][1] * k)))];
        drawCursor();
        if (handlers.onMovePointer) handlers.onMovePointer(cursor[0], cursor[1]);
        return;
      }
      if (event.key === "Enter" && cursor) {
        event.preventDefault();
        const [x, y] = cursor;
        cursor = null;
        clear("cursor", "allowance");
        handlers.onPoint(x, y, {keyboard: true});
        return;
      }
      if ((event.key === "]" || event.key === "[") && handlers.onSelect) {  // the next piece
        const refs = [...pieces.keys()].filter((ref) => !pieces.get(ref).greyed);
        if (!refs.length) return;
        const at = refs.indexOf(selected);
        const next = refs[(at + (event.key === "]" ? 1 : refs.length - 1) + (at < 0 ? 1 : 0)) %
                          refs.length];
        cursor = null;
        clear("cursor");
        handlers.onSelect(next);
        return;
      }
      if (event.key === "+" || event.key === "=") zoom(1.25);
      if (event.key === "-") zoom(1 / 1.25);
      if (event.key === "0") fit();
    });
    container.addEventListener("blur", () => { cursor = null; clear("cursor"); });

    function drawCursor() {
      const [x, y] = cursor;
      layers.cursor.replaceChildren(
        svgEl("circle", {id: "board-cursor", class: "cursor", cx: px(x), cy: py(y), r: 6}),
        svgEl("text", {class: "cursor-label", x: px(x) + 9, y: py(y) - 9},
              `${SK.num(x)}, ${SK.num(y)}`));
      svg.dataset.cursor = `${x},${y}`;
    }

    // -- overlays: the allowance, the ghost, the tape, templates, sight ---------------------
    /** The allowance rings of ``ref`` (its moves' reach from where it stands). */
    function ring(ref) {
      const p = pieces.get(ref);
      const reach = allowance[ref];
      layers.allowance.replaceChildren();
      if (!p || !reach) return;
      for (const [verb, cmReach] of Object.entries(reach)) {
        layers.allowance.append(svgEl("circle", {
          class: "allowance allowance-" + verb, "data-verb": verb, cx: px(p.x), cy: py(p.y),
          r: (cmReach + p.r) * SCALE}));
      }
    }

    function ghost(ref, x, y) {
      const p = ref && pieces.get(ref);
      layers.ghost.replaceChildren(svgEl("circle", {cx: px(x), cy: py(y),
                                                    r: p ? p.r * SCALE : 6, class: "ghost"}));
    }

    function tape(path, end, legal, label) {
      const layer = layers.tape;
      layer.replaceChildren();
      if (path && path.length >= 2) {
        layer.append(svgEl("polyline", {points: pts(path), id: "tape-path",
                                        class: "tape-line " + (legal ? "legal" : "illegal")}));
      }
      if (end) {
        layer.append(svgEl("circle", {cx: px(end[0]), cy: py(end[1]), r: 5, id: "tape-end",
                                      class: "tape-end " + (legal ? "legal" : "illegal")}));
        if (label) {
          layer.append(svgEl("text", {x: px(end[0]) + 10, y: py(end[1]) - 10,
                                      class: "tape-label"}, label));
        }
      }
    }

    /** The nearest legal point the engine found for a refused drop. */
    function snapHint(point) {
      if (!point) return;
      layers.tape.append(svgEl("circle", {id: "snap-hint", class: "snap-hint",
                                          cx: px(point[0]), cy: py(point[1]), r: 7}));
    }

    function template(points, covered) {
      layers.template.replaceChildren();
      if (points && points.length >= 3) {
        layers.template.append(svgEl("polygon", {points: pts(points), id: "template-preview",
                                                 class: "template-preview"}));
      }
      marks.covered = new Set(covered || []);
      applyMarks();
    }

    function sight(from, to, visible, blocking, obstructing) {
      layers.sight.replaceChildren();
      marks.blocking = new Set(blocking || []);
      marks.obstructing = new Set(obstructing || []);
      const a = from && pieces.get(from);
      const b = to && pieces.get(to);
      if (a && b) {
        layers.sight.append(svgEl("line", {x1: px(a.x), y1: py(a.y), x2: px(b.x), y2: py(b.y),
                                           id: "sight-line",
                                           class: "sight-line " + (visible ? "visible" : "blocked")}));
      }
      applyMarks();
    }

    function applyMarks() {
      for (const node of svg.querySelectorAll(".is-selected, .is-covered, .is-blocking, " +
                                              ".is-obstructing, .is-last")) {
        node.classList.remove("is-selected", "is-covered", "is-blocking", "is-obstructing",
                              "is-last");
      }
      const mark = (id, cls) => {
        const node = document.getElementById("base-" + id) ||
          document.getElementById("element-" + id);
        if (node && svg.contains(node)) node.classList.add(cls);
      };
      if (selected) mark(selected, "is-selected");
      for (const id of marks.covered) mark(id, "is-covered");
      for (const id of marks.blocking) mark(id, "is-blocking");
      for (const id of marks.obstructing) mark(id, "is-obstructing");
      for (const id of marks.last) mark(id, "is-last");
    }

    function select(ref) {
      selected = ref;
      applyMarks();
    }

    /** The pieces the latest of ``texts`` (the new log lines) that names any names: they
        pulse, and keep the mark until new lines come (none given: the marks stay). */
    function lastAction(texts) {
      if (!texts || !texts.length) return;
      const named = (text) => [...pieces.keys()].filter((ref) => {
        let at = text.indexOf(ref);  // the ref as a whole word (A.X is not A.X-2)
        while (at >= 0 && /[\w-]/.test(text.charAt(at + ref.length))) {
          at = text.indexOf(ref, at + 1);
        }
        return at >= 0;
      });
      marks.last = new Set();
      for (let i = texts.length - 1; i >= 0; i -= 1) {
        const refs = named(texts[i] || "");
        if (refs.length) { marks.last = new Set(refs); break; }
      }
      applyMarks();
    }

    function clear(...names) {
      for (const name of names.length ? names : Object.keys(layers)) {
        if (["ground", "zones", "scenery", "markers", "pieces"].includes(name)) continue;
        if (layers[name]) layers[name].replaceChildren();
        if (name === "template") marks.covered = new Set();
        if (name === "sight") { marks.blocking = new Set(); marks.obstructing = new Set(); }
      }
      applyMarks();
    }

    function baseGeometry(ref) {
      const p = pieces.get(ref);
      return p && !p.greyed ? {x: p.x, y: p.y, r: p.r} : null;
    }

    /** A roll shown over the table a moment (its words, as the log has them). */
    function dice(text) {
      if (!text || (reduced && reduced.matches)) return;
      const pop = document.createElement("div");
      pop.className = "dice-pop";
      pop.setAttribute("aria-hidden", "true");
      pop.textContent = text;
      container.append(pop);
      setTimeout(() => pop.remove(), 1600);
    }

    /** The page's zoom buttons: closer, farther, the whole table. */
    function tools(closer, farther, whole) {
      closer.addEventListener("click", () => zoom(1.25));
      farther.addEventListener("click", () => zoom(1 / 1.25));
      whole.addEventListener("click", () => fit());
    }

    return {draw, select, tape, dice, tools, snapHint, template, sight, ghost, clear, baseGeometry, ring,
            lastAction, zoom, fit, pan,
            toPicture: (x, y) => [px(x), py(y)], toTable: (X, Y) => [X / SCALE, H - Y / SCALE],
            get svg() { return svg; }};
  }

  return {create, SCALE, BASE};
})();
