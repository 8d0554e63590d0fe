import { auth, translate } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { route, withMsg } from '../../http/endpoints.js';
import type { AuthDependencies } from './auth.dependencies.js';
import { captchaService } from './captcha.service.js';
import { codesService } from './codes.service.js';
import { credentialsService } from './credentials.service.js';
import { emailChangeService } from './email-change.service.js';
import { localFlag } from './location.js';
import { loginService } from './login.service.js';
import { registrationService } from './registration.service.js';
import { normalizeAccount, scanSignIn } from './sign-in.js';

export const authRoutes = (deps: AuthDependencies) => async (app: FastifyInstance) => {
  const { db, clock, config, sessions } = deps;
  const captcha = captchaService({ db, clock, enabled: config.security.captcha });
  const scan = scanSignIn(deps);
  const codes = codesService(deps, { captcha });
  const registration = registrationService(deps, { scan });
  const login = loginService(deps, { captcha, scan });
  const credentials = credentialsService(deps);
  const emailChange = emailChangeService(deps);

  route(app, auth.getCaptcha, () => captcha.create());
  route(app, auth.checkLocation, async (_input, { headers }) => localFlag(headers));

  route(app, auth.sendSmsCode, async ({ query, body }, request) => {
    const { ip } = request;
    const target = { channel: 'sms' as const, target: body.phone, purpose: body.type };
    await codes.send({ ...target, ip, userId: request.userId, locale: request.locale }, query);
    return withMsg(null, translate(request.locale, 'auth.codeSentSms'));
  });
  route(app, auth.sendEmailCode, async ({ query, body }, request) => {
    const { ip } = request;
    const email = body.email === undefined ? undefined : normalizeAccount(body.email);
    const target = { channel: 'email' as const, target: email, purpose: body.type };
    await codes.send({ ...target, ip, userId: request.userId, locale: request.locale }, query);
    return withMsg(null, translate(request.locale, 'auth.codeSentEmail'));
  });

  route(app, auth.registerByPhone, ({ query, body }, { ip }) =>
    registration.registerByPhone({ ...body, phone: body.phonenumber, code: body.verificationCode, ...query, ip }),
  );
  route(app, auth.registerByEmail, ({ query, body }, { ip }) =>
    registration.registerByEmail({ ...body, email: body.mail, code: body.emailCode, ...query, ip }),
  );
  route(app, auth.getUserByPhoneNumber, ({ query }, { ip }) => login.isRegistered(query.phoneNumber, ip));
  route(app, auth.getUserByMail, ({ query }, { ip }) => login.isRegistered(query.mail, ip));
  route(app, auth.loginByPassword, ({ body }, { ip }) => login.loginByPassword({ ...body, captcha: body, ip }));
  route(app, auth.loginByCode, ({ body }, { ip }) => login.loginByCode({ ...body, code: body.verificationCode, ip }));

  route(app, auth.forgetPassword, async ({ body }, { ip }) => {
    await credentials.forgetPassword({ ...body, code: body.verificationCode, ip });
    return null;
  });
  route(app, auth.getIsPwd, (_input, request) => credentials.hasPassword(request.userId));
  route(app, auth.updatePassword, async ({ body }, request) => {
    await credentials.updatePassword(request, body);
    return null;
  });
  route(app, auth.updatePhone, async ({ body }, request) => {
    const { phonenumber: phone, verificationCode: code, oldPhoneCode } = body;
    await credentials.updatePhone(request.userId, { phone, code, oldPhoneCode });
    return null;
  });
  route(app, auth.updateEmail, async ({ body }, request) => {
    const { emailCode: code, oldEmailCode } = body;
    await emailChange.updateEmail(request.userId, { email: normalizeAccount(body.email), code, oldEmailCode });
    return null;
  });
  route(app, auth.logout, async (_input, request) => {
    await sessions.revoke(db, request);
    return null;
  });
};
