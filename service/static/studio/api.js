// Requests to this service only (relative URLs), with the API key from the session, and its JSON
// errors in plain words.

const KEY_ITEM = 'attention-studio.api-key';

export function storedApiKey() {
  try {
    return window.sessionStorage.getItem(KEY_ITEM) || '';
  } catch (err) {
    return '';
  }
}

export function storeApiKey(key) {
  try {
    if (key) window.sessionStorage.setItem(KEY_ITEM, key);
    else window.sessionStorage.removeItem(KEY_ITEM);
  } catch (err) {
    // storage disabled: the key lives only in the field
  }
}

export class ApiProblem extends Error {
  constructor(status, message, code) {
    super(message);
    this.status = status;
    this.code = code || '';
  }
}

// fetch(path) against this service; resolves to the parsed JSON (or the Response with raw: true).
export async function callApi(path, { method = 'GET', body = undefined, key = storedApiKey(), raw = false } = {}) {
  const headers = { Accept: raw ? '*/*' : 'application/json' };
  if (key) headers['X-API-Key'] = key;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response;
  try {
    response = await fetch(path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin', cache: 'no-store',
    });
  } catch (err) {
    throw new ApiProblem(0, 'The service cannot be reached. Is it still running?', 'network');
  }
  if (!response.ok) {
    let payload = null;
    try {
      payload = await response.json();
    } catch (err) {
      payload = null;
    }
    throw new ApiProblem(response.status, plainError(response.status, payload, response.headers), payload && payload.code);
  }
  return raw ? response : response.json();
}

// The service's JSON error ({"error", "code", "details"}) as one sentence for people.
export function plainError(status, payload, headers) {
  const said = payload && typeof payload.error === 'string' ? payload.error : '';
  const code = payload && payload.code ? payload.code : '';
  const retry = headers && headers.get ? headers.get('Retry-After') : null;
  const wait = retry ? ` Try again in ${retry} s.` : '';
  switch (status) {
    case 401:
      return 'This service needs an API key: enter it in the "API key" field and try again.';
    case 403:
      return 'The API key was not accepted: check the "API key" field.';
    case 404:
      return said || 'Not found.';
    case 413:
      return `The text is too large for this service. ${said}`.trim();
    case 422:
      if (code === 'text_too_long') return `The text is too long. ${said}`;
      return `The service cannot use this input: ${said || 'invalid request.'}`;
    case 429:
      return `Too many requests: the service's rate limit is reached.${wait || ' Wait a little and try again.'}`;
    case 503:
      if (code === 'model_loading') return `The model is still loading.${wait || ' Try again in a few seconds.'}`;
      if (code === 'timeout') return `The service took too long to answer.${wait}`;
      return `The service is unavailable: ${said}${wait}`;
    default:
      return said ? `Error ${status}: ${said}` : `The service answered with error ${status}.`;
  }
}
