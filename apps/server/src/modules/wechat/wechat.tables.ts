import { pgTable, text } from 'drizzle-orm/pg-core';
import { at, id } from '../../db/columns.js';
import type { UserId } from '../../db/ids.js';

export const wechatScenes = pgTable('wechat_scenes', {
  sceneStr: text('scene_str').primaryKey(),
  purpose: text('purpose', { enum: ['login', 'bind'] }).notNull(),
  userId: id('user_id').$type<UserId>(),
  status: text('status', { enum: ['pending', 'scanned', 'consumed'] }).notNull(),
  openId: text('open_id'),
  wechatNickName: text('wechat_nick_name'),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  scannedAt: at('scanned_at'),
  consumedAt: at('consumed_at'),
});
