// The Attention Studio: a text, a model, a button; the output and its attention in six views
// (matrix, model, head, beam explorer, alignment, positional encoding). Everything is drawn from
// the /attention JSON; the state lives in the URL. The same script runs in the self-contained
// HTML export (GET /attention?format=html), where the data is inlined and there is no server.

import { scaleNames } from './colors.js';
import { readState, writeState, VIEW_NAMES } from './state.js';
import { callApi, storedApiKey, storeApiKey } from './api.js';
import { sinusoidTable } from './posenc.js';
import { renderHeatmap, meanOverHeads, matrixRange, valuesTable, displayToken } from './heatmap.js';
import { heatmapSvg, heatmapPngBlob, saveBlob, saveText } from './downloads.js';
import { renderHeadView } from './headview.js';

const FAMILY_LABELS = {
  cross: 'Cross-attention (decoder → encoder)',
  encoder_self: 'Encoder self-attention',
  decoder_self: 'Decoder self-attention (causal)',
};
const VIEW_LABELS = {
  matrix: 'Matrix', model: 'Model view', head: 'Head view', beam: 'Beam explorer',
  alignment: 'Alignment', positions: 'Positional encoding',
};
const PRECISION = 4;

const app = {
  st: readState(),
  models: [],
  data: null,       // the /attention answer
  extra: null,      // /translate or /normalize-time answer for the same text
  standalone: false,
  headsShown: null, // head view: shown head positions
};

const byId = (id) => document.getElementById(id);

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'class') node.className = v;
    else if (k === 'dataset') Object.assign(node.dataset, v);
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

function setStatus(state) {
  byId('studio').dataset.state = state;
}

function showMessage(text, kind = 'error') {
  const box = byId('message');
  box.textContent = text;
  box.className = `message ${kind}`;
  box.hidden = !text;
}

// --- models and the form -------------------------------------------------------------------
function modelFacts(name) {
  return app.models.find((m) => m.name === name) || null;
}

async function loadModels() {
  const answer = await callApi('/models');
  app.models = answer.models.filter((m) => m.kind);
  const select = byId('model');
  select.replaceChildren();
  for (const m of app.models) {
    const label = m.state === 'ready' ? m.name : `${m.name} (${m.state})`;
    select.append(el('option', { value: m.name, disabled: m.state !== 'ready' ? true : undefined }, label));
  }
  const ready = app.models.filter((m) => m.state === 'ready');
  if (!ready.length) {
    const loading = app.models.some((m) => m.state === 'pending' || m.state === 'loading') || !app.models.length;
    showMessage(loading ? 'The models are still loading; this page will update by itself.' : 'No model could be loaded; see GET /models.', loading ? 'info' : 'error');
    if (loading) setTimeout(() => loadModels().then(maybeAutoRun).catch(() => {}), 2000);
    return false;
  }
  if (byId('message').classList.contains('info')) showMessage('');
  const wanted = modelFacts(app.st.model);
  // The URL's model, else a translator (people mostly come with a sentence), else the first ready one.
  const fallback = ready.find((m) => m.kind === 'translator') || ready[0];
  select.value = wanted && wanted.state === 'ready' ? wanted.name : fallback.name;
  syncBeamField();
  return true;
}

function syncBeamField() {
  const facts = modelFacts(byId('model').value);
  const isTranslator = facts && facts.kind === 'translator';
  const beam = byId('beam');
  byId('beam-field').hidden = !isTranslator;
  if (isTranslator) {
    const def = (facts.metadata && facts.metadata.default_beam_size) || 4;
    beam.placeholder = String(def);
    beam.value = app.st.beam ? String(app.st.beam) : String(def);
  }
}

function maybeAutoRun() {
  if (app.st.text && app.st.model && modelFacts(app.st.model)) run(false);
}

