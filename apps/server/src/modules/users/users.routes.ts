import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';

export async function usersRoutes(_app: FastifyInstance, _context: AppContext) {}
