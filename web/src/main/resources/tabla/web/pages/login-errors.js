// What the sign-in and registration forms say when something is wrong, in the page's language. The server's refusals
// are English sentences for every client (programs too); these forms check a new name and password as the server
// does (Accounts) before sending them, and know its usual refusals by their status.
import { t } from '../i18n/i18n.js';

/** A member's name (the server's Accounts.NAME): 3 to 20 of a–z, A–Z, digits, '_' and '-'. */
const NAME = /^[A-Za-z0-9_-]{3,20}$/;
const GUEST_PREFIX = 'guest-';
const MIN_PASSWORD = 8;

/** Why the server would refuse to register {@code name} with {@code password}, or null when it would not. */
export function registrationProblem(name, password) {
  if (!NAME.test(name)) return t('register.badName');
  if (name.toLowerCase().startsWith(GUEST_PREFIX)) return t('register.guestName');
  if (password.length < MIN_PASSWORD) return t('register.shortPassword');
  return null;
}

/**
 * What the form says about the server's refusal {@code e} (an ApiError): too many tries (429), a wrong name or password
 * at sign-in (401), a name that is taken at registration (409); any other refusal (a ban, registration closed) as the
 * API's error says it (net/refusal-text.js: the catalogue's words for its code, else the server's sentence).
 */
export function refusalText(e, form, name) {
  if (e.status === 429) return t('login.tooMany');
  if (form === 'login' && e.status === 401) return t('login.wrong');
  if (form === 'register' && e.status === 409) return t('register.taken', { name });
  return e.message;
}
