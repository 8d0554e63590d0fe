import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';

export async function realNameRoutes(_app: FastifyInstance, _context: AppContext) {}
