/**
 * A prerendered first screen (the landing page's, or the list pages' header: scripts/build/first-screen-plugin.ts)
 * stands in `#first-screen` while the app renders, hidden, into `#root` (base.css). Removing it shows the app in its
 * place, in one frame.
 */
export function revealApp(): void {
  document.getElementById('first-screen')?.remove();
}

export function hasFirstScreen(): boolean {
  return document.getElementById('first-screen') !== null;
}
