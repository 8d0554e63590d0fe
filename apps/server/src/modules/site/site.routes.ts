import { site } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { route } from '../../http/endpoints.js';
import { siteInfo } from './site.service.js';

export const siteRoutes = (config: Config) => async (app: FastifyInstance) => {
  route(app, site.getSiteInfo, async (_input, { locale }) => siteInfo(config, locale));
};
