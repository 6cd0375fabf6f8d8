// Heat maps on a canvas (one pixel per cell, scaled up without smoothing), with token labels as
// a bounded number of DOM nodes, the exact value on hover or by keyboard, and a colour legend.
// Every map is a <figure class="heatmap" data-family data-layer data-head> (the test hooks).

import { colourTable, MASKED_RGB } from './colors.js';

const MIN_LABEL_PX = 9;  // a label per cell above this cell size, else every k-th one

export function displayToken(token) {
  if (token === ' ') return '␣';
  if (token === '') return '∅';
  return token;
}

export function meanOverHeads(heads) {
  const rows = heads[0].length;
  const cols = rows ? heads[0][0].length : 0;
  const out = [];
  for (let i = 0; i < rows; i++) {
    const row = new Array(cols).fill(0);
    for (const head of heads) {
      const src = head[i];
      for (let j = 0; j < cols; j++) row[j] += src[j];
    }
    for (let j = 0; j < cols; j++) row[j] /= heads.length;
    out.push(row);
  }
  return out;
}

export function matrixRange(matrix, norm) {
  if (norm !== 'max') return [0, 1];
  let max = 0;
  for (const row of matrix) for (const v of row) if (v > max) max = v;
  return [0, max > 0 ? max : 1];
}

// The map as an image, one pixel per cell: an offscreen canvas.
export function paintCells(spec) {
  const { matrix, scale = 'viridis', range = [0, 1], masked = null } = spec;
  const rows = matrix.length;
  const cols = rows ? matrix[0].length : 0;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, cols);
  canvas.height = Math.max(1, rows);
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(canvas.width, canvas.height);
  const lut = colourTable(scale);
  const [lo, hi] = range;
  const span = hi - lo || 1;
  const px = image.data;
  for (let i = 0; i < rows; i++) {
    const row = matrix[i];
    for (let j = 0; j < cols; j++) {
      const o = (i * cols + j) * 4;
      if (masked && masked(i, j)) {
        px[o] = MASKED_RGB[0]; px[o + 1] = MASKED_RGB[1]; px[o + 2] = MASKED_RGB[2];
      } else {
        const t = Math.max(0, Math.min(1, (row[j] - lo) / span));
        const k = Math.round(t * 255) * 3;
        px[o] = lut[k]; px[o + 1] = lut[k + 1]; px[o + 2] = lut[k + 2];
      }
      px[o + 3] = 255;
    }
  }
  ctx.putImageData(image, 0, 0);
  return canvas;
}

function labelStep(cell) {
  if (cell >= MIN_LABEL_PX) return 1;
  const need = Math.ceil(14 / cell);  // about 14 px between labels
  return [2, 5, 10, 20, 50, 100].find((s) => s >= need) || need;
}

function labelFont(cell) {
  return Math.max(8, Math.min(13, Math.floor(cell * 0.8)));
}

function addLabels(box, labels, cell, axis, step) {
  const fontPx = labelFont(cell);
  box.style.fontSize = `${fontPx}px`;
  const spans = [];
  for (let k = 0; k < labels.length; k += step) {
    const span = document.createElement('span');
    span.className = 'hm-label';
    span.textContent = displayToken(labels[k]);
    span.dataset.index = String(k);
    if (axis === 'y') {
      span.style.top = `${k * cell}px`;
      span.style.height = `${cell * step}px`;
      span.style.lineHeight = `${Math.max(cell, fontPx)}px`;
    } else {
      span.style.left = `${k * cell}px`;
      span.style.width = `${cell * step}px`;
    }
    box.appendChild(span);
    spans[k] = span;
  }
  return spans;
}

