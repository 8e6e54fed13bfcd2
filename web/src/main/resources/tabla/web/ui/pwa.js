// The installable site (issue 28): registers the service worker (sw.js, whose scope is the whole site), and this
// browser's Web Push subscription for the account page. A browser without service workers simply has neither.

/** Registers sw.js once; its registration when ready, or null where service workers are not available. */
export function worker() {
  if (!('serviceWorker' in navigator)) return Promise.resolve(null);
  return navigator.serviceWorker.register('/sw.js').then(() => navigator.serviceWorker.ready, () => null);
}

/** Whether this browser can take Web Push alerts at all. */
export function pushSupported() {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The base64url key of the server as the bytes PushManager.subscribe wants. */
function keyBytes(b64) {
  const s = atob(b64.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

/** This browser's push subscription, or null. */
export async function currentSubscription() {
  const reg = await worker();
  return reg ? reg.pushManager.getSubscription() : null;
}

/** Subscribes this browser with the server's key; the subscription (its toJSON() is what the server keeps). */
export async function subscribePush(key) {
  const reg = await worker();
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
}

worker();
