// Reminders outside the app (issue 40), taken into the service worker by Workbox's importScripts
// (vite.config.ts): a push shows as a notification with the words the server sent (server/reminders/
// push.ts, PushMessage: title, body, url, tag), and a tap opens the app at the thing itself, focusing
// an open window of the app when there is one. A signed-out student goes through the sign-in there and
// lands on it (src/views/start/routes.tsx).
/* eslint-env serviceworker */
'use strict';

/** The app's own address a push leads to; anything else (another site, a bad value) opens the app's start. */
function appAddress(url) {
  try {
    const address = new URL(typeof url === 'string' && url ? url : '/', self.location.origin);
    return address.origin === self.location.origin ? address.href : new URL('/', self.location.origin).href;
  } catch {
    return new URL('/', self.location.origin).href;
  }
}

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'Medical Academy';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' && message.tag ? message.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: appAddress(message.url), notificationId: message.notificationId ?? null },
    }),
  );
});

/**
 * Opens the app at `url`: an open window of the app is focused and sent there; with none (or one this
 * worker does not control, opened before it), a new window opens. Named on the worker so a browser test
 * can run it on a shown notification's address: no browser tool can tap a notification.
 */
async function openTarget(url) {
  const target = appAddress(url);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    try {
      await open.focus();
    } catch {
      // Focusing is allowed only in a tap's handling; the address still changes.
    }
    try {
      if (await open.navigate(target)) return;
    } catch {
      // Not controlled by this worker: a new window instead.
    }
  }
  await self.clients.openWindow(target);
}
self.academyPush = { openTarget };

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openTarget(event.notification.data && event.notification.data.url));
});
