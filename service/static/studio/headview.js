// The head view: keys (left) and queries (right) in two columns joined by lines whose opacity is
// the weight, one colour per head. Hover (or focus) a token to isolate its lines; click a head to
// toggle it, double-click to show it alone. Lines are drawn on a canvas, batched by head and
// opacity; only the tokens are DOM nodes. Above 60 tokens each query shows its 4 strongest lines
// per head (a hovered token shows all of its lines), drawn one head per frame.

import { headColour } from './colors.js';
import { displayToken } from './heatmap.js';

const MIN_WEIGHT = 0.01;  // lighter lines are invisible anyway; skipped unless a token is isolated
const BUCKETS = 12;

export function renderHeadView(spec) {
  // spec: heads (array of [query][key] matrices), headIndices, keys, queries (labels), keyName,
  // queryName, family, layer, active (Set of head positions), onActive(Set)
  const { heads, keys, queries } = spec;
  const active = new Set(spec.active);
  const root = document.createElement('div');
  root.className = 'headview';
  root.dataset.family = spec.family;
  root.dataset.layer = String(spec.layer);
  root.dataset.head = 'all';

  const chips = document.createElement('div');
  chips.className = 'hv-heads';
  chips.setAttribute('role', 'group');
  chips.setAttribute('aria-label', 'Heads shown (click to toggle, double-click to show one alone)');
  const buttons = spec.headIndices.map((h, k) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'hv-head';
    b.dataset.head = String(h);
    const sw = document.createElement('span');
    sw.className = 'hv-swatch';
    sw.style.background = headColour(h);
    b.append(sw, document.createTextNode(`Head ${h}`));
    b.addEventListener('click', () => {
      if (active.has(k)) active.delete(k); else active.add(k);
      update();
    });
    b.addEventListener('dblclick', () => {
      active.clear();
      active.add(k);
      update();
    });
    chips.appendChild(b);
    return b;
  });
  const hint = document.createElement('span');
  hint.className = 'hint';
  hint.textContent = 'Click a head to toggle it, double-click to show it alone; hover a token to isolate its lines.';
  chips.appendChild(hint);
  root.appendChild(chips);

  const n = Math.max(keys.length, queries.length);
  const rowH = n > 60 ? 14 : 20;
  const body = document.createElement('div');
  body.className = 'hv-body';
  const colWidth = 150;
  const gap = Math.min(320, Math.max(160, 12 * n));
  const height = n * rowH + 24;
  const mkColumn = (labels, side, title) => {
    const col = document.createElement('div');
    col.className = `hv-col hv-${side}`;
    col.style.height = `${height}px`;
    const h = document.createElement('div');
    h.className = 'hv-title';
    h.textContent = title;
    col.appendChild(h);
    const spans = labels.map((t, i) => {
      const s = document.createElement('span');
      s.className = 'hv-token';
      s.textContent = displayToken(t);
      s.tabIndex = 0;
      s.dataset.side = side;
      s.dataset.index = String(i);
      s.style.top = `${24 + i * rowH}px`;
      s.style.height = `${rowH}px`;
      s.style.lineHeight = `${rowH}px`;
      s.style.fontSize = `${rowH > 14 ? 13 : 11}px`;
      col.appendChild(s);
      return s;
    });
    return { col, spans };
  };
  const left = mkColumn(keys, 'left', spec.keyName);
  const right = mkColumn(queries, 'right', spec.queryName);
  const canvas = document.createElement('canvas');
  const dpr = Math.min(2, window.devicePixelRatio || 1);
  canvas.width = Math.round(gap * dpr);
  canvas.height = Math.round(height * dpr);
  canvas.style.width = `${gap}px`;
  canvas.style.height = `${height}px`;
  canvas.className = 'hv-lines';
  canvas.setAttribute('role', 'img');
  body.append(left.col, canvas, right.col);
  body.style.gridTemplateColumns = `${colWidth}px ${gap}px ${colWidth}px`;
  root.appendChild(body);

  const ctx = canvas.getContext('2d');
  let focus = null;  // {side, index}

  // Long inputs: each query's TOP_LINES strongest lines per head (all of a token's lines when it is
  // isolated), drawn head by head in separate frames, so the tab never freezes for long.
  const many = n > 60;
  const TOP_LINES = 4;
  let generation = 0;

  function rowLines(row, q, k, yOf, paths, used) {
    let drawn = 0;
    const add = (kk, w) => {
      const b = Math.min(BUCKETS - 1, Math.floor(w * BUCKETS));
      paths[b].moveTo(2, yOf(kk));
      paths[b].lineTo(gap - 2, yOf(q));
      used[b] = true;
      drawn++;
    };
    if (focus && focus.side === 'left') {
      const w = row[focus.index];
      if (w >= 0.001) add(focus.index, w);
      return drawn;
    }
    const floor = focus ? 0.001 : MIN_WEIGHT;
    if (!many || focus) {
      for (let kk = 0; kk < row.length; kk++) if (row[kk] >= floor) add(kk, row[kk]);
      return drawn;
    }
    const top = [];  // indices of the strongest weights, strongest first
    for (let kk = 0; kk < row.length; kk++) {
      const w = row[kk];
      if (!(w >= floor) || (top.length === TOP_LINES && w <= row[top[TOP_LINES - 1]])) continue;
      let at = top.length < TOP_LINES ? top.length : TOP_LINES - 1;
      top[at] = kk;
      while (at > 0 && row[top[at - 1]] < w) { top[at] = top[at - 1]; top[at - 1] = kk; at--; }
    }
    for (const kk of top) add(kk, row[kk]);
    return drawn;
  }

  function drawHead(k) {
    const m = heads[k];
    const yOf = (i) => 24 + i * rowH + rowH / 2;
    const paths = Array.from({ length: BUCKETS }, () => new Path2D());
    const used = new Array(BUCKETS).fill(false);
    let drawn = 0;
    for (let q = 0; q < m.length; q++) {
      if (focus && focus.side === 'right' && focus.index !== q) continue;
      drawn += rowLines(m[q], q, k, yOf, paths, used);
    }
    ctx.strokeStyle = headColour(spec.headIndices[k]);
    for (let b = 0; b < BUCKETS; b++) {
      if (!used[b]) continue;
      ctx.globalAlpha = Math.min(1, (b + 1) / BUCKETS);
      ctx.stroke(paths[b]);
    }
    ctx.globalAlpha = 1;
    return drawn;
  }

  function draw() {
    const mine = ++generation;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, gap, height);
    ctx.lineWidth = rowH > 14 ? 2 : 1;
    const order = [...active].sort((a, b) => a - b);
    let drawn = 0;
    const finish = () => {
      root.dataset.linesDrawn = String(drawn);
      root.dataset.drawing = '';
      canvas.setAttribute('aria-label', `${drawn} lines between ${spec.keyName} and ${spec.queryName}`);
    };
    root.dataset.activeHeads = order.map((k) => spec.headIndices[k]).join(',');
    root.dataset.focus = focus ? `${focus.side}:${focus.index}` : '';
    if (!many || focus) {
      for (const k of order) drawn += drawHead(k);
      finish();
      return;
    }
    root.dataset.drawing = '1';
    const step = (i) => {
      if (mine !== generation) return;  // a newer drawing replaced this one
      if (i >= order.length) { finish(); return; }
      drawn += drawHead(order[i]);
      requestAnimationFrame(() => step(i + 1));
    };
    step(0);
  }

  function shade() {
    // With a token isolated, the other column shows each token's weight (summed over shown heads).
    const clear = (spans) => spans.forEach((s) => { s.classList.remove('hv-dim', 'hv-focus'); s.style.backgroundColor = ''; });
    clear(left.spans);
    clear(right.spans);
    if (!focus) return;
    const mine = focus.side === 'left' ? left.spans : right.spans;
    const other = focus.side === 'left' ? right.spans : left.spans;
    mine.forEach((s, i) => s.classList.toggle('hv-dim', i !== focus.index));
    mine[focus.index].classList.add('hv-focus');
    const totals = new Array(other.length).fill(0);
    let count = 0;
    for (let k = 0; k < heads.length; k++) {
      if (!active.has(k)) continue;
      count++;
      for (let o = 0; o < other.length; o++) {
        totals[o] += focus.side === 'left' ? (heads[k][o] ? heads[k][o][focus.index] : 0) : (heads[k][focus.index][o] || 0);
      }
    }
    other.forEach((s, o) => {
      const w = count ? totals[o] / count : 0;
      s.style.backgroundColor = `rgba(0, 114, 178, ${Math.min(0.85, w).toFixed(3)})`;
      s.title = `mean weight ${w.toFixed(4)}`;
    });
  }

  function update() {
    buttons.forEach((b, k) => b.setAttribute('aria-pressed', String(active.has(k))));
    draw();
    shade();
    if (spec.onActive) spec.onActive(new Set(active));
  }

  const bind = (spans, side) => spans.forEach((s, i) => {
    const on = () => { focus = { side, index: i }; draw(); shade(); };
    const off = () => { focus = null; draw(); shade(); };
    s.addEventListener('mouseenter', on);
    s.addEventListener('mouseleave', off);
    s.addEventListener('focus', on);
    s.addEventListener('blur', off);
  });
  bind(left.spans, 'left');
  bind(right.spans, 'right');
  update();
  return root;
}