// A labelled heat map. spec: matrix, rows, cols (labels), rowName, colName, family, layer, head,
// cell (px per cell), scale, range, masked(i, j), caption, legend (bool), labels (bool),
// thumbnail (bool), onSelect (thumbnail click).
export function renderHeatmap(spec) {
  const { matrix, rows, cols, family, layer, head, cell, caption } = spec;
  const nRows = matrix.length;
  const nCols = nRows ? matrix[0].length : 0;
  const fig = document.createElement('figure');
  fig.className = spec.thumbnail ? 'heatmap thumb' : 'heatmap';
  fig.dataset.family = family;
  fig.dataset.layer = String(layer);
  fig.dataset.head = String(head);
  fig.dataset.rows = String(nRows);
  fig.dataset.cols = String(nCols);
  if (caption) {
    const cap = document.createElement('figcaption');
    cap.textContent = caption;
    fig.appendChild(cap);
  }
  const grid = document.createElement('div');
  grid.className = 'hm-grid';
  const ybox = document.createElement('div');
  ybox.className = 'hm-ylabels';
  const plot = document.createElement('div');
  plot.className = 'hm-plot';
  const corner = document.createElement('div');
  corner.className = 'hm-corner';
  const xbox = document.createElement('div');
  xbox.className = 'hm-xlabels';
  grid.append(ybox, plot, corner, xbox);
  fig.appendChild(grid);

  const width = nCols * cell;
  const height = nRows * cell;
  const canvas = document.createElement('canvas');
  const dpr = spec.thumbnail ? 1 : Math.min(2, window.devicePixelRatio || 1);
  const cells = paintCells(spec);
  canvas.width = Math.max(1, Math.round(width * dpr));
  canvas.height = Math.max(1, Math.round(height * dpr));
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(cells, 0, 0, canvas.width, canvas.height);
  canvas.className = 'hm-canvas';
  const summary = `${spec.title || caption || 'attention map'}: ${nRows} ${spec.rowName || 'rows'} × ${nCols} ${spec.colName || 'columns'}`;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', summary);
  plot.appendChild(canvas);
  ybox.style.height = `${height}px`;
  xbox.style.width = `${width}px`;

  let ySpans = [];
  let xSpans = [];
  if (spec.labels !== false) {
    const fontPx = labelFont(cell);
    const longest = rows.reduce((m, t) => Math.max(m, displayToken(t).length), 1);
    ybox.style.width = `${Math.min(140, Math.ceil(10 + longest * fontPx * 0.62))}px`;
    ySpans = addLabels(ybox, rows, cell, 'y', labelStep(cell));
    xSpans = addLabels(xbox, cols, cell, 'x', labelStep(cell));
  }

  if (spec.thumbnail) {
    fig.tabIndex = 0;
    fig.setAttribute('role', 'button');
    fig.setAttribute('aria-label', `${summary}. Open in the matrix view.`);
    const open = () => spec.onSelect && spec.onSelect();
    fig.addEventListener('click', open);
    fig.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); open(); }
    });
    return fig;
  }

  // Hover and keyboard: the exact value of a cell.
  const tip = document.createElement('div');
  tip.className = 'hm-tip';
  tip.setAttribute('role', 'status');
  tip.setAttribute('aria-live', 'polite');
  tip.textContent = 'Hover a cell (or focus the map and use the arrow keys) for its exact value.';
  fig.appendChild(tip);
  canvas.tabIndex = 0;
  let cursor = [0, 0];
  let lit = [];
  const show = (i, j) => {
    for (const el of lit) el.classList.remove('lit');
    lit = [];
    if (i < 0 || j < 0 || i >= nRows || j >= nCols) return;
    cursor = [i, j];
    const value = matrix[i][j];
    const maskedCell = spec.masked && spec.masked(i, j);
    const rowTok = displayToken(rows[i]);
    const colTok = displayToken(cols[j]);
    tip.textContent = `${spec.rowName || 'row'} ${i} “${rowTok}” → ${spec.colName || 'column'} ${j} “${colTok}”: `
      + (maskedCell ? 'masked (not visible to the decoder)' : formatValue(value));
    tip.dataset.row = String(i);
    tip.dataset.col = String(j);
    const yi = nearestLabel(ySpans, i);
    const xj = nearestLabel(xSpans, j);
    for (const el of [yi, xj]) if (el) { el.classList.add('lit'); lit.push(el); }
  };
  canvas.addEventListener('mousemove', (ev) => {
    const rect = canvas.getBoundingClientRect();
    const j = Math.floor(((ev.clientX - rect.left) / rect.width) * nCols);
    const i = Math.floor(((ev.clientY - rect.top) / rect.height) * nRows);
    show(i, j);
  });
  canvas.addEventListener('keydown', (ev) => {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (!moves[ev.key]) return;
    ev.preventDefault();
    const [di, dj] = moves[ev.key];
    show(Math.max(0, Math.min(nRows - 1, cursor[0] + di)), Math.max(0, Math.min(nCols - 1, cursor[1] + dj)));
  });
  canvas.addEventListener('focus', () => show(cursor[0], cursor[1]));

  if (spec.legend !== false) fig.appendChild(renderLegend(spec.scale, spec.range || [0, 1], Boolean(spec.masked), spec.legendLabel));
  return fig;
}