async function run(push = true) {
  const model = byId('model').value;
  const text = byId('text').value;
  if (!text.trim()) {
    showMessage('Type a text first.');
    byId('text').focus();
    return;
  }
  const facts = modelFacts(model);
  app.st.model = model;
  app.st.text = text;
  const isTranslator = facts && facts.kind === 'translator';
  const beamValue = Number(byId('beam').value);
  app.st.beam = isTranslator && beamValue >= 1 ? beamValue : null;
  writeState(app.st, push);
  showMessage('');
  setStatus('loading');
  const button = byId('run');
  button.disabled = true;
  button.textContent = 'Working…';
  const started = performance.now();
  try {
    const attentionBody = { model, text, include_self: true, precision: PRECISION };
    if (isTranslator && app.st.beam) attentionBody.beam_size = app.st.beam;  // the same search as /translate
    const attention = callApi('/attention', { method: 'POST', body: attentionBody });
    let extra = Promise.resolve(null);
    if (isTranslator) {
      const body = { text };
      if (app.st.beam) body.beam_size = app.st.beam;
      extra = callApi('/translate', { method: 'POST', body });
    } else if (facts && facts.kind === 'time-normalizer') {
      extra = callApi('/normalize-time', { method: 'POST', body: { text } });
    }
    const [data, extraAnswer] = await Promise.all([attention, extra]);
    const fetched = performance.now();
    app.data = data;
    app.extra = extraAnswer;
    app.headsShown = null;
    renderResult();
    const done = performance.now();
    byId('studio').dataset.fetchMs = String(Math.round(fetched - started));
    byId('studio').dataset.renderMs = String(Math.round(done - fetched));
    setStatus('ready');
  } catch (err) {
    showMessage(err.message || String(err));
    setStatus('error');
  } finally {
    button.disabled = false;
    button.textContent = 'Show attention';
  }
}

// --- the data of the current selection -------------------------------------------------------
function hypotheses() {
  const d = app.data;
  const best = {
    output: d.output, target_tokens: d.target_tokens, attention: d.attention,
    score: app.extra && app.extra.results && app.extra.results[0] ? app.extra.results[0].score : null,
  };
  if (Array.isArray(d.alternatives) && d.alternatives.length) {
    // An n-best list from a model that exports one: [{output, target_tokens, score, attention}].
    return [{ ...best, score: d.score !== undefined ? d.score : best.score }, ...d.alternatives];
  }
  return [best];
}

function currentHyp() {
  const hyps = hypotheses();
  return hyps[Math.min(app.st.hyp || 0, hyps.length - 1)];
}

function families(hyp) {
  return Object.keys(FAMILY_LABELS).filter((f) => hyp.attention && hyp.attention[f]);
}

function axes(family, hyp) {
  const src = app.data.source_tokens;
  const tgt = hyp.target_tokens;
  if (family === 'encoder_self') return { rows: src, cols: src, rowName: 'source', colName: 'source' };
  if (family === 'decoder_self') {
    // Row i writes target token i; it sees the decoder's input: <s> and the tokens written before.
    return { rows: tgt, cols: ['<s>', ...tgt.slice(0, -1)], rowName: 'target', colName: 'decoder input' };
  }
  return { rows: tgt, cols: src, rowName: 'target', colName: 'source' };
}

function mapSpec(family, layer, head, hyp = currentHyp()) {
  const fam = hyp.attention[family];
  const layerMaps = fam.weights[layer];
  const matrix = head === 'mean' ? meanOverHeads(layerMaps) : layerMaps[head];
  const ax = axes(family, hyp);
  const layerName = fam.layer_indices[layer];
  const headName = head === 'mean' ? 'mean over heads' : `head ${fam.head_indices[head]}`;
  return {
    matrix, ...ax, family, layer: layerName, head: head === 'mean' ? 'mean' : fam.head_indices[head],
    scale: app.st.scale, range: matrixRange(matrix, app.st.norm),
    masked: family === 'decoder_self' ? (i, j) => j > i : null,
    title: `${FAMILY_LABELS[family]}, layer ${layerName}, ${headName}`,
  };
}

function mainCell(rows, cols) {
  const n = Math.max(rows, cols, 1);
  return Math.max(2, Math.min(28, Math.floor(720 / n)));
}

