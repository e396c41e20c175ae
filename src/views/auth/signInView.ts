// Sign-in: mobile number, password, Remember me; links to password reset and registration. A plain-DOM
// view rather than a React component: it is the first screen a visitor sees, and on a slow phone
// React's own download and start-up would keep it from being usable within a second (docs/decisions.md).
// One view serves every place the form shows: the build writes its markup into the page served for
// /login (vite.config.ts, the button disabled until bound), the entry binds it before React has loaded
// (src/views/start/firstSignIn.ts), and the route table's /login mounts it into a host element.
// Its look comes from the UI kit's class strings (src/views/ui/looks.ts), which the React kit uses too.
import type { SessionActor } from '../app/rootActorsStart';
import { plainAddressTitle } from '../app/pageTitles';
import { PHONE_MESSAGES, phoneProblem } from '../../domain/phone';
import { signInPasswordProblem } from '../../domain/password';
import { STORAGE_KEYS, readSignInPhone } from '../../services/storage';
import { accountApi } from '../../services/account';
import { followsInApp } from '../ui/plainClick';
import { AUTH_CARD_CLASSES, BUTTON_SPINNER_CLASS, TEXT_FIELD_CLASSES, buttonClass, textInputClass } from '../ui/looks';

export interface SignInMarkupOptions {
  /** The academy's support line as the build set it (VITE_SUPPORT_PHONE); the server's own replaces it once asked (mountSignIn). */
  supportPhone: string | null;
}

export interface SignInDeps {
  session: SessionActor;
  /** Goes to an address of the app (the app's navigation, with or without the router). */
  go: (to: string) => void;
}

/** The document title of the sign-in screen (the page served for /login carries it too). */
export const SIGN_IN_TITLE = plainAddressTitle('/login');

const PHONE_ID = 'signin-phone';
const PASSWORD_ID = 'signin-password';
const SUPPORT_ID = 'signin-support';
const LINK_CLASS = '-my-2.5 inline-block py-2.5 font-medium text-brand-700 hover:underline';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);

/** The support line as the build configured it, for a page the entry writes itself. */
function configuredSupportPhone(): string | null {
  return (import.meta.env.VITE_SUPPORT_PHONE as string | undefined)?.trim() || null;
}

/**
 * The page served for /login carries only the styles its form needs, in the page itself, and the app's
 * whole stylesheet as a prefetch link with this attribute, so that it does not hold back the form's
 * first paint (vite.config.ts); the app's start makes it the page's stylesheet (src/views/start/appBoot.ts).
 */
export const DEFERRED_STYLES_ATTRIBUTE = 'data-app-styles';

/** Set on the form by the page's own early-press script (below) when Sign In was pressed before the view was bound. */
const PRESSED_ATTRIBUTE = 'data-pressed';
/** Set on the form once the view has bound it: from then on the view alone answers a press. */
const BOUND_ATTRIBUTE = 'data-bound';

/**
 * The one inline script of the page served for /login, right after the form's host (vite.config.ts
 * writes it there; the server allows it by its hash, server/headers.ts). The form is usable as soon as
 * it is drawn, long before the app's code has arrived on a slow phone: a press of Sign In (or Enter)
 * until the view is bound is kept, the button shows it is busy, and the view carries it out once bound
 * (mountSignIn). Nothing is ever submitted by the browser itself, and the fields carry no names. A
 * student whose session is stored (src/services/storage.ts) never sees the form: it is hidden at once,
 * and the app, once started, goes on as the session says (firstSignIn.ts shows it again for a visitor).
 */
export const EARLY_PRESS_SCRIPT =
  `(function(h){try{if(localStorage.getItem('${STORAGE_KEYS.sessionId}')||sessionStorage.getItem('${STORAGE_KEYS.sessionId}'))h.hidden=true}catch(e){}` +
  `var f=h.querySelector('form');f.addEventListener('submit',function(e){e.preventDefault();if(f.hasAttribute('${BOUND_ATTRIBUTE}'))return;` +
  `f.setAttribute('${PRESSED_ATTRIBUTE}','');var b=f.querySelector('button[type=submit]');b.disabled=true;b.setAttribute('aria-busy','true');` +
  `b.firstElementChild.hidden=false})})(document.currentScript.previousElementSibling)`;

