import * as auth from './auth.js';
import * as dev from './dev.js';
import * as system from './system.js';

export { auth, dev, system };

/** Every endpoint of the API, each declared once; the server registers routes and OpenAPI from this list. */
export const ENDPOINTS = [...Object.values(system), ...Object.values(dev), ...Object.values(auth)];
