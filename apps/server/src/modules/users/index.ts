export { usersRoutes } from './users.routes.js';
export { createAccount, findUserByAccount, type NewAccount } from './users.service.js';