/**
 * The sign-in screen as HTML, its button ready to press. Until the view has bound the form, the page's
 * early-press script keeps a press for it (EARLY_PRESS_SCRIPT). The fields carry no names, so even a
 * form the browser did submit would send no password anywhere.
 */
/** The help line's words: the support number to call, or the academy office when none is set. */
function supportLine(supportPhone: string | null): string {
  return supportPhone
    ? `Need help? Call <a href="tel:${escapeHtml(supportPhone.replace(/[^\d+]/g, ''))}" class="font-medium text-brand-700">${escapeHtml(supportPhone)}</a>`
    : 'Need help? Contact the academy office.';
}

export function signInMarkup({ supportPhone }: SignInMarkupOptions): string {
  const field = (id: string, label: string, attributes: string) =>
    `<div class="${TEXT_FIELD_CLASSES.field}"><label for="${id}" class="${TEXT_FIELD_CLASSES.label}">${label}</label>` +
    `<input id="${id}" ${attributes} class="${textInputClass(false)}"></div>`;
  return (
    `<div class="${AUTH_CARD_CLASSES.page}">` +
    // The logo is drawn a moment after the form: a picture in SVG costs a slow phone's main thread a
    // fifth of a second before the first paint when it loads at once (docs/performance.md).
    `<img src="/logo.svg" alt="Medical Academy" width="56" height="56" loading="lazy" decoding="async" class="${AUTH_CARD_CLASSES.logo}">` +
    `<div class="${AUTH_CARD_CLASSES.card}">` +
    `<h1 class="${AUTH_CARD_CLASSES.title}">Sign In</h1>` +
    `<p class="${AUTH_CARD_CLASSES.subtitle}">Welcome back! Sign in with your mobile number.</p>` +
    `<div class="${AUTH_CARD_CLASSES.body}">` +
    `<form novalidate>` +
    field(PHONE_ID, 'Mobile number', 'type="tel" inputmode="numeric" autocomplete="username" placeholder="01XXXXXXXXX" maxlength="11"') +
    field(PASSWORD_ID, 'Password', 'type="password" autocomplete="current-password"') +
    `<div class="mb-5 flex items-center justify-between text-sm">` +
    `<label class="flex min-h-10 items-center gap-2"><input type="checkbox" checked class="h-4 w-4 accent-brand-700">Remember me</label>` +
    `<a href="/forget-password" class="${LINK_CLASS}">Forgot password?</a>` +
    `</div>` +
    `<button type="submit" class="${buttonClass({ size: 'lg', block: true })}" elementtiming="sign-in"><span class="${BUTTON_SPINNER_CLASS}" aria-hidden="true" hidden></span>Sign In</button>` +
    `</form>` +
    `<a href="/register" class="${buttonClass({ variant: 'secondary', size: 'lg', block: true })} mt-3">Create an account</a>` +
    `<p id="${SUPPORT_ID}" class="mt-5 text-center text-sm text-slate-600">${supportLine(supportPhone)}</p>` +
    `</div></div></div>`
  );
}

/**
 * Binds the sign-in screen in `host`, writing its markup first when the host holds none. Whatever the
 * student typed before (the page's form shows before its script has run) is kept. Returns the unbinding;
 * the markup stays for the caller to remove or hand on.
 */