// --- rendering -----------------------------------------------------------------------------
function clampSelection() {
  const hyp = currentHyp();
  const fams = families(hyp);
  if (!fams.includes(app.st.family)) app.st.family = 'cross';
  const fam = hyp.attention[app.st.family];
  if (app.st.layer >= fam.weights.length) app.st.layer = 0;
  if (app.st.head !== 'mean' && app.st.head >= fam.weights[0].length) app.st.head = 0;
  const available = availableViews();
  if (!available.includes(app.st.view)) app.st.view = 'matrix';
}

function kind() {
  const facts = modelFacts(app.data.model);
  if (facts) return facts.kind;
  return app.data.positional_encoding ? 'translator' : 'time-normalizer';
}

function availableViews() {
  const views = ['matrix', 'model', 'head'];
  if (kind() === 'translator' || (app.data && Array.isArray(app.data.alternatives))) views.push('beam');
  views.push('alignment');
  if (app.data && app.data.positional_encoding) views.push('positions');
  return views;
}

function renderResult() {
  clampSelection();
  byId('result').hidden = false;
  renderOutput();
  renderControls();
  renderView();
  if (!app.standalone) writeState(app.st, false);
}

function renderOutput() {
  const out = byId('output');
  const extraBox = byId('output-extra');
  const note = byId('output-note');
  note.textContent = '';
  extraBox.textContent = '';
  const k = kind();
  const res = app.extra && app.extra.results ? app.extra.results[0] : null;
  if (k === 'time-normalizer') {
    const time = res ? res.time : app.data.output;
    out.textContent = time || 'no time recognized';
    if (res && res.confidence !== null && res.confidence !== undefined) extraBox.textContent = `confidence ${res.confidence.toFixed(2)}`;
    if (res && res.error) note.textContent = res.error;
    return;
  }
  if (res && res.translation) {
    out.textContent = res.translation;
    if (res.score !== null && res.score !== undefined) extraBox.textContent = `score ${res.score.toFixed(3)} (log-probability, length-normalized), beam ${app.extra.beam_size}`;
    if (res.translation !== app.data.output) {
      // A text of several sentences is translated sentence by sentence; the maps show it as one input.
      note.textContent = `The maps below are of the model's translation of the whole text as one input: “${app.data.output}”.`;
    }
  } else {
    out.textContent = app.data.output;
    if (res && res.error) note.textContent = res.error;
  }
}

function renderControls() {
  const hyp = currentHyp();
  const fams = families(hyp);
  // View tabs
  const tabs = byId('views');
  tabs.replaceChildren();
  const views = availableViews();
  for (const v of views) {
    const selected = v === app.st.view;
    const b = el('button', {
      type: 'button', role: 'tab', id: `tab-${v}`, 'aria-selected': String(selected), 'aria-controls': 'view',
      tabindex: selected ? '0' : '-1', dataset: { view: v },
      onclick: () => { app.st.view = v; renderResult(); byId(`tab-${v}`).focus(); },
      onkeydown: (ev) => {
        const i = views.indexOf(v);
        let next = null;
        if (ev.key === 'ArrowRight') next = views[(i + 1) % views.length];
        if (ev.key === 'ArrowLeft') next = views[(i - 1 + views.length) % views.length];
        if (ev.key === 'Home') next = views[0];
        if (ev.key === 'End') next = views[views.length - 1];
        if (next) { ev.preventDefault(); app.st.view = next; renderResult(); byId(`tab-${next}`).focus(); }
      },
    }, VIEW_LABELS[v]);
    tabs.append(b);
  }
  // Families
  const famBox = byId('family-options');
  famBox.replaceChildren();
  for (const f of Object.keys(FAMILY_LABELS)) {
    const id = `family-${f}`;
    const input = el('input', {
      type: 'radio', name: 'family', id, value: f, checked: f === app.st.family ? true : undefined,
      disabled: fams.includes(f) ? undefined : true,
      onchange: () => { app.st.family = f; renderResult(); },
    });
    famBox.append(el('label', { for: id, class: fams.includes(f) ? '' : 'unavailable', title: fams.includes(f) ? '' : 'this model has no such attention' }, input, ` ${FAMILY_LABELS[f]}`));
  }
  // Layer and head
  const fam = hyp.attention[app.st.family];
  const layerSel = byId('layer');
  layerSel.replaceChildren(...fam.layer_indices.map((l, i) => el('option', { value: String(i) }, `Layer ${l}`)));
  layerSel.value = String(app.st.layer);
  const headSel = byId('head');
  headSel.replaceChildren(
    el('option', { value: 'mean' }, 'Mean over heads'),
    ...fam.head_indices.map((h, i) => el('option', { value: String(i) }, `Head ${h}`)),
  );
  headSel.value = String(app.st.head);
  byId('scale').value = app.st.scale;
  byId('norm').value = app.st.norm;
  const onPositions = app.st.view === 'positions';
  byId('map-controls').hidden = onPositions;
  byId('head-field').hidden = app.st.view === 'model' || app.st.view === 'head';
  byId('layer-field').hidden = app.st.view === 'model';
}

