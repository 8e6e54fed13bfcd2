// What a page shows for a refusal of the server: its machine-readable code said in the page's language when the
// message files have words for it ('refusal.' + code, filled with the refusal's args), else the server's own sentence
// (English for every client: a refusal whose code is new to this page, or one the server names no code for yet).
// docs/api.md lists the codes; MessagesTest checks that every code the server can send has its words here.
import { t, hasKey } from '../i18n/i18n.js';

/** The words for the answer body {error, code, args} of a refused request, or {@code fallback} without a sentence. */
export function refusalWords(body, fallback) {
  const sentence = (body && typeof body.error === 'string' && body.error) || fallback;
  const code = body && typeof body.code === 'string' ? body.code : null;
  if (!code || !hasKey('refusal.' + code)) return sentence;
  const args = body.args && typeof body.args === 'object' ? body.args : {};
  return t('refusal.' + code, args);
}