export function mountSignIn(host: HTMLElement, { session, go }: SignInDeps): () => void {
  if (!host.querySelector('form')) host.innerHTML = signInMarkup({ supportPhone: configuredSupportPhone() });
  const find = <E extends Element>(selector: string): E => {
    const found = host.querySelector<E>(selector);
    if (!found) throw new Error(`The sign-in markup has no ${selector}`);
    return found;
  };
  const form = find<HTMLFormElement>('form');
  const phone = find<HTMLInputElement>(`#${PHONE_ID}`);
  const password = find<HTMLInputElement>(`#${PASSWORD_ID}`);
  const remember = find<HTMLInputElement>('input[type="checkbox"]');
  const button = find<HTMLButtonElement>('button[type="submit"]');
  const spinner = find<HTMLSpanElement>('button[type="submit"] > span');
  document.title = SIGN_IN_TITLE;

  // The remembered number, unless the student already typed one before the script ran.
  if (phone.value === '') phone.value = readSignInPhone();
  // Digits only, as the student types, and for what was typed before the script ran.
  const keepDigits = () => {
    const digits = phone.value.replace(/\D/g, '');
    if (digits !== phone.value) phone.value = digits;
  };
  keepDigits();

  /** Shows or clears a field's problem beneath it, announced as an alert and tied to the field. */
  const showProblem = (input: HTMLInputElement, problem: string | null) => {
    const problemId = `${input.id}-error`;
    let line = host.querySelector<HTMLParagraphElement>(`#${problemId}`);
    input.className = textInputClass(problem !== null);
    if (problem === null) {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
      line?.remove();
      return;
    }
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', problemId);
    if (!line) {
      line = document.createElement('p');
      line.id = problemId;
      line.setAttribute('role', 'alert');
      line.className = TEXT_FIELD_CLASSES.problem;
      input.after(line);
    }
    // The same words again are left alone, so a screen reader does not repeat them.
    if (line.textContent !== problem) line.textContent = problem;
  };

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (button.disabled) return;
    showProblem(phone, phone.value.trim() === '' ? PHONE_MESSAGES.missingOnForm : phoneProblem(phone.value));
    showProblem(password, signInPasswordProblem(password.value));
    // The session's guard decides whether the credentials are sent; the problems above explain a refusal.
    session.send({ type: 'session.signIn', phone: phone.value.trim(), password: password.value, remember: remember.checked });
  };

  // A plain click follows the link through the app's navigation; one that opens a new tab is the browser's.
  const follow = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[href^="/"]');
    if (!link || !followsInApp(event, link.getAttribute('target'))) return;
    event.preventDefault();
    go(link.getAttribute('href')!);
  };

  // Busy while the session works (restoring, signing in) and once signed in, until the app replaces this screen.
  const showBusy = (busy: boolean) => {
    if (button.disabled === busy && spinner.hidden === !busy) return;
    button.disabled = busy;
    if (busy) button.setAttribute('aria-busy', 'true');
    else button.removeAttribute('aria-busy');
    spinner.hidden = !busy;
  };
  const watched = session.subscribe((snapshot) => showBusy(snapshot.hasTag('loading') || snapshot.matches('signedIn')));
  const now = session.getSnapshot();
  showBusy(now.hasTag('loading') || now.matches('signedIn'));

  // The server's support number (a runtime setting) replaces the build's line; without one, or when the
  // question fails, the line stays as the build wrote it.
  let bound = true;
  void accountApi.supportPhone().then(
    (supportPhone) => {
      const line = host.querySelector(`#${SUPPORT_ID}`);
      if (bound && supportPhone && line) line.innerHTML = supportLine(supportPhone);
    },
    () => undefined,
  );

  phone.addEventListener('input', keepDigits);
  form.addEventListener('submit', submit);
  host.addEventListener('click', follow);
  form.setAttribute(BOUND_ATTRIBUTE, '');

  // Sign In pressed before the view was bound (the page's early-press script kept it): carried out as
  // soon as the session can take it; a session restored meanwhile makes it moot.
  let pressedEarly: { unsubscribe(): void } | null = null;
  if (form.hasAttribute(PRESSED_ATTRIBUTE)) {
    form.removeAttribute(PRESSED_ATTRIBUTE);
    const carryOut = (snapshot: ReturnType<SessionActor['getSnapshot']>) => {
      if (snapshot.hasTag('loading')) return false;
      if (!snapshot.matches('signedIn')) form.requestSubmit();
      return true;
    };
    if (!carryOut(session.getSnapshot())) {
      pressedEarly = session.subscribe((snapshot) => {
        if (carryOut(snapshot)) pressedEarly?.unsubscribe();
      });
    }
  }
  return () => {
    bound = false;
    pressedEarly?.unsubscribe();
    form.removeAttribute(BOUND_ATTRIBUTE);
    watched.unsubscribe();
    phone.removeEventListener('input', keepDigits);
    form.removeEventListener('submit', submit);
    host.removeEventListener('click', follow);
  };
}