function renderView() {
  const box = byId('view');
  box.replaceChildren();
  box.setAttribute('aria-labelledby', `tab-${app.st.view}`);
  const details = byId('values');
  details.open = false;
  byId('values-table').replaceChildren();
  const render = {
    matrix: renderMatrixView, model: renderModelView, head: renderHeadViewTab, beam: renderBeamView,
    alignment: renderAlignmentView, positions: renderPositionsView,
  }[app.st.view];
  render(box);
}

function currentSpec() {
  if (app.st.view === 'positions') return positionsSpec();
  return mapSpec(app.st.family, app.st.layer, app.st.head);
}

function bigMap(spec) {
  return renderHeatmap({ ...spec, cell: mainCell(spec.matrix.length, spec.matrix[0] ? spec.matrix[0].length : 0), caption: spec.title });
}

function renderMatrixView(box) {
  box.append(bigMap(currentSpec()));
}

function renderModelView(box) {
  const hyp = currentHyp();
  const fam = hyp.attention[app.st.family];
  const heads = fam.weights[0].length;
  const grid = el('div', { class: 'model-grid', role: 'group', 'aria-label': `${FAMILY_LABELS[app.st.family]}: every layer and head` });
  grid.style.gridTemplateColumns = `max-content repeat(${heads + 1}, max-content)`;
  grid.append(el('div', { class: 'mg-corner' }));
  for (let h = 0; h < heads; h++) grid.append(el('div', { class: 'mg-colhead' }, `Head ${fam.head_indices[h]}`));
  grid.append(el('div', { class: 'mg-colhead' }, 'Mean'));
  const sample = mapSpec(app.st.family, 0, 0, hyp);
  const n = Math.max(sample.matrix.length, sample.matrix[0] ? sample.matrix[0].length : 0, 1);
  const cell = Math.max(1, Math.min(12, Math.floor(110 / n)));
  for (let l = 0; l < fam.weights.length; l++) {
    grid.append(el('div', { class: 'mg-rowhead' }, `Layer ${fam.layer_indices[l]}`));
    for (const h of [...Array(heads).keys(), 'mean']) {
      const spec = mapSpec(app.st.family, l, h, hyp);
      const fig = renderHeatmap({
        ...spec, cell, thumbnail: true, labels: cell >= 6, legend: false,
        onSelect: () => { app.st.view = 'matrix'; app.st.layer = l; app.st.head = h; renderResult(); },
      });
      grid.append(fig);
    }
  }
  box.append(el('p', { class: 'hint' }, 'Click a map (or press Enter on it) to open it in the matrix view.'), grid);
  box.append(renderLegendFor(sample));
}

function renderLegendFor(spec) {
  const fig = renderHeatmap({ ...spec, matrix: [[0]], rows: [''], cols: [''], cell: 1, labels: false });
  const legend = fig.querySelector('.hm-legend');
  return legend;
}

