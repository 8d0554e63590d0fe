export { devRoutes } from './dev.routes.js';
