import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

const eventKeySchema = z.string().trim().min(1).max(64);

export const getWechatQrCode = defineEndpoint({
  id: 'getWechatQrCode',
  method: 'GET',
  path: '/auth/qrCodeFirstLogin/getQrCode',
  auth: 'optional',
  summary: 'A WeChat QR for login, or for binding when purpose=bind and a user is signed in (valid 5 minutes)',
  tag: 'wechat',
  query: z.object({ purpose: z.enum(['login', 'bind']).default('login') }),
  data: z.object({ url: z.string(), sceneStr: z.string(), expiresIn: z.number().int(), sandbox: z.boolean() }),
});

export const scanLogin = defineEndpoint({
  id: 'scanLogin',
  method: 'POST',
  path: '/auth/user/scanLogin',
  auth: 'none',
  summary:
    "Polled every 3 s: msg '0' with a token when a known WeChat user scanned; data 1 when the WeChat user is new " +
    '(bind a phone next); data 0 while waiting; 409 once the QR expired',
  tag: 'wechat',
  query: z.object({ eventKey: eventKeySchema }),
  data: z.union([z.object({ access_token: z.string(), expires_in: z.number().int() }), z.literal(0), z.literal(1)]),
});

export const getWechatInfo = defineEndpoint({
  id: 'getWechatInfo',
  method: 'GET',
  path: '/auth/user/selectWeChatInfo',
  auth: 'user',
  summary: 'Whether a WeChat account is bound to the current user',
  tag: 'wechat',
  data: z.object({ bound: z.boolean(), nickName: z.string().nullable(), boundAt: z.string().nullable() }),
});

export const bindWechat = defineEndpoint({
  id: 'bindWechat',
  method: 'POST',
  path: '/auth/user/bindWeChatInfo',
  auth: 'user',
  summary: 'Bind the WeChat that scanned a bind QR to the current user (409 when bound to another user)',
  tag: 'wechat',
  query: z.object({ eventKey: eventKeySchema }),
  data: z.union([z.object({ bound: z.literal(true), nickName: z.string().nullable() }), z.literal(0)]),
});

export const unbindWechat = defineEndpoint({
  id: 'unbindWechat',
  method: 'POST',
  path: '/auth/user/updateTweChatInfo',
  auth: 'user',
  summary: 'Unbind WeChat from the current user (refused when it is the only way to log in)',
  tag: 'wechat',
  data: z.null(),
});
