// /api.html: the site's HTTP API as /openapi.json describes it (OpenAPI 3.1), drawn here without any library: each
// path with its methods, summary, parameters, body fields and answers, grouped by tag.
import { h, put } from '../ui/dom.js';
import { t, getLang, hasChosenLang } from '../i18n/i18n.js';
import { session } from '../net/ops-api.js';

const main = document.getElementById('main');

function schemaText(schema) {
  if (!schema || !schema.properties) return '';
  const need = new Set(schema.required || []);
  return Object.entries(schema.properties)
    .map(([k, v]) => k + (need.has(k) ? '' : '?') + ': ' + (v.type || 'any')).join(', ');
}

function operation(path, method, op) {
  const params = (op.parameters || []).map((p) => p.name + ' (' + p.in + (p.description ? ', ' + p.description : '') + ')');
  // a JSON body's fields; a body of another type (an uploaded record is text/plain) has no fields to list
  const content = (op.requestBody && op.requestBody.content) || {};
  const json = content['application/json'];
  const fields = json ? schemaText(json.schema) : '';
  const body = fields ? '{' + fields + '}' : Object.keys(content).filter((k) => k !== 'application/json').join(', ');
  const answers = Object.entries(op.responses || {}).map(([code, r]) => h('li', {}, h('code', {}, code), ' ', r.description));
  return h('article', { class: 'api-op', 'data-test': 'api-op' },
    h('h3', {}, h('code', {}, method.toUpperCase() + ' ' + path)),
    h('p', {}, op.summary || ''),
    params.length ? h('p', {}, h('b', {}, t('apidoc.params') + ': '), params.join('; ')) : null,
    body ? h('p', {}, h('b', {}, t('apidoc.body') + ': '), h('code', {}, body)) : null,
    h('b', {}, t('apidoc.responses')), h('ul', {}, ...answers));
}

async function start() {
  if (!hasChosenLang()) await session();
  document.documentElement.lang = getLang();
  document.title = 'Tabla · ' + t('apidoc.title');
  const res = await fetch('/openapi.json', { headers: { Accept: 'application/json' } });
  const doc = await res.json();
  const byTag = new Map();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = (op.tags && op.tags[0]) || '';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag).push(operation(path, method, op));
    }
  }
  const sections = [...byTag].map(([tag, ops]) => h('section', {}, h('h2', {}, tag), ...ops));
  put(main, h('h1', {}, t('apidoc.title')), h('p', {}, t('apidoc.intro'), ' ', h('a', { href: '/openapi.json' }, '/openapi.json')),
    h('p', { class: 'muted' }, doc.info.description), ...sections);
}

start().catch((err) => put(main, h('p', { class: 'err' }, err.message)));
