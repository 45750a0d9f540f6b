// When a rest ends while the app is out of sight (the phone locked, another app in front), a
// notification says so, through the service worker where there is one (Android's Chrome
// shows page notifications only that way); the timer itself vibrates where supported.
// Permission is asked only when the user taps "Notify me" on the rest timer, never on load.
//
// What a web page cannot promise: a locked phone may freeze the page, and then nothing of
// it runs until it is woken; a background tab's timers are slowed to about once a second,
// which is early enough for a rest.
import { directionOf, locale } from './i18n.js';

/** 'unsupported', or the Notifications API's 'default' | 'granted' | 'denied'. */
export function notificationPermission() {
  return typeof window.Notification === 'function' ? window.Notification.permission : 'unsupported';
}

export async function askNotificationPermission() {
  if (notificationPermission() !== 'default') return notificationPermission();
  try {
    return await window.Notification.requestPermission();
  } catch {
    return notificationPermission();
  }
}

/** Say that rest is over when nobody sees the page; true when a notification was shown. */
export async function notifyRestOver(title, body) {
  if (notificationPermission() !== 'granted' || document.visibilityState === 'visible') return false;
  const options = { body, tag: 'fitcoach-rest', renotify: true, vibrate: [180, 80, 180],
    lang: locale(), dir: directionOf(locale()) };
  try {
    const registration = navigator.serviceWorker
      ? await navigator.serviceWorker.getRegistration() : null;
    // A worker still installing cannot show one yet: the page's own notification then.
    if (registration?.active) await registration.showNotification(title, options);
    else new window.Notification(title, options); // eslint-disable-line no-new
    return true;
  } catch {
    return false; // the timer's sound and vibration still say it
  }
}
