// Page state in the URL: /?model=translator-en-de&text=...&view=model&family=cross&layer=1&head=2
// Opening such a URL renders it without a click. The API key never goes into the URL.

export const VIEW_NAMES = ['matrix', 'model', 'head', 'beam', 'alignment', 'positions'];
export const FAMILY_NAMES = ['cross', 'encoder_self', 'decoder_self'];
const STATE_KEYS = ['model', 'text', 'view', 'family', 'layer', 'head', 'beam', 'scale', 'norm', 'hyp'];

export function readState(search) {
  const params = new URLSearchParams(search === undefined ? window.location.search : search);
  const st = {
    model: params.get('model') || '',
    text: params.get('text') || '',
    view: VIEW_NAMES.includes(params.get('view')) ? params.get('view') : 'matrix',
    family: FAMILY_NAMES.includes(params.get('family')) ? params.get('family') : 'cross',
    layer: toIndex(params.get('layer'), 0),
    head: toIndex(params.get('head'), 'mean'),
    beam: toIndex(params.get('beam'), null),
    scale: params.get('scale') === 'cividis' ? 'cividis' : 'viridis',
    norm: params.get('norm') === 'max' ? 'max' : 'abs',
    hyp: toIndex(params.get('hyp'), 0),
  };
  return st;
}

function toIndex(value, fallback) {
  if (value === null || value === '' || !/^\d+$/.test(value)) return fallback;
  return Number(value);
}

// The URL of a state (only what differs from the defaults, model and text first).
export function stateQuery(st) {
  const params = new URLSearchParams();
  for (const key of STATE_KEYS) {
    const value = st[key];
    if (value === null || value === undefined || value === '') continue;
    if ((key === 'view' && value === 'matrix') || (key === 'family' && value === 'cross')
      || (key === 'scale' && value === 'viridis') || (key === 'norm' && value === 'abs')
      || (key === 'hyp' && value === 0) || (key === 'head' && value === 'mean')
      || (key === 'layer' && value === 0)) continue;
    params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function writeState(st, push) {
  if (window.location.protocol === 'file:') return;  // the exported file has no server to come back to
  const url = `${window.location.pathname}${stateQuery(st)}`;
  if (url === `${window.location.pathname}${window.location.search}`) return;
  if (push) window.history.pushState(null, '', url);
  else window.history.replaceState(null, '', url);
}
