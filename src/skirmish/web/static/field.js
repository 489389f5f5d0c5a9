/* The field: the server's picture of the table, north up (docs/web.md, The table picture:
   its root's data-scale, data-field-x/-y/-width/-height and data-north-up say where the field
   lies in it; bases are <g class="base" id="base-REF">, greyed ones out of play, scenery
   <g id="element-ID">), with an overlay for the selection, the move tape, the line of sight
   and templates. Clicks and drags are reported in table centimetres (y = 0 the south edge,
   at the bottom). */
"use strict";

const Field = (() => {
  const SCALE = 10;
  const NS = "http://www.w3.org/2000/svg";
  // A fighter's base (its label box is a <g class="label base"> without an id).
  const BASE = 'g.base[id^="base-"]';

  function svgEl(tag, attrs) {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    return node;
  }

  /** Table cm <-> the picture's units, from the data- attributes of its root (a picture
      without them: the field at (0, 0), SCALE units per cm, y down). */
  function mapping(svg) {
    const d = (svg && svg.dataset) || {};
    const num = (v, dflt) => (v === undefined || v === "" || isNaN(Number(v)) ? dflt : Number(v));
    const scale = num(d.scale, SCALE);
    const left = num(d.fieldX, 0);
    const top = num(d.fieldY, 0);
    const height = num(d.fieldHeight, 0);
    const up = d.northUp === "true";
    return {
      scale, up,
      px: (x) => left + x * scale,
      py: (y) => (up ? top + height - y * scale : top + y * scale),
      x: (px) => (px - left) / scale,
      y: (py) => (up ? (top + height - py) / scale : (py - top) / scale),
    };
  }

  /** handlers: onBase(ref, event), onPoint(x, y), onDrag(x, y), onHover(ref|null),
      canDrag(ref) -> bool. */
  function create(container, handlers) {
    let svg = null;
    let overlay = null;
    let layers = {};
    let selected = null;
    let hovered = null;
    let drag = null;
    let marks = {highlight: new Set()};
    let map = mapping(null);

    const round2 = (v) => Math.round(v * 100) / 100;
    const pts = (points) => points.map(([x, y]) => `${map.px(x)},${map.py(y)}`).join(" ");

    /** The table point (cm) under a pointer event. */
    function cm(event) {
      const point = svg.createSVGPoint();
      point.x = event.clientX;
      point.y = event.clientY;
      const local = point.matrixTransform(svg.getScreenCTM().inverse());
      return [round2(map.x(local.x)), round2(map.y(local.y))];
    }

    /** The fighter whose base is under the pointer: greyed bases are out of play (the
        ground where they lie is free), labels are only words. */
    function baseOf(target) {
      const g = target && target.closest ? target.closest(BASE) : null;
      return g && !g.classList.contains("greyed") ? g.id.slice("base-".length) : null;
    }

    function render(text) {
      container.innerHTML = text;
      svg = container.querySelector("svg");
      if (!svg) return;
      map = mapping(svg);
      SK.fitSvg(svg);
      overlay = svgEl("g", {id: "overlay", "pointer-events": "none"});
      layers = {};
      for (const name of ["template", "sight", "tape", "ghost"]) {
        layers[name] = svgEl("g", {class: "layer-" + name});
        overlay.append(layers[name]);
      }
      svg.append(overlay);
      svg.addEventListener("pointerdown", down);
      svg.addEventListener("pointermove", move);
      svg.addEventListener("pointerup", up);
      svg.addEventListener("pointerleave", () => setHover(null));
      for (const g of svg.querySelectorAll(BASE + ":not(.greyed)")) g.style.cursor = "pointer";
      applyMarks();
    }

    function setHover(ref) {
      if (ref === hovered) return;
      hovered = ref;
      if (handlers.onHover) handlers.onHover(ref);
    }

    function down(event) {
      if (event.button !== 0) return;
      const ref = baseOf(event.target);
      if (ref && handlers.canDrag && handlers.canDrag(ref)) {
        drag = {ref, start: cm(event), moved: false, id: event.pointerId};
        svg.setPointerCapture(event.pointerId);
        event.preventDefault();
        return;
      }
      drag = {ref: null, start: cm(event), base: ref, moved: false, id: event.pointerId};
    }

    function move(event) {
      if (drag && drag.ref) {
        const [x, y] = cm(event);
        if (Math.hypot(x - drag.start[0], y - drag.start[1]) > 0.5) drag.moved = true;
        if (drag.moved) {
          ghost(drag.ref, x, y);
          if (handlers.onDrag) handlers.onDrag(x, y);
        }
        return;
      }
      setHover(baseOf(event.target));
    }

    function up(event) {
      const d = drag;
      drag = null;
      if (!d) return;
      const [x, y] = cm(event);
      if (d.ref) {
        try { svg.releasePointerCapture(d.id); } catch (e) { /* already released */ }
        if (d.moved) { handlers.onPoint(x, y, {dragged: d.ref}); return; }
        handlers.onBase(d.ref, event, [x, y]);
        return;
      }
      if (d.base) handlers.onBase(d.base, event, [x, y]);
      else handlers.onPoint(x, y, {});
    }

    function baseGeometry(ref) {
      const g = svg && svg.getElementById("base-" + ref);
      const circle = g && !g.classList.contains("greyed") && g.querySelector("circle");
      if (!circle) return null;
      return {x: map.x(+circle.getAttribute("cx")), y: map.y(+circle.getAttribute("cy")),
              r: +circle.getAttribute("r") / map.scale};
    }

    function ghost(ref, x, y) {
      const layer = layers.ghost;
      if (!layer) return;
      layer.replaceChildren();
      const b = ref && baseGeometry(ref);
      if (b) {
        layer.append(svgEl("circle", {cx: map.px(x), cy: map.py(y), r: b.r * map.scale,
                                      class: "ghost"}));
      } else {
        layer.append(svgEl("circle", {cx: map.px(x), cy: map.py(y), r: 6, class: "ghost"}));
      }
    }

    /** The move tape: the path (cm points), the end point, legal or not, a label. */
    function tape(path, end, legal, label) {
      const layer = layers.tape;
      if (!layer) return;
      layer.replaceChildren();
      if (path && path.length >= 2) {
        layer.append(svgEl("polyline", {points: pts(path), id: "tape-path",
                                        class: "tape-line " + (legal ? "legal" : "illegal")}));
      }
      if (end) {
        layer.append(svgEl("circle", {cx: map.px(end[0]), cy: map.py(end[1]), r: 5,
                                      id: "tape-end",
                                      class: "tape-end " + (legal ? "legal" : "illegal")}));
        if (label) {
          const text = svgEl("text", {x: map.px(end[0]) + 10, y: map.py(end[1]) - 10,
                                      class: "tape-label"});
          text.textContent = label;
          layer.append(text);
        }
      }
    }

    /** A template outline (cm points) and the bases it covers. */
    function template(points, covered) {
      const layer = layers.template;
      if (!layer) return;
      layer.replaceChildren();
      if (points && points.length >= 3) {
        layer.append(svgEl("polygon", {points: pts(points), id: "template-preview",
                                       class: "template-preview"}));
      }
      marks.covered = new Set(covered || []);
      applyMarks();
    }

    /** The line of sight between two bases: its colour and the elements in the way. */
    function sight(from, to, visible, blocking, obstructing) {
      const layer = layers.sight;
      if (!layer) return;
      layer.replaceChildren();
      marks.blocking = new Set(blocking || []);
      marks.obstructing = new Set(obstructing || []);
      const a = from && baseGeometry(from);
      const b = to && baseGeometry(to);
      if (a && b) {
        layer.append(svgEl("line", {x1: map.px(a.x), y1: map.py(a.y), x2: map.px(b.x),
                                    y2: map.py(b.y), id: "sight-line",
                                    class: "sight-line " + (visible ? "visible" : "blocked")}));
      }
      applyMarks();
    }

    function applyMarks() {
      if (!svg) return;
      for (const node of svg.querySelectorAll(".is-selected, .is-covered, .is-blocking, " +
                                              ".is-obstructing")) {
        node.classList.remove("is-selected", "is-covered", "is-blocking", "is-obstructing");
      }
      const mark = (id, cls) => {
        const node = svg.getElementById("base-" + id) || svg.getElementById("element-" + id);
        if (node) node.classList.add(cls);
      };
      if (selected) mark(selected, "is-selected");
      for (const id of marks.covered || []) mark(id, "is-covered");
      for (const id of marks.blocking || []) mark(id, "is-blocking");
      for (const id of marks.obstructing || []) mark(id, "is-obstructing");
    }

    function select(ref) {
      selected = ref;
      applyMarks();
    }

    function clear(...names) {
      for (const name of names.length ? names : Object.keys(layers)) {
        if (layers[name]) layers[name].replaceChildren();
        if (name === "template") marks.covered = new Set();
        if (name === "sight") { marks.blocking = new Set(); marks.obstructing = new Set(); }
      }
      applyMarks();
    }

    /** The deploying seat's zone, when the server's picture has none: read from its prompt
        ("Confrontation zone: the west half, 20 cm or more from the centre line"). */
    function zone(view, prompt) {
      if (!svg || !prompt || svg.querySelector(".zone")) return;
      const m = new RegExp("(Confrontation|Ambush) zone: the (north|south|east|west) half, " +
                           "(\\d+(?:\\.\\d+)?) cm or more from the centre").exec(prompt);
      if (!m) return;
      const [w, h] = view.field_size;
      const d = Number(m[3]);
      const half = {south: [0, 0, w, h / 2], north: [0, h / 2, w, h], west: [0, 0, w / 2, h],
                    east: [w / 2, 0, w, h]}[m[2]];
      let [x0, y0, x1, y1] = half;
      let hole = "";
      if (m[1] === "Confrontation") {
        if (m[2] === "south") y1 = Math.min(y1, h / 2 - d);
        if (m[2] === "north") y0 = Math.max(y0, h / 2 + d);
        if (m[2] === "west") x1 = Math.min(x1, w / 2 - d);
        if (m[2] === "east") x0 = Math.max(x0, w / 2 + d);
        if (x1 <= x0 || y1 <= y0) return;
      } else {
        const [cx, cy, r] = [map.px(w / 2), map.py(h / 2), d * map.scale];
        hole = ` M ${cx + r} ${cy} A ${r} ${r} 0 1 0 ${cx - r} ${cy}` +
               ` A ${r} ${r} 0 1 0 ${cx + r} ${cy} Z`;
      }
      const [X0, X1, Y0, Y1] = [map.px(x0), map.px(x1), map.py(y0), map.py(y1)];
      const path = svgEl("path", {
        id: "zone-deploy", class: "zone deploy-zone", "fill-rule": "evenodd",
        d: `M ${X0} ${Y0} L ${X1} ${Y0} L ${X1} ${Y1} L ${X0} ${Y1} Z${hole}`,
      });
      const field = svg.getElementById("field");
      if (field && field.nextSibling) svg.insertBefore(path, field.nextSibling);
      else svg.prepend(path);
    }

    return {render, select, tape, template, sight, ghost, clear, baseGeometry, zone,
            /** Table cm -> the picture's units, and back. */
            toPicture: (x, y) => [map.px(x), map.py(y)], toTable: (px, py) => [map.x(px), map.y(py)],
            get svg() { return svg; }};
  }

  return {create, mapping, SCALE, BASE};
})();
