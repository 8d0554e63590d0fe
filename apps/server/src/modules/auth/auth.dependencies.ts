import type { MailProvider } from '../../providers/mail/index.js';
import type { SmsProvider } from '../../providers/sms/index.js';
import type { Platform } from '../../platform.js';
import type { SessionsService } from '../sessions/index.js';
import type { UsersService } from '../users/index.js';
import type { WechatService } from '../wechat/index.js';

/** What the auth module's constructor receives from app.ts; its services take the parts they use. */
export interface AuthDependencies extends Platform {
  users: UsersService;
  sessions: SessionsService;
  wechat: WechatService;
  sms: SmsProvider;
  mail: MailProvider;
}
