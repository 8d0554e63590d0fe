/** Phones, where the console's stylesheets narrow their margins (max-width: 767px in main-layout.module.css). */
export const PHONE_SCREEN_QUERY = '(max-width: 767px)';

/**
 * Whether the console is on a phone-sized screen now: asked when the user acts (a phone cannot scan a QR it shows
 * itself), so it needs no subscription to later resizes.
 */
export function isPhoneScreen(): boolean {
  return window.matchMedia(PHONE_SCREEN_QUERY).matches;
}