function nearestLabel(spans, index) {
  for (let k = index; k >= 0; k--) if (spans[k]) return spans[k];
  return null;
}

export function formatValue(value) {
  if (Math.abs(value) >= 0.001 || value === 0) return value.toFixed(4);
  return value.toExponential(2);
}

export function renderLegend(scale, range, masked, label) {
  const box = document.createElement('div');
  box.className = 'hm-legend';
  const name = document.createElement('span');
  name.textContent = label || 'attention weight';
  const lo = document.createElement('span');
  lo.textContent = formatLegend(range[0]);
  const bar = document.createElement('canvas');
  bar.width = 200;
  bar.height = 12;
  bar.className = 'hm-legend-bar';
  bar.setAttribute('role', 'img');
  bar.setAttribute('aria-label', `colour scale ${scale}: dark is ${formatLegend(range[0])}, bright is ${formatLegend(range[1])}`);
  const ctx = bar.getContext('2d');
  const lut = colourTable(scale);
  for (let x = 0; x < 200; x++) {
    const k = Math.round((x / 199) * 255) * 3;
    ctx.fillStyle = `rgb(${lut[k]}, ${lut[k + 1]}, ${lut[k + 2]})`;
    ctx.fillRect(x, 0, 1, 12);
  }
  const hi = document.createElement('span');
  hi.textContent = formatLegend(range[1]);
  box.append(name, lo, bar, hi);
  if (masked) {
    const sw = document.createElement('span');
    sw.className = 'hm-masked-swatch';
    const txt = document.createElement('span');
    txt.textContent = 'masked (future tokens)';
    box.append(sw, txt);
  }
  return box;
}

function formatLegend(v) {
  return Number.isInteger(v) ? String(v) : v.toFixed(3);
}

// The values table (text alternative), capped so that it stays small.
export function valuesTable(spec, cap = 80) {
  const { matrix, rows, cols } = spec;
  const wrap = document.createElement('div');
  const nRows = Math.min(matrix.length, cap);
  const nCols = matrix.length ? Math.min(matrix[0].length, cap) : 0;
  const table = document.createElement('table');
  table.className = 'values';
  const capEl = document.createElement('caption');
  capEl.textContent = `${spec.title || 'Attention weights'}: rows are ${spec.rowName || 'rows'}, columns ${spec.colName || 'columns'}`;
  table.appendChild(capEl);
  const head = document.createElement('tr');
  head.appendChild(document.createElement('th'));
  for (let j = 0; j < nCols; j++) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = displayToken(cols[j]);
    head.appendChild(th);
  }
  const thead = document.createElement('thead');
  thead.appendChild(head);
  table.appendChild(thead);
  const body = document.createElement('tbody');
  for (let i = 0; i < nRows; i++) {
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = displayToken(rows[i]);
    tr.appendChild(th);
    for (let j = 0; j < nCols; j++) {
      const td = document.createElement('td');
      td.textContent = spec.masked && spec.masked(i, j) ? '–' : matrix[i][j].toFixed(3);
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
  table.appendChild(body);
  wrap.appendChild(table);
  if (matrix.length > cap || (matrix.length && matrix[0].length > cap)) {
    const note = document.createElement('p');
    note.textContent = `Only the first ${cap} rows and columns are shown; download the JSON for all values.`;
    wrap.appendChild(note);
  }
  return wrap;
}
