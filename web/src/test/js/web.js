// Where the site's files are, and what a module needs to load under Node: i18n.js fetches its message files
// (beside it, by file: URL here) when it is imported, and asks navigator and localStorage for the language.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export const WEB = fileURLToPath(new URL('../../main/resources/tabla/web/', import.meta.url));

if (!globalThis.fetch || !globalThis.__tablaFileFetch) {
  const real = globalThis.fetch;
  globalThis.__tablaFileFetch = true;
  globalThis.fetch = async (url, init) => {
    const u = new URL(String(url));
    if (u.protocol !== 'file:') return real(url, init);
    try {
      const body = await readFile(fileURLToPath(u), 'utf8');
      return { ok: true, status: 200, json: async () => JSON.parse(body), text: async () => body };
    } catch (e) {
      return { ok: false, status: 404, json: async () => { throw e; }, text: async () => '' };
    }
  };
}
if (!globalThis.navigator) globalThis.navigator = { language: 'en-GB' };