function renderHeadViewTab(box) {
  const hyp = currentHyp();
  const fam = hyp.attention[app.st.family];
  const layerMaps = fam.weights[app.st.layer];
  const ax = axes(app.st.family, hyp);
  // Every head, or the head chosen in the head picker alone (toggle the others on).
  const active = app.headsShown || new Set(app.st.head === 'mean' ? layerMaps.map((_, k) => k) : [app.st.head]);
  box.append(el('h3', {}, `${FAMILY_LABELS[app.st.family]}, layer ${fam.layer_indices[app.st.layer]}`));
  box.append(renderHeadView({
    heads: layerMaps, headIndices: fam.head_indices, keys: ax.cols, queries: ax.rows,
    keyName: `${ax.colName} (keys)`, queryName: `${ax.rowName} (queries)`,
    family: app.st.family, layer: fam.layer_indices[app.st.layer], active,
    onActive: (s) => { app.headsShown = s; },
  }));
}

function renderBeamView(box) {
  const hyps = hypotheses();
  const list = el('ol', { class: 'beam-list', 'aria-label': 'Hypotheses, best first' });
  hyps.forEach((h, i) => {
    const id = `hyp-${i}`;
    const input = el('input', {
      type: 'radio', name: 'hyp', id, value: String(i), checked: i === (app.st.hyp || 0) ? true : undefined,
      onchange: () => { app.st.hyp = i; app.headsShown = null; renderResult(); },
    });
    const score = h.score === null || h.score === undefined ? 'score n/a' : `score ${Number(h.score).toFixed(3)}`;
    list.append(el('li', { dataset: { hyp: String(i) } }, el('label', { for: id }, input, ' ', el('span', { class: 'hyp-text' }, h.output), ' ', el('span', { class: 'hyp-score' }, score))));
  });
  box.append(list);
  if (hyps.length === 1) {
    box.append(el('p', { class: 'note', id: 'beam-note' },
      'This model exports only its best hypothesis. An n-best list needs a model that exports one; '
      + 'the list fills in by itself when /attention returns "alternatives".'));
  }
  box.append(bigMap(currentSpec()));
}

function renderAlignmentView(box) {
  const spec = currentSpec();
  const k = kind();
  const title = k === 'time-normalizer'
    ? 'Character alignment: output characters × input characters'
    : `Alignment: each ${spec.rowName} token and the ${spec.colName} token it attends to most`;
  box.append(el('h3', {}, title));
  const table = el('table', { class: 'alignment' });
  table.append(el('caption', {}, `${spec.title}: strongest ${spec.colName} token of each ${spec.rowName} token`));
  table.append(el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, spec.rowName), el('th', { scope: 'col' }, spec.colName), el('th', { scope: 'col' }, 'weight'))));
  const tbody = el('tbody');
  spec.matrix.forEach((row, i) => {
    let best = 0;
    for (let j = 1; j < row.length; j++) if (row[j] > row[best]) best = j;
    const bar = el('span', { class: 'bar' });
    bar.style.width = `${Math.round(row[best] * 100)}px`;
    tbody.append(el('tr', {}, el('td', {}, displayToken(spec.rows[i])), el('td', {}, `${displayToken(spec.cols[best])} (${best})`), el('td', {}, bar, ` ${row[best].toFixed(3)}`)));
  });
  table.append(tbody);
  const wrap = el('div', { class: 'alignment-wrap' }, bigMap(spec), table);
  box.append(wrap);
}

function positionsSpec() {
  const pe = app.data.positional_encoding;
  const positions = Math.min(pe.max_position, 256);
  const dims = Math.min(pe.d_model, 512);
  const matrix = sinusoidTable(positions, dims);
  return {
    matrix, rows: matrix.map((_, i) => String(i)), cols: Array.from({ length: dims }, (_, j) => String(j)),
    rowName: 'position', colName: 'dimension', family: 'positional', layer: 'none', head: 'none',
    scale: app.st.scale, range: [-1, 1], masked: null, legendLabel: 'value (sin/cos)',
    title: `Sinusoidal positional encoding: ${positions} positions × ${dims} dimensions`,
  };
}

