export { insertUser } from './users.queries.js';
export { usersRoutes } from './users.routes.js';
