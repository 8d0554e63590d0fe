import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_APP_CODE = 'fake-app-code';

export interface ReceivedCheck {
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

type Behaviour = 'answer' | 'status500' | 'code500' | 'code400' | 'notJson' | 'hang';

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local identity-verification service with the documented exchange (providers/real-name/http.ts): it knows a
 * list of people, answers match or mismatch, or misbehaves as told.
 */
export async function startFakeIdentityService() {
  const state = {
    people: new Map<string, string>(),
    received: [] as ReceivedCheck[],
    behaviour: 'answer' as Behaviour,
  };
  const hanging: ServerResponse[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
      state.received.push({
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        form,
      });
      const json = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      switch (state.behaviour) {
        case 'hang':
          hanging.push(response);
          return;
        case 'status500':
          return json(500, { message: 'internal' });
        case 'code500':
          return json(200, { code: 500, msg: 'upstream failure' });
        case 'code400':
          return json(200, { code: 400, msg: 'invalid id number' });
        case 'notJson':
          response.writeHead(200, { 'content-type': 'text/html' });
          return response.end('<html>maintenance</html>');
        default: {
          const known = request.headers.authorization === `APPCODE ${FAKE_APP_CODE}`;
          if (!known) {
            return json(401, { message: 'invalid AppCode' });
          }
          const match = form.idCard !== undefined && state.people.get(form.idCard) === form.name;
          return json(200, { code: 200, msg: 'ok', result: { match } });
        }
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/verify`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        hanging.forEach((response) => response.destroy());
        server.close(() => resolve());
      }),
  };
}