function renderPositionsView(box) {
  const spec = positionsSpec();
  const used = Math.max(app.data.source_tokens.length, currentHyp().target_tokens.length);
  box.append(el('p', { class: 'hint' }, `Row p is added to the embedding of the token at position p; this input uses positions 0–${used - 1}. Even dimensions are sines, odd ones cosines, with wavelengths growing from 2π to 10000·2π.`));
  const fig = renderHeatmap({ ...spec, cell: Math.max(2, Math.floor(640 / Math.max(spec.matrix.length, spec.cols.length))), caption: spec.title });
  box.append(fig);
}

// --- downloads ------------------------------------------------------------------------------
function fileStem() {
  const s = currentSpec();
  const part = app.st.view === 'positions' ? 'positional-encoding' : `${s.family}-layer${s.layer}-head${s.head}`;
  return `${app.data.model}-${part}`;
}

async function downloadPng() {
  const blob = await heatmapPngBlob(currentSpec());
  saveBlob(blob, `${fileStem()}.png`);
}

function downloadSvg() {
  saveText(heatmapSvg(currentSpec()), `${fileStem()}.svg`, 'image/svg+xml');
}

function downloadJson() {
  saveText(JSON.stringify(app.data, null, 1), `${app.data.model}-attention.json`, 'application/json');
}

async function downloadHtml() {
  try {
    const response = await callApi('/attention', {
      method: 'POST', raw: true,
      body: { model: app.data.model, text: app.st.text, include_self: true, precision: PRECISION, format: 'html' },
    });
    saveBlob(await response.blob(), `${app.data.model}-attention.html`);
  } catch (err) {
    showMessage(err.message || String(err));
  }
}

// --- wiring -----------------------------------------------------------------------------------
function wireControls() {
  byId('layer').addEventListener('change', (ev) => { app.st.layer = Number(ev.target.value); app.headsShown = null; renderResult(); });
  byId('head').addEventListener('change', (ev) => {
    app.st.head = ev.target.value === 'mean' ? 'mean' : Number(ev.target.value);
    app.headsShown = null;
    renderResult();
  });
  const scale = byId('scale');
  scale.replaceChildren(...scaleNames().map((n) => el('option', { value: n }, n)));
  scale.addEventListener('change', (ev) => { app.st.scale = ev.target.value; renderResult(); });
  byId('norm').addEventListener('change', (ev) => { app.st.norm = ev.target.value; renderResult(); });
  byId('download-png').addEventListener('click', downloadPng);
  byId('download-svg').addEventListener('click', downloadSvg);
  byId('download-json').addEventListener('click', downloadJson);
  byId('download-html').addEventListener('click', downloadHtml);
  byId('values').addEventListener('toggle', (ev) => {
    const target = byId('values-table');
    if (ev.target.open && app.data) target.replaceChildren(valuesTable(currentSpec()));
    else target.replaceChildren();
  });
}

async function boot() {
  wireControls();
  const embedded = byId('studio-data');
  if (embedded) {
    app.standalone = true;
    app.data = JSON.parse(embedded.textContent);
    byId('query').hidden = true;
    byId('download-html').hidden = true;
    byId('standalone-note').hidden = false;
    renderResult();
    setStatus('ready');
    return;
  }
  byId('text').value = app.st.text;
  byId('api-key').value = storedApiKey();
  byId('api-key').addEventListener('change', (ev) => storeApiKey(ev.target.value.trim()));
  byId('model').addEventListener('change', syncBeamField);
  byId('query').addEventListener('submit', (ev) => {
    ev.preventDefault();
    storeApiKey(byId('api-key').value.trim());
    app.st.hyp = 0;
    run(true);
  });
  window.addEventListener('popstate', () => {
    const next = readState();
    const rerun = next.text !== app.st.text || next.model !== app.st.model;
    app.st = next;
    byId('text').value = next.text;
    if (rerun && next.text) { byId('model').value = next.model; run(false); } else if (app.data) renderResult();
  });
  try {
    if (await loadModels()) maybeAutoRun();
  } catch (err) {
    showMessage(err.message || String(err));
    setStatus('error');
  }
}

if (VIEW_NAMES.length) boot();
