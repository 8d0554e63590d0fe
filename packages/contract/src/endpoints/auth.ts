import { z } from 'zod';
import { VerifiedStatus } from '../enums.js';
import { defineEndpoint } from '../endpoint.js';

export const logout = defineEndpoint({
  id: 'logout',
  method: 'DELETE',
  path: '/auth/logout',
  auth: 'user',
  summary: 'Revoke the session of the bearer token',
  tag: 'auth',
  data: z.null(),
});

export const getVerified = defineEndpoint({
  id: 'getVerified',
  method: 'POST',
  path: '/system/user/getVerified',
  auth: 'user',
  summary: "The current user's real-name verification status ('1' verified, '0' not)",
  tag: 'auth',
  data: z.object({ status: VerifiedStatus.schema }),
});
