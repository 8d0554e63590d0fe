import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';

export async function noticesRoutes(_app: FastifyInstance, _context: AppContext) {}
