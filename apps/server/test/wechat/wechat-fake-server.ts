import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_APP = { appId: 'wx-fake-app', secret: 'fake-secret', token: 'fake-push-token' };

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local stand-in for api.weixin.qq.com (STYLE habit 9: fake only at the process boundary): the access_token and
 * qrcode/create calls, checking the app's credentials and the token the way WeChat does.
 */
export async function startFakeWechat() {
  const state = {
    tokenCalls: 0,
    qrCalls: [] as { accessToken: string | null; body: Record<string, unknown> }[],
    validToken: null as string | null,
    down: false,
  };
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (state.down) {
        return send(502, { message: 'bad gateway' });
      }
      if (request.method === 'GET' && url.pathname === '/cgi-bin/token') {
        const query = url.searchParams;
        const valid =
          query.get('grant_type') === 'client_credential' &&
          query.get('appid') === FAKE_APP.appId &&
          query.get('secret') === FAKE_APP.secret;
        if (!valid) {
          return send(200, { errcode: 40125, errmsg: 'invalid appsecret' });
        }
        state.tokenCalls += 1;
        state.validToken = `access-token-${state.tokenCalls}`;
        return send(200, { access_token: state.validToken, expires_in: 7200 });
      }
      if (request.method === 'POST' && url.pathname === '/cgi-bin/qrcode/create') {
        const body = JSON.parse(await readBody(request)) as Record<string, unknown>;
        const accessToken = url.searchParams.get('access_token');
        state.qrCalls.push({ accessToken, body });
        if (!accessToken || accessToken !== state.validToken) {
          return send(200, { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
        }
        const scene = (body.action_info as { scene: { scene_str: string } }).scene.scene_str;
        return send(200, {
          ticket: `gQH+/${scene}==`,
          expire_seconds: body.expire_seconds,
          url: 'http://weixin.qq.com/q/x',
        });
      }
      send(404, { errcode: -1 });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The query WeChat puts on each push: sha1 of token, timestamp and nonce, sorted and joined. */
export function signedEventQuery(token: string, options: { timestamp?: number; nonce?: string } = {}) {
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = options.nonce ?? String(Math.floor(Math.random() * 1e9));
  const signature = createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
  return new URLSearchParams({ signature, timestamp, nonce });
}

export function scanEventXml(options: { openId: string; event: 'SCAN' | 'subscribe'; eventKey: string }) {
  return `<xml>
<ToUserName><![CDATA[gh_fake]]></ToUserName>
<FromUserName><![CDATA[${options.openId}]]></FromUserName>
<CreateTime>${Math.floor(Date.now() / 1000)}</CreateTime>
<MsgType><![CDATA[event]]></MsgType>
<Event><![CDATA[${options.event}]]></Event>
<EventKey><![CDATA[${options.eventKey}]]></EventKey>
<Ticket><![CDATA[gQH-ticket]]></Ticket>
</xml>`;
}
