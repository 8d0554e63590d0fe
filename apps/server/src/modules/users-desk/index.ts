import type { Module } from '../../platform.js';
import { usersDeskRoutes } from './users-desk.admin.routes.js';
import { usersDeskService, type UsersDeskDependencies } from './users-desk.admin.service.js';

/**
 * The operators' users desk (docs/decisions/0036): the top of the module graph, reading an account through the
 * services of every module that owns a part of it; nothing uses it.
 */
export function createUsersDeskModule(dependencies: UsersDeskDependencies): Module<null> {
  return { service: null, routes: usersDeskRoutes(usersDeskService(dependencies)) };
}
