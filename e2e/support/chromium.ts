// Debian's Chromium with the flags this machine needs (DEVELOPERS.md); never a browser downloaded by a tool. Shared by
// the browser journeys and `npm run bench:console`, so it imports nothing from vitest.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
